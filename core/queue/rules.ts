/* Pure rules of the waiting room (ADR 0034), free of the database and of Node: the page imports them too. */

/** Whole minutes until a place `ahead` others is admitted at `ratePerMinute` (at least 1 while waiting). */
export function estimateMinutes(ahead: number, ratePerMinute: number): number {
  return Math.max(1, Math.ceil((ahead + 1) / Math.max(1, ratePerMinute)));
}

/** Waiting-room settings as the back office edits them; capacity null: no waiting room. */
export interface QueueSettings {
  capacity: number | null;
  ratePerMinute: number;
  checkoutMinutes: number;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = { capacity: null, ratePerMinute: 60, checkoutMinutes: 10 };

/** How often the waiting page asks for its place. */
export const QUEUE_POLL_MS = 5000;

/** Joins (page visits and the API's join) per address and per account in a minute: enough for a family behind one address. */
export const JOIN_LIMIT_PER_ADDRESS = { limit: 30, windowMs: 60_000 };
export const JOIN_LIMIT_PER_ACCOUNT = { limit: 20, windowMs: 60_000 };

/**
 * Where a place stands in a picture of its line (the numbers still waiting, lowest first, and the next number
 * to be given): waiting with `ahead` places before it; "past" when it was numbered before the picture and is
 * no longer waiting (let in, or removed); "unknown" when it joined after the picture was taken.
 */
export function placeIn(waiting: readonly number[], nextSeq: number, seq: number): { state: "waiting"; ahead: number } | { state: "past" } | { state: "unknown" } {
  if (seq >= nextSeq) return { state: "unknown" };
  let low = 0;
  let high = waiting.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (waiting[mid]! < seq) low = mid + 1;
    else high = mid;
  }
  return waiting[low] === seq ? { state: "waiting", ahead: low } : { state: "past" };
}
