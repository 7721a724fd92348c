import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/index.ts";

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

/**
 * Counts one event against the key in one atomic statement (safe across processes) and says whether it
 * was still within the allowance. A window that has run out starts again at this event.
 */
export async function consume(db: Db, key: string, rule: ThrottleRule, now = new Date()): Promise<boolean> {
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
    .returning({ count: rateLimits.count });
  return row!.count <= rule.limit;
}

export async function resetThrottle(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export const throttleKeys = {
  signInAccount: (email: string) => `sign-in:account:${email.trim().toLowerCase()}`,
  signInClient: (ip: string) => `sign-in:client:${ip}`,
  verificationResend: (userId: string) => `verify-resend:${userId}`,
  passwordReset: (email: string) => `reset:${email.trim().toLowerCase()}`,
};
