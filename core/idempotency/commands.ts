/** Keys of idempotent requests: claim one, keep its answer, give the answer again, forget it after a day. */
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { idempotencyKeys } from "../../db/schema/index.ts";
import { canonicalJson, IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_TTL_MS } from "./rules.ts";

export interface KeyedRequest {
  /** Whose key it is ("user:<id>", "cart:<token>"): two requesters' keys never meet. */
  scope: string;
  key: string;
  /** What the request asks: its method and path and its body (compared as canonical JSON). */
  method: string;
  path: string;
  body: unknown;
}

export interface StoredAnswer {
  status: number;
  type: string;
  body: string;
}

export type Claim =
  /**
   * This request holds the key: run it, then keepAnswer (or releaseKey when it failed on the store's side).
   * `since` is when the key was first claimed: the same when a lost request is taken over, new once expired.
   */
  | { kind: "claimed"; since: Date }
  /** The key's request was answered before: give that answer again. */
  | { kind: "replay"; answer: StoredAnswer }
  /** The key was used for another request (another body or address). */
  | { kind: "mismatch" }
  /** The key's first request is still running. */
  | { kind: "in_progress" };

/** What identifies a request's content (not its key): a digest of its method, path and canonical body. */
export function fingerprintOf(request: Pick<KeyedRequest, "method" | "path" | "body">): string {
  return createHash("sha256").update(`${request.method.toUpperCase()} ${request.path}\n${canonicalJson(request.body ?? null)}`).digest("base64url");
}

/**
 * Claims a key in one atomic statement: a new key, one whose kept answer has expired, or one whose first
 * request was lost (its hold ran out) with the same content is this request's. Otherwise says what the key
 * holds: a kept answer, another request's content, or a request still running. Two requests racing for a
 * new key meet on the primary key: exactly one claims it.
 */
export async function claimKey(db: Db, request: KeyedRequest, now = new Date()): Promise<Claim> {
  const fingerprint = fingerprintOf(request);
  const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LOCK_MS);
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  const fresh = { fingerprint, status: "running" as const, responseStatus: null, responseType: null, responseBody: null, lockedUntil, createdAt: now, expiresAt };
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ scope: request.scope, key: request.key, ...fresh })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      // A lost request taken over keeps its first claim's time (what it started is resumed, not begun again).
      set: { ...fresh, createdAt: sql`case when ${idempotencyKeys.expiresAt} <= ${now} then ${now} else ${idempotencyKeys.createdAt} end` },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${now} or (${idempotencyKeys.status} = 'running' and ${idempotencyKeys.lockedUntil} <= ${now} and ${idempotencyKeys.fingerprint} = ${fingerprint})`,
    })
    .returning({ since: idempotencyKeys.createdAt });
  if (claimed) return { kind: "claimed", since: claimed.since };
  const [held] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key)));
  // Gone in between (forgotten by the sweeper): try once more.
  if (!held) return claimKey(db, request, now);
  if (held.fingerprint !== fingerprint) return { kind: "mismatch" };
  if (held.status === "done" && held.responseStatus !== null) {
    return { kind: "replay", answer: { status: held.responseStatus, type: held.responseType ?? "application/json", body: held.responseBody ?? "" } };
  }
  return { kind: "in_progress" };
}

/** Keeps the answer of the request that claimed the key, to be given again to a retry for a day. */
export async function keepAnswer(db: Db, scope: string, key: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: "done", responseStatus: answer.status, responseType: answer.type, responseBody: answer.body })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, "running")));
}

/** Lets go of a key whose request failed on the store's side (nothing kept): a retry runs it again. */
export async function releaseKey(db: Db, scope: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, "running")));
}

/** Forgets keys whose day is over (the sweeper). Returns how many went. */
export async function pruneExpiredKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now)).returning({ key: idempotencyKeys.key });
  return gone.length;
}
