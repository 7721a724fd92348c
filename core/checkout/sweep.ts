import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { checkoutAttempts, HOLDING_STATUSES } from "../../db/schema/index.ts";
import type { PaymentLookup } from "../payments/index.ts";
import { applyPaymentOutcome } from "./charge.ts";
import type { CheckoutDeps } from "./deps.ts";
import { attemptById, type Attempt } from "./queries.ts";
import { CHECKOUT_MESSAGES, DEFAULT_RECONCILE_AFTER_MS, SWEEP_BATCH } from "./rules.ts";
import { endAttempt, finishRefund } from "./settle.ts";

export interface SweepResult {
  /** Attempts reconciled with their provider (settled, ended or expired). */
  reconciled: number;
  /** Of those, holds released because no payment came in time. */
  released: number;
  /** Refunds finished that a crash had left half done. */
  refunded: number;
  /** Attempts looked at; a full batch means there may be more. */
  examined: number;
}

/**
 * The sweeper, run by every app process: reconciles checkouts with the payment provider and lets go of
 * stock nobody paid for. An attempt is due when its hold ran out, or when it has been "charging" with no
 * answer recorded for longer than any live request takes (its process died between asking the provider
 * and recording the answer). For each, the provider is asked by key what became of the payment:
 * - paid: the order is settled (stock still held, or reserved again; refunded and mailed if it is gone);
 * - refused: the attempt fails and its stock is released;
 * - still waiting for the shopper's browser (Stripe): left alone until the hold runs out, then cancelled at
 *   the provider first and released after, so no payment can land on released stock unnoticed;
 * - nothing under that key: no money moved; released once the hold runs out.
 * Refunds a crash left "refunding" are finished. Several processes may sweep at once: every step is
 * conditional on the attempt's state under its row lock, and the provider answers one key once.
 */
export async function sweepCheckouts(deps: CheckoutDeps, limit = SWEEP_BATCH): Promise<SweepResult> {
  const now = deps.now?.() ?? new Date();
  const staleBefore = new Date(now.getTime() - (deps.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS));
  const due = await deps.db
    .select({ id: checkoutAttempts.id })
    .from(checkoutAttempts)
    .where(
      and(
        inArray(checkoutAttempts.status, [...HOLDING_STATUSES]),
        or(
          lt(checkoutAttempts.reservedUntil, now),
          // A client secret means the browser has its part (Stripe): the webhook settles it, or expiry does.
          and(isNull(checkoutAttempts.clientSecret), lt(checkoutAttempts.chargeStartedAt, staleBefore)),
        ),
      ),
    )
    .orderBy(asc(checkoutAttempts.reservedUntil))
    .limit(limit);
  const refunding = await deps.db
    .select({ id: checkoutAttempts.id })
    .from(checkoutAttempts)
    .where(and(eq(checkoutAttempts.status, "refunding"), lt(checkoutAttempts.updatedAt, staleBefore)))
    .limit(limit);

  const result: SweepResult = { reconciled: 0, released: 0, refunded: 0, examined: due.length + refunding.length };
  for (const { id } of due) {
    try {
      const done = await reconcileAttempt(deps, id, now);
      if (done !== "left") result.reconciled += 1;
      if (done === "released") result.released += 1;
    } catch (error) {
      deps.onError?.(error, `could not reconcile checkout ${id}`);
    }
  }
  for (const { id } of refunding) {
    try {
      await finishRefund(deps, id);
      result.refunded += 1;
    } catch (error) {
      deps.onError?.(error, `could not finish the refund of checkout ${id}`);
    }
  }
  return result;
}

/** The old name of the sweep, still used by callers that only care how many holds were let go. */
export async function releaseExpiredReservations(deps: CheckoutDeps, limit = SWEEP_BATCH): Promise<number> {
  return (await sweepCheckouts(deps, limit)).released;
}

type Reconciled = "settled" | "ended" | "released" | "left";

async function reconcileAttempt(deps: CheckoutDeps, attemptId: string, now: Date): Promise<Reconciled> {
  const attempt = await attemptById(deps.db, attemptId);
  if (!attempt || !(HOLDING_STATUSES as readonly string[]).includes(attempt.status)) return "left";
  const expired = attempt.reservedUntil < now;
  if (attempt.provider !== deps.payments.name) {
    // Paid through a provider this process does not run (the setting changed): only its hold is let go.
    return expired ? releaseHold(deps, attempt) : "left";
  }
  const outcome: PaymentLookup = await deps.payments.lookup({ idempotencyKey: attempt.idempotencyKey, attemptId: attempt.id, paymentId: attempt.paymentId });
  switch (outcome.status) {
    case "failed":
      // A payment cancelled because its hold ran out (by this sweep or another process's) is an expiry.
      if (expired && outcome.code === "canceled") return releaseHold(deps, attempt);
      await applyPaymentOutcome(deps, attempt, outcome);
      return "ended";
    case "succeeded":
      await applyPaymentOutcome(deps, attempt, outcome);
      return "settled";
    case "processing":
      return "left";
    case "requires_confirmation":
      if (!expired) return "left";
      // Cancelled at the provider before the stock is let go: if the shopper's payment lands first, the
      // cancel fails, and the next sweep finds it paid and settles it.
      await deps.payments.cancel(outcome.paymentId);
      return releaseHold(deps, attempt);
    case "none":
      return expired ? releaseHold(deps, attempt) : "left";
  }
}

async function releaseHold(deps: CheckoutDeps, attempt: Attempt): Promise<Reconciled> {
  const ended = await endAttempt(deps.db, attempt.id, "expired", CHECKOUT_MESSAGES.reservationExpired, null, true, deps.jobs);
  return ended ? "released" : "left";
}
