import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { checkoutAttempts, orders } from "./orders.ts";

/**
 * A promotion (core/promotions, ADR 0049): what it takes off (kind and amount), when and for whom it applies,
 * and how often. An automatic one applies by itself; the others apply through one of their codes.
 * `uses` counts the uses held by checkouts in progress and those paid, across all its codes; the checkout
 * raises it with a conditional update, so the last use is taken once (ADR 0049).
 */
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind").$type<"percent" | "fixed" | "free_shipping" | "buy_x_get_y">().notNull(),
    automatic: boolean("automatic").notNull().default(false),
    percentBasisPoints: integer("percent_basis_points").notNull().default(0),
    amountCents: integer("amount_cents").notNull().default(0),
    buyQuantity: integer("buy_quantity").notNull().default(0),
    getQuantity: integer("get_quantity").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    paused: boolean("paused").notNull().default(false),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    coversAll: boolean("covers_all").notNull().default(true),
    productIds: integer("product_ids").array().notNull().default(sql`'{}'::integer[]`),
    collectionIds: integer("collection_ids").array().notNull().default(sql`'{}'::integer[]`),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    /** Only these customers: lower-case emails or account ids; empty, everyone. */
    customers: text("customers").array().notNull().default(sql`'{}'::text[]`),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    uses: integer("uses").notNull().default(0),
    combines: boolean("combines").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("promotions_kind_check", sql`${t.kind} in ('percent', 'fixed', 'free_shipping', 'buy_x_get_y')`),
    check("promotions_percent_check", sql`${t.percentBasisPoints} between 0 and 10000`),
    check("promotions_amount_check", sql`${t.amountCents} >= 0`),
    check("promotions_quantities_check", sql`${t.buyQuantity} >= 0 and ${t.getQuantity} >= 0`),
    check("promotions_window_check", sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check("promotions_min_subtotal_check", sql`${t.minSubtotalCents} >= 0`),
    check("promotions_uses_check", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check("promotions_max_uses_check", sql`(${t.maxUses} is null or ${t.maxUses} >= 0) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} >= 1)`),
  ],
);

/** A promotion's code, as shoppers type it (stored upper-case); a batch of single-use codes has max_uses 1 each. */
export const promotionCodes = pgTable(
  "promotion_codes",
  {
    id: serial("id").primaryKey(),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("promotion_codes_promotion_idx").on(t.promotionId),
    check("promotion_codes_code_check", sql`${t.code} ~ '^[A-Z0-9][A-Z0-9-]{2,31}$'`),
    check("promotion_codes_uses_check", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

/**
 * A use of a promotion: held by a checkout while it is paid (`held`), spent by its order (`used`), or given
 * back when the checkout failed or expired (`released`). What it took off the order is kept with it.
 */
export const promotionUses = pgTable(
  "promotion_uses",
  {
    id: serial("id").primaryKey(),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "restrict" }),
    codeId: integer("code_id").references(() => promotionCodes.id, { onDelete: "restrict" }),
    attemptId: text("attempt_id")
      .notNull()
      .references(() => checkoutAttempts.id, { onDelete: "cascade" }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    customerEmail: text("customer_email").notNull(),
    discountCents: integer("discount_cents").notNull(),
    state: text("state").$type<"held" | "used" | "released">().notNull().default("held"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promotion_uses_attempt_promotion_idx").on(t.attemptId, t.promotionId),
    index("promotion_uses_customer_idx").on(t.promotionId, t.userId),
    check("promotion_uses_state_check", sql`${t.state} in ('held', 'used', 'released')`),
    check("promotion_uses_discount_check", sql`${t.discountCents} >= 0`),
  ],
);
