/** Checkout settings and pure helpers. */

/** How long stock stays reserved for an unpaid checkout (RESERVATION_TTL_MINUTES, default 15). */
export const DEFAULT_HOLD_TTL_MS = 15 * 60 * 1000;

/** A duplicate submission waits this long for the first one to finish before answering "in progress". */
export const DUPLICATE_WAIT_MS = 15_000;

/** Expired reservations released per sweep, so one sweep never holds locks for long. */
export const SWEEP_BATCH = 50;
