import { and, count, eq, gt, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { passwordAttempts, rateLimits } from "../../db/schema/index.ts";
import { escapeLike } from "../shared/paging.ts";
import { decideAttempt, PASSWORD_THROTTLE, type AttemptDecision, type AttemptPair } from "./rules.ts";

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/** True when the key has used up its allowance in the current window. */
export async function isThrottled(db: Db, key: string, rule: ThrottleRule, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gte(rateLimits.windowStartedAt, since)));
  return (row?.count ?? 0) >= rule.limit;
}

/** A key's count in its current window, this event included, and when that window started. */
export interface WindowCount {
  count: number;
  windowStartedAt: Date;
}

/**
 * Counts `events` events (one by default) against the key in one atomic statement (safe across processes):
 * the key's count in its window with them, and when the window started. A window that has run out starts
 * again at these events.
 */
export async function countInWindow(db: Db, key: string, rule: ThrottleRule, now = new Date(), events = 1): Promise<WindowCount> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: events, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} < ${since} then ${events} else ${rateLimits.count} + ${events} end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} < ${since} then ${now} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  return row!;
}

/**
 * countInWindow for busy keys: requests counting the same key while its statement runs are counted together
 * by the next one (one statement for all of them), and each gets its own place in the count, as if counted
 * one by one. Nothing is held back: every event is in the database before its caller hears its count, so
 * processes still share the limits exactly.
 */
export class WindowCounter {
  #db: Db;
  #queued = new Map<string, { rule: ThrottleRule; waiters: Array<{ resolve: (c: WindowCount) => void; reject: (e: unknown) => void }> }>();
  #running = new Set<string>();

  constructor(db: Db) {
    this.#db = db;
  }

  count(key: string, rule: ThrottleRule): Promise<WindowCount> {
    return new Promise((resolve, reject) => {
      const queued = this.#queued.get(key);
      if (queued) queued.waiters.push({ resolve, reject });
      else this.#queued.set(key, { rule, waiters: [{ resolve, reject }] });
      if (!this.#running.has(key)) void this.#run(key);
    });
  }

  async #run(key: string): Promise<void> {
    const batch = this.#queued.get(key);
    if (!batch) return;
    this.#queued.delete(key);
    this.#running.add(key);
    const n = batch.waiters.length;
    try {
      const total = await countInWindow(this.#db, key, batch.rule, new Date(), n);
      // The batch's events are the last n of the window's count (or all of a window they started).
      batch.waiters.forEach((w, i) => w.resolve({ count: total.count - n + i + 1, windowStartedAt: total.windowStartedAt }));
    } catch (error) {
      for (const w of batch.waiters) w.reject(error);
    } finally {
      this.#running.delete(key);
      if (this.#queued.has(key)) void this.#run(key);
    }
  }
}

/** What one process knows of a key's window: the shared count at its last sync, and what it has counted since. */
interface KeptWindow {
  rule: ThrottleRule;
  windowStartedAt: Date;
  /** The database's count for the window when this process last added to it (or read it). */
  shared: number;
  /** Counted here and being added now. */
  sending: number;
  /** Counted here since. */
  pending: number;
}

/**
 * Counts a busy key's events in this process and adds them to the shared count in the database once per
 * `syncMs` (ADR 0036), for limits read on every request (the API's): a key's first event of a window is
 * counted in the database at once (WindowCounter), which gives the window's start and what every process
 * has counted; the events after it are counted here, answered at once with the shared count plus this
 * process's own, and written together by the next sync, which also brings the other processes' counts.
 * One process alone counts exactly; with several, a process sees the others' events up to `syncMs` late.
 * Events counted here in a window that ends before they are written are not written (they belong to a
 * window that is over), nor are those of a process that stops before its next sync.
 */
export class SyncedWindowCounter {
  #db: Db;
  #first: WindowCounter;
  #syncMs: number;
  #onError: (error: unknown) => void;
  #keys = new Map<string, KeptWindow>();
  #timer: NodeJS.Timeout | null = null;
  #syncing: Promise<void> | null = null;

  constructor(db: Db, options: { syncMs: number; onError?: (error: unknown) => void }) {
    this.#db = db;
    this.#first = new WindowCounter(db);
    this.#syncMs = options.syncMs;
    this.#onError = options.onError ?? (() => {});
  }

  async count(key: string, rule: ThrottleRule): Promise<WindowCount> {
    const kept = this.#current(key, Date.now());
    if (kept) {
      kept.pending += 1;
      this.#schedule();
      return { count: kept.shared + kept.sending + kept.pending, windowStartedAt: kept.windowStartedAt };
    }
    const counted = await this.#first.count(key, rule);
    this.#adopt(key, rule, counted);
    this.#schedule();
    return counted;
  }

  /** How many keys' windows this process holds. */
  get size(): number {
    return this.#keys.size;
  }

  /** Adds what this process has counted to the database now, and reads back every process's counts. */
  sync(): Promise<void> {
    this.#syncing ??= this.#syncAll().finally(() => (this.#syncing = null));
    return this.#syncing;
  }

  /** The key's window as this process knows it, while it lasts. */
  #current(key: string, now: number): KeptWindow | undefined {
    const kept = this.#keys.get(key);
    return kept && now < kept.windowStartedAt.getTime() + kept.rule.windowMs ? kept : undefined;
  }

  /** A count made in the database is the latest word on the key: a later window replaces the one kept; the same window's count only raises it. */
  #adopt(key: string, rule: ThrottleRule, counted: WindowCount): void {
    const kept = this.#keys.get(key);
    if (!kept || counted.windowStartedAt > kept.windowStartedAt) {
      this.#keys.set(key, { rule, windowStartedAt: counted.windowStartedAt, shared: counted.count, sending: 0, pending: 0 });
    } else if (counted.windowStartedAt.getTime() === kept.windowStartedAt.getTime()) {
      kept.shared = Math.max(kept.shared, counted.count);
    }
  }

  #schedule(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      // While it knows of a window, so a key is forgotten within syncMs of its window's end.
      void this.sync().then(() => {
        if (this.#keys.size > 0) this.#schedule();
      });
    }, this.#syncMs);
    this.#timer.unref();
  }

  async #syncAll(): Promise<void> {
    const now = Date.now();
    const writes: Promise<void>[] = [];
    for (const [key, kept] of this.#keys) {
      if (!this.#current(key, now)) {
        // The window is over: forget it (its unwritten events with it); the key's next event starts anew.
        this.#keys.delete(key);
        continue;
      }
      if (kept.pending === 0) continue;
      const events = kept.pending;
      kept.pending = 0;
      kept.sending = events;
      writes.push(
        countInWindow(this.#db, key, kept.rule, new Date(), events)
          .then((total) => {
            kept.sending = 0;
            if (total.windowStartedAt.getTime() === kept.windowStartedAt.getTime()) kept.shared = total.count;
            // Another process started a new window: these events were its first ones.
            else this.#adopt(key, kept.rule, total);
          })
          .catch((error: unknown) => {
            // Not written: counted again at the next sync.
            kept.pending += kept.sending;
            kept.sending = 0;
            this.#onError(error);
          }),
      );
    }
    await Promise.all(writes);
  }
}

/**
 * Counts one event against each of several keys whose rules share one window length, in one statement, and
 * answers the keys whose counts passed their rule's allowance, each with when its window ends (none: every
 * count was within). A join to a drop's line counts its address and its account at once.
 */
export async function consumeAll(db: Db, counted: readonly { key: string; rule: ThrottleRule }[], now = new Date()): Promise<{ key: string; until: Date }[]> {
  if (counted.length === 0) return [];
  const windowMs = counted[0]!.rule.windowMs;
  if (counted.some((c) => c.rule.windowMs !== windowMs)) throw new Error("consumeAll counts keys of one window length");
  const since = new Date(now.getTime() - windowMs);
  const rows = await db
    .insert(rateLimits)
    .values(counted.map((c) => ({ key: c.key, count: 1, windowStartedAt: now })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} < ${since} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} < ${since} then ${now} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  const limits = new Map(counted.map((c) => [c.key, c.rule.limit]));
  return rows.filter((row) => row.count > (limits.get(row.key) ?? Infinity)).map((row) => ({ key: row.key, until: new Date(new Date(row.windowStartedAt).getTime() + windowMs) }));
}

/** Counts one event against the key (see countInWindow) and says whether it was still within the allowance. */
export async function consume(db: Db, key: string, rule: ThrottleRule, now = new Date()): Promise<boolean> {
  return (await countInWindow(db, key, rule, now)).count <= rule.limit;
}

/**
 * Forgets the counters under a key prefix whose window started before `before` (the app's API counts every
 * request per address and per token: its rows would otherwise pile up). Returns how many went.
 */
export async function pruneWindows(db: Db, prefix: string, before: Date): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(and(sql`${rateLimits.key} like ${`${escapeLike(prefix)}%`}`, lt(rateLimits.windowStartedAt, before)))
    .returning({ key: rateLimits.key });
  return gone.length;
}

export async function resetThrottle(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export const throttleKeys = {
  verificationResend: (userId: string) => `verify-resend:${userId}`,
  passwordReset: (email: string) => `reset:${email.trim().toLowerCase()}`,
};

const pairIs = (pair: AttemptPair) => and(eq(passwordAttempts.account, pair.account), eq(passwordAttempts.client, pair.client));

/**
 * Asks to try a password for the pair and, when allowed, counts the attempt before the password is checked
 * (forgiven by `forgiveAttempts` when it proves right). Counting first, under the pair's row lock, means
 * parallel requests cannot all slip through one free attempt, in one process or several. Pass a
 * transaction: the lock is held until it ends.
 */
export async function claimAttempt(tx: Db, pair: AttemptPair, now = new Date()): Promise<AttemptDecision> {
  const { forgetAfterMs, spray } = PASSWORD_THROTTLE;
  // This address's records that no longer count go first, so the table keeps only live pairs.
  await tx.delete(passwordAttempts).where(and(eq(passwordAttempts.client, pair.client), lt(passwordAttempts.lastAttemptAt, new Date(now.getTime() - forgetAfterMs))));
  const [recent] = await tx
    .select({ accounts: count() })
    .from(passwordAttempts)
    .where(and(eq(passwordAttempts.client, pair.client), gt(passwordAttempts.failures, 0), gte(passwordAttempts.lastAttemptAt, new Date(now.getTime() - spray.windowMs))));
  const spraying = (recent?.accounts ?? 0) > spray.accounts;
  // The row exists before it is locked, so two first attempts of a pair queue on the same lock.
  await tx.insert(passwordAttempts).values({ ...pair, failures: 0, lastAttemptAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(passwordAttempts).where(pairIs(pair)).for("update");
  const decision = decideAttempt(row ?? null, spraying, now);
  if (decision.allowed) await tx.update(passwordAttempts).set({ failures: decision.failures, lastAttemptAt: now }).where(pairIs(pair));
  return decision;
}

/** A right password: the pair's failures are forgotten. */
export async function forgiveAttempts(db: Db, pair: AttemptPair): Promise<void> {
  await db.delete(passwordAttempts).where(pairIs(pair));
}
