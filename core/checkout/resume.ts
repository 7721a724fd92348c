/**
 * A cart has at most one payment in flight (ADR 0038). When the shopper opens checkout again, or pays again,
 * while an earlier attempt of theirs is still charging (its request died after the charge, or is still
 * running), the provider is asked about that attempt now, not after RECONCILE_AFTER_SECONDS: a payment it took
 * becomes the order the shopper is shown; a refused one ends the attempt; one still being processed is said to
 * be. Only a new press of Pay takes over from an attempt whose request is gone, and only once the provider has
 * made sure nothing can be paid under that attempt's key any more.
 */
import type { PaymentLookup } from "../payments/index.ts";
import { applyPaymentOutcome, chargeLooksAbandoned } from "./charge.ts";
import type { CheckoutDeps } from "./deps.ts";
import { attemptById, attemptOutcome, isHolding, openAttemptsOf, type Attempt, type PlaceOrderResult, type Receipt } from "./queries.ts";
import { CHECKOUT_MESSAGES, DUPLICATE_WAIT_MS } from "./rules.ts";
import { failAttempt } from "./settle.ts";

/** How an attempt that was holding stock stands once its provider was asked. */
export type OpenStanding =
  /** Nothing was paid and nothing can be any more: the attempt is over and its stock released. */
  | { kind: "over" }
  /**
   * Still open, and nothing to tell the shopper: its request is gone before any money moved, or (Stripe) its
   * payment waits for a browser. The next press of Pay takes over from it.
   */
  | { kind: "idle" }
  /** What the shopper is told: the order it became, a refund, a payment still being processed. */
  | { kind: "answer"; result: PlaceOrderResult };

const inProgress = (attempt: Attempt): OpenStanding => ({ kind: "answer", result: { kind: "in_progress", attemptId: attempt.id } });

async function askProvider(deps: CheckoutDeps, attempt: Attempt, closing: boolean): Promise<PaymentLookup | null> {
  const request = { idempotencyKey: attempt.idempotencyKey, attemptId: attempt.id, paymentId: attempt.paymentId };
  try {
    return await (closing ? deps.payments.abandon(request) : deps.payments.lookup(request));
  } catch (error) {
    // The provider cannot say now: the attempt stays as it is, and the sweeper asks again later.
    deps.onError?.(error, closing ? "payment abandon failed" : "payment lookup failed");
    return null;
  }
}

/**
 * Asks the provider about an attempt holding stock and acts on a final answer (an order settled, a refusal
 * ended). "look" changes nothing that could still be paid (opening a page); "take over" is a new submission
 * of the same shopper waiting behind it: a request still running is waited for a moment, and one that is
 * gone is closed at the provider first, so that the new submission can be the one charged.
 */
async function standingOf(deps: CheckoutDeps, attempt: Attempt, mode: "look" | "take_over"): Promise<OpenStanding> {
  // Paid through a provider this process does not run (the setting changed): its hold ends at its expiry.
  if (attempt.provider !== deps.payments.name) return inProgress(attempt);
  // The request that started the charge has finished (Stripe handed the browser its part) or is gone.
  const requestGone = attempt.clientSecret !== null || chargeLooksAbandoned(attempt, deps.now?.() ?? new Date());
  let found = await askProvider(deps, attempt, false);
  if (!found) return inProgress(attempt);
  if (mode === "take_over" && (found.status === "none" || found.status === "requires_confirmation")) {
    if (!requestGone) return waitForAttempt(deps, attempt);
    found = await askProvider(deps, attempt, true);
    if (!found) return inProgress(attempt);
  }
  switch (found.status) {
    case "succeeded":
      return { kind: "answer", result: await applyPaymentOutcome(deps, attempt, found) };
    case "failed":
      await applyPaymentOutcome(deps, attempt, found);
      return { kind: "over" };
    case "processing":
      return inProgress(attempt);
    case "requires_confirmation":
      // Taking over, the cancel did not take (a payment being confirmed right now): it is under way.
      if (mode === "take_over") return inProgress(attempt);
      return requestGone ? { kind: "idle" } : inProgress(attempt);
    case "none":
      if (mode === "take_over") {
        // Stripe made no payment for it: none can reach a browser now that it ends (applyPaymentOutcome).
        await failAttempt(deps.db, attempt.id, CHECKOUT_MESSAGES.paymentFailed, null, deps.jobs);
        return { kind: "over" };
      }
      return requestGone ? { kind: "idle" } : inProgress(attempt);
  }
}

/** A request of the shopper's still charging: its outcome, once it has one (or "in progress" after a while). */
async function waitForAttempt(deps: CheckoutDeps, first: Attempt): Promise<OpenStanding> {
  const deadline = Date.now() + DUPLICATE_WAIT_MS;
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const attempt = await attemptById(deps.db, first.id);
    if (!attempt) return { kind: "over" };
    if (attempt.status === "failed" || attempt.status === "expired") return { kind: "over" };
    // Stripe handed the browser its part: that request is done, and the new submission takes over from it.
    if (isHolding(attempt) && attempt.clientSecret) return standingOf(deps, attempt, "take_over");
    if (!isHolding(attempt)) return { kind: "answer", result: await attemptOutcome(deps.db, attempt) };
    if (Date.now() > deadline) return inProgress(attempt);
  }
}

/** A new submission of the shopper's meets an attempt of theirs still holding stock. */
export function takeOver(deps: CheckoutDeps, attempt: Attempt): Promise<OpenStanding> {
  return standingOf(deps, attempt, "take_over");
}

/** Where the shopper's checkout stands when they open it: nothing under way, an order just settled, or a payment in flight. */
export type CheckoutStanding =
  | { kind: "none" }
  | { kind: "completed"; attemptId: string; receipt: Receipt }
  | { kind: "in_progress"; attemptId: string };

/**
 * Opening checkout (the page, the app's summary): the shopper's attempts still holding stock are asked about
 * at the provider now. A payment taken becomes the order (settled here, once, as the sweeper would); a payment
 * still being processed is said to be under way, and no new one can start for the cart meanwhile.
 */
export async function resumeCheckout(deps: CheckoutDeps, userId: string): Promise<CheckoutStanding> {
  let pending: string | null = null;
  for (const attempt of await openAttemptsOf(deps.db, userId)) {
    const standing = await standingOf(deps, attempt, "look");
    if (standing.kind !== "answer") continue;
    const result = standing.result;
    if (result.kind === "completed") return { kind: "completed", attemptId: result.attemptId, receipt: result.receipt };
    if (result.kind === "in_progress" || result.kind === "requires_confirmation") pending ??= attempt.id;
  }
  return pending ? { kind: "in_progress", attemptId: pending } : { kind: "none" };
}

/**
 * Where one attempt stands (the completion page, the app's attempt): an attempt still charging after its
 * request should have answered is asked about at the provider now.
 */
export async function currentOutcome(deps: CheckoutDeps, attempt: Attempt): Promise<PlaceOrderResult> {
  if (isHolding(attempt) && chargeLooksAbandoned(attempt, deps.now?.() ?? new Date())) {
    const standing = await standingOf(deps, attempt, "look");
    if (standing.kind === "answer") return standing.result;
    const now = await attemptById(deps.db, attempt.id);
    return attemptOutcome(deps.db, now ?? attempt);
  }
  return attemptOutcome(deps.db, attempt);
}
