import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartItems, checkoutAttempts, orders, type CheckoutLine, type PostalAddress } from "../../db/schema/index.ts";
import { getCart } from "../cart/queries.ts";
import { commitReservation, InsufficientStockError, releaseReservation, reserveStock } from "../inventory/index.ts";
import { insertPaidOrder } from "../orders/create.ts";
import { orderAmounts } from "../orders/rules.ts";
import type { CardInput, PaymentProvider } from "../payments/provider.ts";
import { CURRENCY } from "../shared/money.ts";
import { newToken } from "../shared/ids.ts";
import { CheckoutError, emptyCart } from "./errors.ts";
import { CHECKOUT_MESSAGES, type BillingInput } from "./inputs.ts";
import { DUPLICATE_WAIT_MS, SWEEP_BATCH } from "./rules.ts";

export interface CheckoutDeps {
  db: Db;
  payments: PaymentProvider;
  /** How long an unpaid checkout holds its stock. */
  holdTtlMs: number;
  now?: () => Date;
  /** Called for what went wrong outside the shopper's control (a provider outage, a failed cancel). */
  onError?: (error: unknown, what: string) => void;
}

export interface ShortLine {
  variantId: number;
  name: string;
  size: string | null;
  color: string | null;
  requested: number;
  available: number;
}

/** What the shopper sees after an order was paid for: also what the confirmation mail says. */
export interface Receipt {
  orderId: string;
  orderNumber: number;
  customerEmail: string;
  customerName: string;
  lines: CheckoutLine[];
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

export type PlaceOrderResult =
  /** `fresh` is true for the request that created the order (it sends the confirmation mail). */
  | { kind: "completed"; attemptId: string; receipt: Receipt; fresh: boolean }
  | { kind: "failed"; attemptId: string; message: string }
  | { kind: "insufficient_stock"; lines: ShortLine[] }
  | { kind: "requires_confirmation"; attemptId: string; clientSecret: string; totalCents: number }
  | { kind: "in_progress"; attemptId: string };

export interface PlaceOrderInput {
  userId: string;
  cartId: string | null;
  idempotencyKey: string;
  billing: BillingInput;
  /** The test provider's card; Stripe's is confirmed in the browser. */
  card?: CardInput | undefined;
}

type Attempt = typeof checkoutAttempts.$inferSelect;

function addressOf(billing: BillingInput): PostalAddress {
  return {
    name: billing.fullName,
    street: billing.street,
    city: billing.city,
    state: billing.state,
    zipCode: billing.zipCode,
    country: billing.country,
  };
}

async function attemptByKey(db: Db, key: string): Promise<Attempt | undefined> {
  const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key));
  return row;
}

type Claim = { kind: "claimed"; attempt: Attempt } | { kind: "taken" } | { kind: "empty" } | { kind: "short"; lines: ShortLine[] };

/**
 * Step 1: in one transaction, price the cart from the database, record the attempt under its
 * idempotency key and reserve every line (all or nothing). A concurrent attempt with the same key waits
 * on the unique index and then finds it taken; a shortfall rolls the attempt back with the stock.
 */
async function claimAttempt(deps: CheckoutDeps, input: PlaceOrderInput, now: Date): Promise<Claim> {
  if (await attemptByKey(deps.db, input.idempotencyKey)) return { kind: "taken" };
  let cartLines: Awaited<ReturnType<typeof getCart>>["lines"] = [];
  try {
    return await deps.db.transaction(async (tx): Promise<Claim> => {
      const cart = await getCart(tx, input.cartId);
      cartLines = cart.lines;
      if (cart.lines.length === 0) return { kind: "empty" };
      const lines: CheckoutLine[] = cart.lines.map((l) => ({
        variantId: l.variantId,
        productId: l.productId,
        slug: l.slug,
        name: l.name,
        sku: l.sku,
        size: l.size,
        color: l.color,
        image: l.image,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
      }));
      const address = addressOf(input.billing);
      const id = newToken(16);
      const [attempt] = await tx
        .insert(checkoutAttempts)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          userId: input.userId,
          cartId: input.cartId,
          status: "reserved",
          provider: deps.payments.name,
          lines,
          ...orderAmounts(lines),
          currency: CURRENCY,
          customerEmail: input.billing.email,
          billingAddress: address,
          shippingAddress: address,
          reservedUntil: new Date(now.getTime() + deps.holdTtlMs),
        })
        .onConflictDoNothing({ target: checkoutAttempts.idempotencyKey })
        .returning();
      if (!attempt) return { kind: "taken" };
      await reserveStock(tx, lines, { actor: input.userId, reason: `Reserved for checkout ${id}` });
      return { kind: "claimed", attempt };
    });
  } catch (error) {
    if (!(error instanceof InsufficientStockError)) throw error;
    return {
      kind: "short",
      lines: error.lines.map((s) => {
        const line = cartLines.find((l) => l.variantId === s.variantId);
        return { ...s, name: line?.name ?? "", size: line?.size ?? null, color: line?.color ?? null };
      }),
    };
  }
}

/**
 * Places the order for the shopper's cart: validate against the database, reserve stock (with an
 * expiry), take payment, then create the order and commit the stock. A failure undoes the earlier steps.
 * Idempotent on input.idempotencyKey: a repeat gets the first attempt's outcome and never a second charge.
 */
export async function placeOrder(deps: CheckoutDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const now = deps.now?.() ?? new Date();
  const claim = await claimAttempt(deps, input, now);
  if (claim.kind === "short") return { kind: "insufficient_stock", lines: claim.lines };
  if (claim.kind === "empty") {
    // The cart may have just been emptied by this very attempt, finished in another request.
    if (await attemptByKey(deps.db, input.idempotencyKey)) return awaitExisting(deps, input);
    throw emptyCart();
  }
  if (claim.kind === "taken") return awaitExisting(deps, input);

  const attempt = claim.attempt;
  if (deps.payments.name === "test") {
    await deps.db.update(checkoutAttempts).set({ status: "paying", updatedAt: new Date() }).where(and(eq(checkoutAttempts.id, attempt.id), eq(checkoutAttempts.status, "reserved")));
  }
  let outcome;
  try {
    outcome = await deps.payments.startPayment({
      amountCents: attempt.totalCents,
      currency: attempt.currency,
      idempotencyKey: attempt.idempotencyKey,
      description: `East Harlem checkout ${attempt.id}`,
      customerEmail: attempt.customerEmail,
      attemptId: attempt.id,
      card: input.card,
    });
  } catch (error) {
    deps.onError?.(error, "payment provider call failed");
    await failAttempt(deps.db, attempt.id, CHECKOUT_MESSAGES.paymentFailed);
    return { kind: "failed", attemptId: attempt.id, message: CHECKOUT_MESSAGES.paymentFailed };
  }
  if (outcome.status === "failed") {
    await failAttempt(deps.db, attempt.id, outcome.message || CHECKOUT_MESSAGES.paymentFailed, outcome.paymentId);
    return { kind: "failed", attemptId: attempt.id, message: outcome.message || CHECKOUT_MESSAGES.paymentFailed };
  }
  if (outcome.status === "requires_confirmation") {
    await deps.db
      .update(checkoutAttempts)
      .set({ paymentId: outcome.paymentId, clientSecret: outcome.clientSecret, updatedAt: new Date() })
      .where(eq(checkoutAttempts.id, attempt.id));
    return { kind: "requires_confirmation", attemptId: attempt.id, clientSecret: outcome.clientSecret, totalCents: attempt.totalCents };
  }
  const settled = await settleAttempt(deps, attempt.id, { paymentId: outcome.paymentId, brand: outcome.brand, last4: outcome.last4 });
  if (settled.kind === "refunded") return { kind: "failed", attemptId: attempt.id, message: settled.message };
  return { kind: "completed", attemptId: attempt.id, receipt: settled.receipt, fresh: settled.fresh };
}

/** The outcome of an attempt placed before under this key, waiting a moment if it is still running. */
async function awaitExisting(deps: CheckoutDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const deadline = Date.now() + DUPLICATE_WAIT_MS;
  for (;;) {
    const attempt = await attemptByKey(deps.db, input.idempotencyKey);
    if (!attempt) throw new CheckoutError("checkout.attempt_not_found", CHECKOUT_MESSAGES.paymentFailed);
    if (attempt.userId !== input.userId) {
      throw new CheckoutError("checkout.key_conflict", "This checkout form has expired. Please try again.");
    }
    const outcome = await attemptOutcome(deps.db, attempt);
    if (outcome.kind !== "in_progress" || Date.now() > deadline) return outcome;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Where an attempt stands, as the shopper should hear it. */
export async function attemptOutcome(db: Db, attempt: Attempt): Promise<PlaceOrderResult> {
  switch (attempt.status) {
    case "completed": {
      const receipt = await receiptFor(db, attempt);
      if (!receipt) return { kind: "in_progress", attemptId: attempt.id };
      return { kind: "completed", attemptId: attempt.id, receipt, fresh: false };
    }
    case "failed":
      return { kind: "failed", attemptId: attempt.id, message: attempt.failureMessage ?? CHECKOUT_MESSAGES.paymentFailed };
    case "expired":
      return { kind: "failed", attemptId: attempt.id, message: attempt.failureMessage ?? CHECKOUT_MESSAGES.reservationExpired };
    default:
      if (attempt.clientSecret) {
        return { kind: "requires_confirmation", attemptId: attempt.id, clientSecret: attempt.clientSecret, totalCents: attempt.totalCents };
      }
      return { kind: "in_progress", attemptId: attempt.id };
  }
}

async function receiptFor(db: Db, attempt: Attempt): Promise<Receipt | null> {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, customerName: orders.customerName })
    .from(orders)
    .where(eq(orders.checkoutAttemptId, attempt.id));
  if (!order) return null;
  return toReceipt(attempt, order);
}

function toReceipt(attempt: Attempt, order: { id: string; number: number; customerName: string }): Receipt {
  return {
    orderId: order.id,
    orderNumber: order.number,
    customerEmail: attempt.customerEmail,
    customerName: order.customerName,
    lines: attempt.lines,
    subtotalCents: attempt.subtotalCents,
    taxCents: attempt.taxCents,
    shippingCents: attempt.shippingCents,
    totalCents: attempt.totalCents,
  };
}

export type SettleResult = { kind: "completed"; receipt: Receipt; fresh: boolean } | { kind: "refunded"; message: string };

export const SOLD_OUT_REFUNDED =
  "Your payment arrived after your reservation ended and the items sold out, so it was refunded in full.";

/**
 * Step 3, after the provider took the money, in one transaction: the order (pending, then processing),
 * the sale of the reserved stock, the bought lines out of the cart, the attempt completed. Settling
 * twice changes nothing. If the hold had already been let go (a late webhook), the stock is reserved
 * again; when it is gone, the payment is refunded instead.
 */
export async function settleAttempt(
  deps: CheckoutDeps,
  attemptId: string,
  payment: { paymentId: string; brand: string | null; last4: string | null },
): Promise<SettleResult> {
  const result = await deps.db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId)).for("update");
    if (!attempt) throw new CheckoutError("checkout.attempt_not_found", "That checkout was not found.", { attemptId });
    if (attempt.status === "completed") {
      const receipt = await receiptFor(tx, attempt);
      if (!receipt) throw new Error(`completed checkout ${attemptId} has no order`);
      return { kind: "completed" as const, receipt, fresh: false };
    }
    if (attempt.status === "failed" || attempt.status === "expired") {
      try {
        await reserveStock(tx, attempt.lines, { actor: "system", reason: `Reserved again for late payment of checkout ${attempt.id}` });
      } catch (error) {
        if (error instanceof InsufficientStockError) return { kind: "refund" as const, attempt };
        throw error;
      }
    }
    const order = await insertPaidOrder(tx, {
      checkoutAttemptId: attempt.id,
      userId: attempt.userId,
      customerEmail: attempt.customerEmail,
      currency: attempt.currency,
      billingAddress: attempt.billingAddress,
      shippingAddress: attempt.shippingAddress,
      lines: attempt.lines,
      subtotalCents: attempt.subtotalCents,
      taxCents: attempt.taxCents,
      shippingCents: attempt.shippingCents,
      totalCents: attempt.totalCents,
      paymentProvider: attempt.provider,
      paymentId: payment.paymentId,
      cardBrand: payment.brand,
      cardLast4: payment.last4,
    });
    await commitReservation(tx, attempt.lines, { orderId: order.id, actor: "system", reason: `Sold: order EH-${order.number}` });
    if (attempt.cartId) {
      const bought = attempt.lines.map((l) => l.variantId);
      await tx.delete(cartItems).where(and(eq(cartItems.cartId, attempt.cartId), inArray(cartItems.variantId, bought)));
    }
    await tx
      .update(checkoutAttempts)
      .set({
        status: "completed",
        paymentId: payment.paymentId,
        cardBrand: payment.brand,
        cardLast4: payment.last4,
        failureMessage: null,
        updatedAt: new Date(),
      })
      .where(eq(checkoutAttempts.id, attempt.id));
    return { kind: "completed" as const, receipt: toReceipt(attempt, { ...order, customerName: attempt.billingAddress.name }), fresh: true };
  });
  if (result.kind !== "refund") return result;
  await deps.payments.refund(payment.paymentId, result.attempt.totalCents, `refund:${attemptId}`);
  await deps.db
    .update(checkoutAttempts)
    .set({ paymentId: payment.paymentId, failureMessage: SOLD_OUT_REFUNDED, updatedAt: new Date() })
    .where(eq(checkoutAttempts.id, attemptId));
  return { kind: "refunded", message: SOLD_OUT_REFUNDED };
}

/**
 * A payment that failed: the reservation is released, the cart stays as it was, the message is kept
 * for the banner. An attempt already completed is left alone (a failure reported after the success).
 */
export async function failAttempt(db: Db, attemptId: string, message: string, paymentId: string | null = null): Promise<void> {
  await endAttempt(db, attemptId, "failed", message, paymentId);
}

async function endAttempt(db: Db, attemptId: string, status: "failed" | "expired", message: string, paymentId: string | null, skipLocked = false) {
  return db.transaction(async (tx) => {
    const query = tx
      .select()
      .from(checkoutAttempts)
      .where(and(eq(checkoutAttempts.id, attemptId), inArray(checkoutAttempts.status, ["reserved", "paying"])));
    const [attempt] = skipLocked ? await query.for("update", { skipLocked: true }) : await query.for("update");
    if (!attempt) return null;
    await releaseReservation(tx, attempt.lines, { actor: "system", reason: status === "expired" ? "Reservation expired" : "Payment failed" });
    await tx
      .update(checkoutAttempts)
      .set({ status, failureMessage: message, paymentId: attempt.paymentId ?? paymentId, updatedAt: new Date() })
      .where(eq(checkoutAttempts.id, attemptId));
    return attempt;
  });
}

/**
 * The sweeper: releases the stock of checkouts whose hold ran out without a completed payment. Safe
 * when several app processes sweep at once: each attempt is taken under a row lock that the others
 * skip, and only while it is still holding. Returns how many it released.
 */
export async function releaseExpiredReservations(deps: CheckoutDeps, limit = SWEEP_BATCH): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const due = await deps.db
    .select({ id: checkoutAttempts.id })
    .from(checkoutAttempts)
    .where(and(inArray(checkoutAttempts.status, ["reserved", "paying"]), lt(checkoutAttempts.reservedUntil, now)))
    .orderBy(checkoutAttempts.reservedUntil)
    .limit(limit);
  let released = 0;
  for (const { id } of due) {
    const attempt = await endAttempt(deps.db, id, "expired", CHECKOUT_MESSAGES.reservationExpired, null, true);
    if (!attempt) continue;
    released += 1;
    // A PaymentIntent left unconfirmed is abandoned at the provider too, so it cannot be paid later.
    if (attempt.paymentId && attempt.provider === deps.payments.name) {
      await deps.payments.cancel(attempt.paymentId).catch((error: unknown) => deps.onError?.(error, "could not cancel an expired payment"));
    }
  }
  return released;
}

/** The attempt behind a provider's payment id (the webhook's way in). */
export async function attemptByPaymentId(db: Db, paymentId: string): Promise<Attempt | undefined> {
  const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.paymentId, paymentId));
  return row;
}

export async function attemptById(db: Db, attemptId: string): Promise<Attempt | undefined> {
  const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId));
  return row;
}

/** Stock still held by unfinished checkouts (for tests and the admin). */
export async function heldAttemptCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkoutAttempts)
    .where(inArray(checkoutAttempts.status, ["reserved", "paying"]));
  return row?.n ?? 0;
}
