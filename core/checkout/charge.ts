/** Taking the money for an attempt, and acting on what the provider says of it. */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, HOLDING_STATUSES } from "../../db/schema/index.ts";
import type { CardInput, PaymentLookup } from "../payments/index.ts";
import { crashPoint } from "../shared/failpoints.ts";
import type { CheckoutDeps } from "./deps.ts";
import { attemptById, attemptOutcome, type Attempt, type PlaceOrderResult } from "./queries.ts";
import { CHARGE_RESUME_AFTER_MS, CHECKOUT_MESSAGES } from "./rules.ts";
import { failAttempt, settleAttempt } from "./settle.ts";

/**
 * Step 2: asks the provider for the money under the attempt's idempotency key, then acts on the answer.
 * Also how a retry finishes an attempt whose request died: the key makes the provider answer with the
 * first charge instead of taking a second one.
 */
export async function chargeAttempt(deps: CheckoutDeps, attempt: Attempt, card: CardInput | undefined): Promise<PlaceOrderResult> {
  let outcome: PaymentLookup | null;
  try {
    outcome = await deps.payments.startPayment({
      amountCents: attempt.totalCents,
      currency: attempt.currency,
      idempotencyKey: attempt.idempotencyKey,
      description: `East Harlem checkout ${attempt.id}`,
      customerEmail: attempt.customerEmail,
      attemptId: attempt.id,
      card,
    });
  } catch (error) {
    deps.onError?.(error, "payment provider call failed");
    // A failed call does not say whether money moved: ask the provider under the same key. If it cannot
    // answer either, the attempt stays "charging" and the sweeper asks again later.
    outcome = await deps.payments.lookup({ idempotencyKey: attempt.idempotencyKey, attemptId: attempt.id, paymentId: attempt.paymentId }).catch((lookupError: unknown) => {
      deps.onError?.(lookupError, "payment lookup failed");
      return null;
    });
    if (!outcome) return { kind: "in_progress", attemptId: attempt.id };
    if (outcome.status === "none") {
      await failAttempt(deps.db, attempt.id, CHECKOUT_MESSAGES.paymentFailed, null, deps.jobs);
      return { kind: "failed", attemptId: attempt.id, message: CHECKOUT_MESSAGES.paymentFailed };
    }
  }
  crashPoint("checkout.after_charge");
  return applyPaymentOutcome(deps, attempt, outcome);
}

/** Acts on what the provider says of an attempt's payment: settle it, end it, or hand the browser its part. */
export async function applyPaymentOutcome(deps: CheckoutDeps, attempt: Attempt, outcome: PaymentLookup): Promise<PlaceOrderResult> {
  switch (outcome.status) {
    case "failed": {
      const message = outcome.message || CHECKOUT_MESSAGES.paymentFailed;
      await failAttempt(deps.db, attempt.id, message, outcome.paymentId, deps.jobs);
      return { kind: "failed", attemptId: attempt.id, message };
    }
    case "requires_confirmation": {
      if (await recordPayment(deps.db, attempt.id, outcome.paymentId, outcome.clientSecret)) {
        return { kind: "requires_confirmation", attemptId: attempt.id, clientSecret: outcome.clientSecret, totalCents: attempt.totalCents };
      }
      // The checkout ended meanwhile (a later submission took over from it, ADR 0038): its payment never
      // reaches a browser, and is cancelled at the provider.
      await deps.payments.cancel(outcome.paymentId).catch((error: unknown) => deps.onError?.(error, "payment cancel failed"));
      const ended = await attemptById(deps.db, attempt.id);
      return ended ? attemptOutcome(deps.db, ended) : { kind: "failed", attemptId: attempt.id, message: CHECKOUT_MESSAGES.paymentFailed };
    }
    case "processing":
      await recordPayment(deps.db, attempt.id, outcome.paymentId, null);
      return { kind: "in_progress", attemptId: attempt.id };
    case "none":
      return { kind: "in_progress", attemptId: attempt.id };
    case "succeeded": {
      const settled = await settleAttempt(deps, attempt.id, { paymentId: outcome.paymentId, brand: outcome.brand, last4: outcome.last4 });
      if (settled.kind === "refunded") return { kind: "failed", attemptId: attempt.id, message: settled.message };
      return { kind: "completed", attemptId: attempt.id, receipt: settled.receipt, fresh: settled.fresh };
    }
  }
}

/**
 * Ties the provider's payment to an attempt still holding its stock (Stripe: the PaymentIntent and its client
 * secret); answers whether it was still holding.
 */
async function recordPayment(db: Db, attemptId: string, paymentId: string, clientSecret: string | null): Promise<boolean> {
  const recorded = await db
    .update(checkoutAttempts)
    .set({ paymentId, ...(clientSecret ? { clientSecret } : {}), updatedAt: new Date() })
    .where(and(eq(checkoutAttempts.id, attemptId), inArray(checkoutAttempts.status, [...HOLDING_STATUSES])))
    .returning({ id: checkoutAttempts.id });
  return recorded.length > 0;
}

/** A charge started longer ago than any live request takes to finish one. */
export function chargeLooksAbandoned(attempt: Attempt, now: Date): boolean {
  const started = attempt.chargeStartedAt ?? attempt.createdAt;
  return now.getTime() - started.getTime() > CHARGE_RESUME_AFTER_MS;
}
