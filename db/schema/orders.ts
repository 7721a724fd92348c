import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { carts } from "./cart.ts";
import { products, variants } from "./catalog.ts";

export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A checkout attempt is written as "charging", in the same transaction that reserves its stock and before
 * the provider is asked for money, so a crash at any later point leaves a record the sweeper reconciles
 * with the provider. It ends completed (the order exists), failed or expired (no money kept, stock
 * released), or refunding -> refunded (paid when its stock was gone: the payment is given back).
 * "reserved" is the state of attempts written before charging was recorded; new ones never take it.
 * Reserved and charging attempts hold stock until reservedUntil; refunding and refunded ones hold none.
 */
export const CHECKOUT_STATUSES = ["reserved", "charging", "completed", "failed", "expired", "refunding", "refunded"] as const;
/** The states in which an attempt holds reserved stock. */
export const HOLDING_STATUSES = ["reserved", "charging"] as const satisfies readonly CheckoutStatus[];
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const PAYMENT_PROVIDERS = ["test", "stripe"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export interface PostalAddress {
  /** The name on the address (billing: the card holder). */
  name: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** What an attempt reserved and will sell: prices copied from the catalogue when the order was placed. */
export interface CheckoutLine {
  variantId: number;
  productId: number;
  slug: string;
  name: string;
  sku: string;
  size: string | null;
  color: string | null;
  image: string;
  unitPriceCents: number;
  quantity: number;
}

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * One press of "Pay": its idempotency key (made when the checkout page was rendered) is unique, so a
 * double click, a resubmitted form or a retried request finds the attempt already there instead of
 * charging again.
 */
export const checkoutAttempts = pgTable(
  "checkout_attempts",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cartId: text("cart_id").references(() => carts.id, { onDelete: "set null" }),
    status: text("status").$type<CheckoutStatus>().notNull().default("charging"),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    lines: jsonb("lines").$type<CheckoutLine[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    customerEmail: text("customer_email").notNull(),
    billingAddress: jsonb("billing_address").$type<PostalAddress>().notNull(),
    /** Where it ships; null when nothing in it ships (event tickets only, ADR 0018). */
    shippingAddress: jsonb("shipping_address").$type<PostalAddress>(),
    /** The provider's payment (a test charge id, or a Stripe PaymentIntent id). */
    paymentId: text("payment_id").unique(),
    /** Stripe: handed to the browser so Stripe Elements can confirm the PaymentIntent. */
    clientSecret: text("client_secret"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** The shipping address folded for matching (line 1, postal code, country; ADR 0033); null without a street. */
    addressKey: text("address_key"),
    /** The card's fingerprint where the provider gives one (Stripe's card.fingerprint; the test processor's hash of the number). */
    cardFingerprint: text("card_fingerprint"),
    failureMessage: text("failure_message"),
    /**
     * A digest of what was submitted (the billing and shipping fields, the card's fingerprint and expiry; never
     * the number): the same form sent again with the same content is this attempt, sent with other content after
     * this attempt failed it is a new one (ADR 0038). Null on attempts made before it was kept.
     */
    submissionDigest: text("submission_digest"),
    /** When the provider was first asked for the money: an attempt charging for long lost its process. */
    chargeStartedAt: timestamp("charge_started_at", { withTimezone: true }),
    /** Held stock is released by the sweeper once this passes without a completed payment. */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }).notNull(),
    /** The visit that paid (its anonymous session id, null when not tracked, and web or mobile): the purchase event carries them. */
    visitSessionId: text("visit_session_id"),
    visitSource: text("visit_source").notNull().default("web"),
    ...stamps,
  },
  (t) => [
    check(
      "checkout_attempts_status_check",
      sql`${t.status} in ('reserved', 'charging', 'completed', 'failed', 'expired', 'refunding', 'refunded')`,
    ),
    check("checkout_attempts_provider_check", sql`${t.provider} in ('test', 'stripe')`),
    check("checkout_attempts_amounts_check", sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.shippingCents} >= 0 and ${t.totalCents} >= 0`),
    index("checkout_attempts_holding_idx").on(t.reservedUntil).where(sql`${t.status} in ('reserved', 'charging')`),
    index("checkout_attempts_refunding_idx").on(t.updatedAt).where(sql`${t.status} = 'refunding'`),
    index("checkout_attempts_user_idx").on(t.userId, t.createdAt),
    index("checkout_attempts_address_key_idx").on(t.addressKey).where(sql`${t.addressKey} is not null`),
    index("checkout_attempts_card_fingerprint_idx").on(t.cardFingerprint).where(sql`${t.cardFingerprint} is not null`),
  ],
);

/**
 * An order is a snapshot: its lines copy name, SKU, options and the unit price at the time, so it reads
 * the same when the product is later changed or removed. One order per checkout attempt (unique).
 */
export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** The number a shopper reads and quotes ("EH-100001"). */
    number: integer("number").notNull().unique().generatedAlwaysAsIdentity({ startWith: 100001 }),
    checkoutAttemptId: text("checkout_attempt_id")
      .notNull()
      .unique()
      .references(() => checkoutAttempts.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    billingAddress: jsonb("billing_address").$type<PostalAddress>().notNull(),
    /** Where it ships; null when nothing in it ships (event tickets only, ADR 0018). */
    shippingAddress: jsonb("shipping_address").$type<PostalAddress>(),
    paymentProvider: text("payment_provider").$type<PaymentProviderName>().notNull(),
    paymentId: text("payment_id").notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** The shipping address folded for matching (line 1, postal code, country; ADR 0033); null without a street. */
    addressKey: text("address_key"),
    /** The card's fingerprint where the provider gives one (Stripe's card.fingerprint; the test processor's hash of the number). */
    cardFingerprint: text("card_fingerprint"),
    trackingNumber: text("tracking_number"),
    /** The carrier the order was shipped with (set with the tracking number). */
    carrier: text("carrier"),
    refundId: text("refund_id"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`),
    check("orders_amounts_check", sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.shippingCents} >= 0 and ${t.totalCents} >= 0`),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status),
    index("orders_created_idx").on(t.createdAt),
    index("orders_address_key_idx").on(t.addressKey).where(sql`${t.addressKey} is not null`),
    index("orders_card_fingerprint_idx").on(t.cardFingerprint).where(sql`${t.cardFingerprint} is not null`),
    /**
     * The analytics Sales tab's customer figures read each customer's paid orders (first, count, spent) from
     * this index alone. Paid here is PAID_STATUSES (core/orders/rules.ts) and not refunded whole.
     */
    index("orders_paid_user_idx")
      .on(t.userId, t.createdAt, t.totalCents)
      .where(sql`${t.status} in ('processing', 'shipped', 'delivered') and ${t.refundedAt} is null`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Kept while the product exists; the snapshot columns below keep the line readable after. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    productSlug: text("product_slug").notNull(),
    name: text("name").notNull(),
    sku: text("sku").notNull(),
    size: text("size"),
    color: text("color"),
    image: text("image").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
  },
  (t) => [
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    check("order_items_price_check", sql`${t.unitPriceCents} >= 0`),
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
  ],
);

/** Every status an order has had, with who changed it and when (the first row is the order's creation). */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>().notNull(),
    /** A user id, or "system" for the store's own steps (payment, the sweeper). */
    actor: text("actor").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * The local test card processor's ledger (PAYMENT_PROVIDER=test): one charge per idempotency key.
 * Card numbers are never stored: only brand and last 4.
 */
export const testCharges = pgTable(
  "test_charges",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<"succeeded" | "failed">().notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("test_charges_status_check", sql`${t.status} in ('succeeded', 'failed')`),
    check("test_charges_refund_check", sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

/** Provider webhook events already handled: a duplicate delivery finds its id here and changes nothing. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
