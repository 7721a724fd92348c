/** After the provider answered: settle a paid attempt into an order, or end a failed one and release its stock. */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartItems, checkoutAttempts } from "../../db/schema/index.ts";
import { commitReservation, InsufficientStockError, releaseReservation, reserveStock } from "../inventory/index.ts";
import { insertPaidOrder } from "../orders/create.ts";
import type { CheckoutDeps } from "./commands.ts";
import { CheckoutError } from "./errors.ts";
import { receiptFor, toReceipt, type Attempt, type Receipt } from "./queries.ts";

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
  payment: SettlePayment,
): Promise<SettleResult> {
  const result = await deps.db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId)).for("update");
    if (!attempt) throw new CheckoutError("checkout.attempt_not_found", "That checkout was not found.", { attemptId });
    return settleLockedAttempt(tx, attempt, payment);
  });
  if (result.kind !== "refund") return result;
  return refundLatePayment(deps, result.attempt, payment.paymentId);
}

export interface SettlePayment {
  paymentId: string;
  brand: string | null;
  last4: string | null;
}

export type LockedSettleResult = { kind: "completed"; receipt: Receipt; fresh: boolean } | { kind: "refund"; attempt: Attempt };

/**
 * The body of settleAttempt, inside the caller's transaction, which already holds the attempt's row lock
 * (SELECT ... FOR UPDATE): that lock is what makes a second settlement see "completed" and change nothing.
 * "refund" means the stock is gone; nothing was written and the caller refunds after its commit.
 */
export async function settleLockedAttempt(tx: Db, attempt: Attempt, payment: SettlePayment): Promise<LockedSettleResult> {
  if (attempt.status === "completed") {
    const receipt = await receiptFor(tx, attempt);
    if (!receipt) throw new Error(`completed checkout ${attempt.id} has no order`);
    return { kind: "completed", receipt, fresh: false };
  }
  if (attempt.status === "failed" || attempt.status === "expired") {
    try {
      await reserveStock(tx, attempt.lines, { actor: "system", reason: `Reserved again for late payment of checkout ${attempt.id}` });
    } catch (error) {
      if (error instanceof InsufficientStockError) return { kind: "refund", attempt };
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
  return { kind: "completed", receipt: toReceipt(attempt, { ...order, customerName: attempt.billingAddress.name }), fresh: true };
}

/** A payment that arrived when its stock had sold out: given back in full (idempotent on the attempt), and said so. */
export async function refundLatePayment(deps: CheckoutDeps, attempt: Attempt, paymentId: string): Promise<{ kind: "refunded"; message: string }> {
  await deps.payments.refund(paymentId, attempt.totalCents, `refund:${attempt.id}`);
  await deps.db
    .update(checkoutAttempts)
    .set({ paymentId, failureMessage: SOLD_OUT_REFUNDED, updatedAt: new Date() })
    .where(eq(checkoutAttempts.id, attempt.id));
  return { kind: "refunded", message: SOLD_OUT_REFUNDED };
}

/**
 * A payment that failed: the reservation is released, the cart stays as it was, the message is kept
 * for the banner. An attempt already completed is left alone (a failure reported after the success).
 */
export async function failAttempt(db: Db, attemptId: string, message: string, paymentId: string | null = null): Promise<void> {
  await endAttempt(db, attemptId, "failed", message, paymentId);
}

export async function endAttempt(db: Db, attemptId: string, status: "failed" | "expired", message: string, paymentId: string | null, skipLocked = false) {
  return db.transaction(async (tx) => {
    const query = tx
      .select()
      .from(checkoutAttempts)
      .where(and(eq(checkoutAttempts.id, attemptId), inArray(checkoutAttempts.status, ["reserved", "paying"])));
    const [attempt] = skipLocked ? await query.for("update", { skipLocked: true }) : await query.for("update");
    if (!attempt) return null;
    await endLockedAttempt(tx, attempt, status, message, paymentId);
    return attempt;
  });
}

/**
 * Ends an attempt whose row the caller's transaction holds locked: its stock is released and the message
 * kept. Only an attempt still holding stock (reserved or paying) changes; returns whether it did.
 */
export async function endLockedAttempt(tx: Db, attempt: Attempt, status: "failed" | "expired", message: string, paymentId: string | null): Promise<boolean> {
  if (attempt.status !== "reserved" && attempt.status !== "paying") return false;
  await releaseReservation(tx, attempt.lines, { actor: "system", reason: status === "expired" ? "Reservation expired" : "Payment failed" });
  await tx
    .update(checkoutAttempts)
    .set({ status, failureMessage: message, paymentId: attempt.paymentId ?? paymentId, updatedAt: new Date() })
    .where(eq(checkoutAttempts.id, attempt.id));
  return true;
}
