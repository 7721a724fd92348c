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
 * Counts one event against the key in one atomic statement (safe across processes): the key's count in its
 * window with this event, and when the window started. A window that has run out starts again at this event.
 */
export async function countInWindow(db: Db, key: string, rule: ThrottleRule, now = new Date()): Promise<WindowCount> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} < ${since} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} < ${since} then ${now} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  return row!;
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
