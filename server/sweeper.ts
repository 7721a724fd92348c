import type { Logger } from "pino";
import { pruneWindows } from "../core/accounts/index.ts";
import { finishStaleOrderRefunds } from "../core/admin/index.ts";
import { sweepCheckouts, SWEEP_BATCH, type CheckoutDeps } from "../core/checkout/index.ts";
import { pruneExpiredKeys } from "../core/idempotency/index.ts";

/** An admin's refund still "refunding" after this long lost its request: the sweeper finishes it. */
const STALE_ORDER_REFUND_MS = 60_000;

/**
 * Runs the reservation sweeper inside the app every `intervalMs`. Several processes may run it against
 * one database at once: the core takes each expired checkout under a row lock the others skip.
 * Returns the function that stops it (waiting for a sweep under way).
 */
export function startSweeper(deps: CheckoutDeps, intervalMs: number, log: Logger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const sweep = async () => {
    try {
      let result;
      do {
        result = await sweepCheckouts(deps);
        if (result.reconciled > 0 || result.refunded > 0) {
          log.info({ reconciled: result.reconciled, released: result.released, refunded: result.refunded }, "swept checkouts");
        }
        // Another batch only while this one made progress: attempts the provider leaves pending stay due.
      } while (result.examined >= SWEEP_BATCH && result.reconciled + result.refunded > 0);
    } catch (err) {
      log.error({ err }, "reservation sweep failed");
    }
    try {
      const onError = (err: unknown, what: string) => log.error({ err }, what);
      const finished = await finishStaleOrderRefunds({ ...deps, onError }, STALE_ORDER_REFUND_MS);
      if (finished > 0) log.info({ finished }, "finished interrupted order refunds");
    } catch (err) {
      log.error({ err }, "order refund sweep failed");
    }
    try {
      // The app's API counts requests in one-minute windows (ADR 0027): an hour on, a counter is of no use.
      await pruneWindows(deps.db, "api:", new Date(Date.now() - 60 * 60_000));
    } catch (err) {
      log.error({ err }, "rate limit sweep failed");
    }
    try {
      // The API's Idempotency-Key answers are kept 24 hours, then forgotten.
      await pruneExpiredKeys(deps.db);
    } catch (err) {
      log.error({ err }, "idempotency key sweep failed");
    }
  };
  const timer = setInterval(() => {
    if (!running) running = sweep().finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  // One sweep at start: holds left by a process that stopped are released without waiting a full interval.
  running = sweep().finally(() => (running = null));
  return async () => {
    clearInterval(timer);
    await running;
  };
}
