/** After the provider answered: settle a paid attempt into an order, refund one that cannot be, or end a failed one. */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { cartItems, checkoutAttempts, HOLDING_STATUSES } from "../../db/schema/index.ts";
import { commitReservation, InsufficientStockError, releaseReservation, reserveStock } from "../inventory/index.ts";
import { orderConfirmationMail, paymentRefundedMail, queueMail, recipientLocale } from "../mail/index.ts";
import { deliverByEmail, insertPaidOrder, orderActions, TICKETS_SENT_NOTE } from "../orders/index.ts";
import { issueTicketsForOrder } from "../events/index.ts";
import { recordEvents } from "../analytics/index.ts";
import { markPassesUsed } from "../queue/index.ts";
import { crashPoint } from "../shared/failpoints.ts";
import type { CheckoutDeps } from "./deps.ts";
import { CheckoutError, checkoutText } from "./errors.ts";
import { attemptById, receiptFor, toReceipt, type Attempt, type Receipt } from "./queries.ts";

export type SettleResult = { kind: "completed"; receipt: Receipt; fresh: boolean } | { kind: "refunded"; message: string };

export const SOLD_OUT_REFUNDED =
  "Your payment arrived after your reservation ended and the items sold out, so it was refunded in full.";

/** What settling needs besides the transaction: the job queue and the base URL for the confirmation mail. */
export type SettleDeps = Pick<CheckoutDeps, "jobs" | "baseUrl">;

export interface SettlePayment {
  paymentId: string;
  brand: string | null;
  last4: string | null;
}

/**
 * Step 3, after the provider took the money, in one transaction: the order (pending, then processing),
 * the sale of the reserved stock, the bought lines out of the cart, the attempt completed and the
 * confirmation mail in the outbox. Settling twice changes nothing. If the hold had already been let go
 * (a late webhook, a crash), the stock is reserved again; when it is gone, the payment is refunded.
 */
export async function settleAttempt(deps: CheckoutDeps, attemptId: string, payment: SettlePayment): Promise<SettleResult> {
  const result = await deps.db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId)).for("update");
    if (!attempt) throw new CheckoutError("checkout.attempt_not_found", checkoutText("checkout.domain.notFound"), { attemptId });
    return settleLockedAttempt(tx, deps, attempt, payment);
  });
  if (result.kind === "completed") return result;
  return finishRefund(deps, attemptId);
}

export type LockedSettleResult = { kind: "completed"; receipt: Receipt; fresh: boolean } | { kind: "refund"; attempt: Attempt };

/**
 * The body of settleAttempt, inside the caller's transaction, which already holds the attempt's row lock
 * (SELECT ... FOR UPDATE): that lock is what makes a second settlement see "completed" and change nothing.
 * "refund" means the stock is gone: the attempt is now "refunding" (recorded before any money moves
 * back), and the caller runs finishRefund after its commit.
 */
export async function settleLockedAttempt(tx: Db, deps: SettleDeps, attempt: Attempt, payment: SettlePayment): Promise<LockedSettleResult> {
  if (attempt.status === "completed") {
    const receipt = await receiptFor(tx, attempt);
    if (!receipt) throw new Error(`completed checkout ${attempt.id} has no order`);
    return { kind: "completed", receipt, fresh: false };
  }
  if (attempt.status === "refunding" || attempt.status === "refunded") return { kind: "refund", attempt };
  if (attempt.status === "failed" || attempt.status === "expired") {
    try {
      await reserveStock(tx, attempt.lines, { actor: "system", reason: `Reserved again for late payment of checkout ${attempt.id}` });
    } catch (error) {
      if (!(error instanceof InsufficientStockError)) throw error;
      await tx
        .update(checkoutAttempts)
        .set({ status: "refunding", paymentId: payment.paymentId, failureMessage: SOLD_OUT_REFUNDED, updatedAt: new Date() })
        .where(eq(checkoutAttempts.id, attempt.id));
      return { kind: "refund", attempt: { ...attempt, status: "refunding", paymentId: payment.paymentId } };
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
    addressKey: attempt.addressKey,
    cardFingerprint: attempt.cardFingerprint,
  });
  await recordEvents(tx, [
    {
      type: "purchase",
      occurredAt: new Date(),
      userId: attempt.userId,
      sessionId: attempt.visitSessionId,
      source: attempt.visitSource === "mobile" ? "mobile" : "web",
      orderId: order.id,
      quantity: attempt.lines.reduce((n, l) => n + l.quantity, 0),
      valueCents: attempt.totalCents,
    },
  ]);
  crashPoint("checkout.during_settle");
  // Ticket lines become tickets (one per seat) and their mail, in this same transaction: a paid order never lacks them.
  const ticketsIssued = await issueTicketsForOrder(tx, deps, { id: order.id, userId: attempt.userId, number: order.number, customerEmail: attempt.customerEmail, customerName: attempt.billingAddress.name }, attempt.lines);
  // Nothing to ship when every unit was a ticket: the order is delivered with their mail.
  const ticketsOnly = ticketsIssued > 0 && ticketsIssued === attempt.lines.reduce((n, l) => n + l.quantity, 0);
  if (ticketsOnly) await deliverByEmail(tx, order.id, TICKETS_SENT_NOTE);
  // The waiting room's passes this order used are done: their places go to the next in line (ADR 0034).
  await markPassesUsed(tx, { productIds: [...new Set(attempt.lines.map((l) => l.productId))], cartId: attempt.cartId, accountId: attempt.userId });
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
  const receipt = toReceipt(attempt, { ...order, customerName: attempt.billingAddress.name });
  // In the shopper's language: their account's (ADR 0025).
  const locale = await recipientLocale(tx, { userId: attempt.userId, email: attempt.customerEmail });
  // What the new order offers, by the orders module's rule: all the rule asks here is whether every line is a
  // ticket (nothing ships) or some are goods; nothing was ever on sale for less than just now.
  const actions = orderActions({ status: ticketsOnly ? "delivered" : "processing", lines: attempt.lines.map(() => ({ kind: ticketsOnly ? "ticket" : "goods", saleEnded: false })) });
  await queueMail(tx, deps.jobs, orderConfirmationMail(receipt, actions, deps.baseUrl, locale));
  // The sale moves the stock last: its variants' rows stay locked until the commit, so the order's other writes
  // come first and a drop's buyers wait for one another only as long as this takes.
  await commitReservation(tx, attempt.lines, { orderId: order.id, actor: "system", reason: `Sold: order EH-${order.number}` });
  return { kind: "completed", receipt, fresh: true };
}

/**
 * Gives back the payment of an attempt that is "refunding" (paid when its stock was gone), then records
 * it and mails the shopper in one transaction. Safe to run again after a crash at any point: the refund is
 * idempotent at the provider on the attempt's key, and only the run that moves the attempt to "refunded"
 * writes the mail. The sweeper finishes refunds a crash left behind.
 */
export async function finishRefund(deps: CheckoutDeps, attemptId: string): Promise<{ kind: "refunded"; message: string }> {
  const attempt = await attemptById(deps.db, attemptId);
  if (!attempt) throw new CheckoutError("checkout.attempt_not_found", checkoutText("checkout.domain.notFound"), { attemptId });
  const message = attempt.failureMessage ?? SOLD_OUT_REFUNDED;
  if (attempt.status !== "refunding") return { kind: "refunded", message };
  if (!attempt.paymentId) throw new Error(`checkout ${attempt.id} is refunding without a payment`);
  if (attempt.provider !== deps.payments.name) throw new Error(`checkout ${attempt.id} was paid with ${attempt.provider}, not ${deps.payments.name}`);
  await deps.payments.refund(attempt.paymentId, attempt.totalCents, `refund:${attempt.id}`);
  crashPoint("checkout.before_refund_recorded");
  await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(checkoutAttempts)
      .set({ status: "refunded", updatedAt: new Date() })
      .where(and(eq(checkoutAttempts.id, attempt.id), eq(checkoutAttempts.status, "refunding")))
      .returning({ id: checkoutAttempts.id });
    if (!moved) return;
    const locale = await recipientLocale(tx, { userId: attempt.userId, email: attempt.customerEmail });
    const mail = paymentRefundedMail(
      { to: attempt.customerEmail, name: attempt.billingAddress.name, totalCents: attempt.totalCents, lines: attempt.lines, reason: message },
      deps.baseUrl,
      locale,
    );
    await queueMail(tx, deps.jobs, mail);
  });
  return { kind: "refunded", message };
}

/**
 * A payment that failed: the reservation is released, the cart stays as it was, the message is kept
 * for the banner. An attempt already completed is left alone (a failure reported after the success).
 */
export async function failAttempt(db: Db, attemptId: string, message: string, paymentId: string | null = null, jobs?: JobQueue): Promise<void> {
  await endAttempt(db, attemptId, "failed", message, paymentId, false, jobs);
}

export async function endAttempt(db: Db, attemptId: string, status: "failed" | "expired", message: string, paymentId: string | null, skipLocked = false, jobs?: JobQueue) {
  return db.transaction(async (tx) => {
    const query = tx
      .select()
      .from(checkoutAttempts)
      .where(and(eq(checkoutAttempts.id, attemptId), inArray(checkoutAttempts.status, [...HOLDING_STATUSES])));
    const [attempt] = skipLocked ? await query.for("update", { skipLocked: true }) : await query.for("update");
    if (!attempt) return null;
    await endLockedAttempt(tx, attempt, status, message, paymentId, jobs);
    return attempt;
  });
}

/**
 * Ends an attempt whose row the caller's transaction holds locked: its stock is released and the message
 * kept. Only an attempt still holding stock (reserved or charging) changes; returns whether it did. With
 * `jobs`, stock released from nothing wakes the product's "Notify me" line (core/alerts) in this transaction.
 */
export async function endLockedAttempt(tx: Db, attempt: Attempt, status: "failed" | "expired", message: string, paymentId: string | null, jobs?: JobQueue): Promise<boolean> {
  if (!(HOLDING_STATUSES as readonly string[]).includes(attempt.status)) return false;
  await releaseReservation(tx, attempt.lines, { actor: "system", reason: status === "expired" ? "Reservation expired" : "Payment failed", jobs });
  await tx
    .update(checkoutAttempts)
    .set({ status, failureMessage: message, paymentId: attempt.paymentId ?? paymentId, updatedAt: new Date() })
    .where(eq(checkoutAttempts.id, attempt.id));
  return true;
}
