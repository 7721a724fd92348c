import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, webhookEvents } from "../../db/schema/index.ts";
import type { PaymentEvent } from "../payments/index.ts";
import type { CheckoutDeps } from "./deps.ts";
import type { Attempt, Receipt } from "./queries.ts";
import { endLockedAttempt, finishRefund, settleLockedAttempt } from "./settle.ts";
import { CHECKOUT_MESSAGES } from "./rules.ts";

export type PaymentEventOutcome =
  /** This event id was handled before (a redelivery, or another process got it first): nothing changed. */
  | { kind: "duplicate" }
  /** Not about a checkout of this store, or not an event checkout acts on. */
  | { kind: "ignored"; reason: string }
  /** The order exists. `fresh` is true only for the delivery that created it: that one sends the mail. */
  | { kind: "settled"; attemptId: string; receipt: Receipt; fresh: boolean }
  /** Paid after the stock was gone: the payment was given back (or, if the provider could not be reached, the sweeper gives it back). */
  | { kind: "refunded"; attemptId: string; message: string }
  /** A failure or cancellation: `changed` is false when the attempt had already ended (e.g. it was paid). */
  | { kind: "ended"; attemptId: string; changed: boolean };

type Decision = PaymentEventOutcome | { kind: "refund"; attempt: Attempt };

/**
 * The attempt a payment belongs to: by payment id, else by the attempt id the provider's metadata carries
 * (an attempt already tied to another payment is not this one's). With `lock`, its row is locked for the
 * caller's transaction.
 */
async function attemptFor(db: Db, paymentId: string, attemptId: string | null, lock: boolean): Promise<Attempt | undefined> {
  const select = (where: ReturnType<typeof eq>) => {
    const query = db.select().from(checkoutAttempts).where(where);
    return lock ? query.for("update") : query;
  };
  const [byPayment] = await select(eq(checkoutAttempts.paymentId, paymentId));
  if (byPayment) return byPayment;
  if (!attemptId) return undefined;
  const [byId] = await select(eq(checkoutAttempts.id, attemptId));
  if (!byId || (byId.paymentId && byId.paymentId !== paymentId)) return undefined;
  return byId;
}

/**
 * Applies a verified provider event to its checkout. The event id goes into webhook_events in the same
 * transaction as the change it causes, so a redelivery finds it and changes nothing, and two processes
 * receiving the same event at once queue on its primary key: the second sees the first's commit and
 * stops. A failure reported after the success (events arrive in any order) finds the attempt completed
 * and leaves it alone; a success after a failure takes the stock again, or refunds when it is gone.
 * Throws on what the provider should retry (the database or the provider unreachable): then nothing
 * was recorded.
 */
export async function handlePaymentEvent(deps: CheckoutDeps, event: PaymentEvent): Promise<PaymentEventOutcome> {
  if (event.type === "ignored") return { kind: "ignored", reason: `${event.providerType} is not acted on` };
  const notOurs = { kind: "ignored", reason: `no checkout for payment ${event.paymentId}` } as const;
  if (!(await attemptFor(deps.db, event.paymentId, event.attemptId, false))) return notOurs;
  // Read from the provider before the transaction: no row lock is held across a network call.
  const card = event.type === "payment.succeeded" ? await deps.payments.webhooks?.cardOf(event.paymentId) : undefined;

  const decision = await deps.db.transaction(async (tx): Promise<Decision> => {
    const [recorded] = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: deps.payments.name, type: event.providerType })
      .onConflictDoNothing({ target: webhookEvents.id })
      .returning({ id: webhookEvents.id });
    if (!recorded) return { kind: "duplicate" };
    const attempt = await attemptFor(tx, event.paymentId, event.attemptId, true);
    if (!attempt) return notOurs;

    switch (event.type) {
      case "payment.succeeded": {
        if (event.amountCents !== attempt.totalCents || event.currency.toUpperCase() !== attempt.currency.toUpperCase()) {
          // The server set the amount when it created the payment; a different one is never turned into an order.
          deps.onError?.(new Error(`payment ${event.paymentId} of ${event.amountCents} ${event.currency} does not match checkout ${attempt.id}`), "payment amount mismatch");
          return { kind: "ignored", reason: "amount does not match the checkout" };
        }
        const settled = await settleLockedAttempt(tx, deps, attempt, { paymentId: event.paymentId, brand: card?.brand ?? null, last4: card?.last4 ?? null });
        // "refund": the attempt is recorded as refunding in this transaction; the money goes back after it.
        if (settled.kind === "refund") return settled;
        return { kind: "settled", attemptId: attempt.id, receipt: settled.receipt, fresh: settled.fresh };
      }
      case "payment.failed":
      case "payment.canceled": {
        const message = event.type === "payment.failed" ? event.message : CHECKOUT_MESSAGES.paymentFailed;
        const changed = await endLockedAttempt(tx, attempt, "failed", message, event.paymentId, deps.jobs);
        return { kind: "ended", attemptId: attempt.id, changed };
      }
    }
  });

  if (decision.kind === "ended" && decision.changed && event.type === "payment.failed") {
    // The checkout is over and its stock released; the shopper pays again under a new attempt. The refused
    // PaymentIntent could still be confirmed (Stripe lets a card be retried on it): cancel it, so a stale
    // tab cannot take money for this ended checkout.
    await deps.payments.cancel(event.paymentId).catch((error: unknown) => deps.onError?.(error, "could not cancel a failed payment"));
  }
  if (decision.kind !== "refund") return decision;
  // The event is recorded and the attempt says "refunding": should the provider fail now, the sweeper
  // finishes the refund, so the event need not come again.
  const refunded = await finishRefund(deps, decision.attempt.id).catch((error: unknown) => {
    deps.onError?.(error, "could not refund a late payment now; the sweeper will retry");
    return { kind: "refunded" as const, message: decision.attempt.failureMessage ?? "" };
  });
  return { kind: "refunded", attemptId: decision.attempt.id, message: refunded.message };
}
