import { and, inArray, lt } from "drizzle-orm";
import { checkoutAttempts } from "../../db/schema/index.ts";
import type { CheckoutDeps } from "./commands.ts";
import { CHECKOUT_MESSAGES, SWEEP_BATCH } from "./rules.ts";
import { endAttempt } from "./settle.ts";

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
