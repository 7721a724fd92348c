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

/** How often the waiting page asks for its place, near the front of the line. */
export const QUEUE_POLL_MS = 5000;
/** The longest a waiting page waits between two checks, however far back. */
export const QUEUE_POLL_MAX_MS = 30_000;

/**
 * How long a waiting page waits before it asks again: every 5 s near the front, less often the farther back
 * (a fifth of the time until its turn at the line's rate, at most 30 s), so a crowd at the back of a long
 * line does not ask thousands of times a second for a place that cannot have moved much.
 */
export function checkAgainMs(ahead: number, ratePerMinute: number): number {
  const untilTurnMs = ((ahead + 1) / Math.max(1, ratePerMinute)) * 60_000;
  return Math.min(QUEUE_POLL_MAX_MS, Math.max(QUEUE_POLL_MS, Math.round(untilTurnMs / 5)));
}

/** Joins (page visits and the API's join) per address and per account in a minute: enough for a family behind one address. */
export const JOIN_LIMIT_PER_ADDRESS = { limit: 30, windowMs: 60_000 };
export const JOIN_LIMIT_PER_ACCOUNT = { limit: 20, windowMs: 60_000 };

/** How many of the numbers waiting (lowest first) are below `seq`: a binary search. */
function waitingBelow(waiting: readonly number[], seq: number): number {
  let low = 0;
  let high = waiting.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (waiting[mid]! < seq) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Where a place stands in a picture of its line (the numbers still waiting, lowest first, and the next number
 * to be given): waiting with `ahead` places before it; "past" when it was numbered before the picture and is
 * no longer waiting (let in, or removed); "unknown" when it joined after the picture was taken.
 */
export function placeIn(waiting: readonly number[], nextSeq: number, seq: number): { state: "waiting"; ahead: number } | { state: "past" } | { state: "unknown" } {
  if (seq >= nextSeq) return { state: "unknown" };
  const low = waitingBelow(waiting, seq);
  return waiting[low] === seq ? { state: "waiting", ahead: low } : { state: "past" };
}

/**
 * How many wait ahead of a place numbered `seq`, from a picture of its line: those waiting in the picture with a
 * lower number, and every number given since the picture below this one (each a place still waiting, nearly
 * always: let in only in order, after those in the picture).
 */
export function aheadInPicture(waiting: readonly number[], nextSeq: number, seq: number): number {
  return waitingBelow(waiting, seq) + Math.max(0, seq - nextSeq);
}
