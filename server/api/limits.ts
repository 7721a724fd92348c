import type { Response } from "express";
import type { SyncedWindowCounter } from "../../core/accounts/index.ts";
import type { UseCases } from "../../core/use-cases/index.ts";
import type { ApiDeps } from "./operation.ts";
import { ApiProblem } from "./problem.ts";
import { textsOf } from "../../core/shared/text.ts";

/**
 * Request limits of the API, counted in the database's rate_limits table, so every app process shares them
 * (DESIGN: nothing shared lives in one process's memory). A key's first request of a window is counted there
 * at once; the ones after it in this process, and added to the table once a second (ADR 0036: a write on
 * every request cost a catalogue read three quarters of its time). Every request counts
 * against its address; a signed-in one also against its token (its session). The answer says where each
 * stands with the IETF RateLimit and RateLimit-Policy fields (draft-ietf-httpapi-ratelimit-headers), and a
 * request past either limit is refused with 429, a Retry-After and a problem.
 */
export interface Quota {
  policy: "address" | "token";
  limit: number;
  remaining: number;
  resetSeconds: number;
}

const limitText = textsOf({ "api.domain.rateLimited": ["seconds"] });

/** How often a process adds the requests it counted to the shared counts (and reads the others'). */
export const LIMITS_SYNC_MS = 1000;

/** One counter per store (a process has one). */
const counters = new WeakMap<UseCases, SyncedWindowCounter>();
function counterOf(deps: ApiDeps): SyncedWindowCounter {
  let counter = counters.get(deps.useCases);
  if (!counter) {
    counter = deps.useCases.accounts.syncedCounter({ syncMs: LIMITS_SYNC_MS, onError: (err) => deps.log.warn({ err }, "API request counts not added to the shared limits yet; kept for the next sync") });
    counters.set(deps.useCases, counter);
  }
  return counter;
}

async function take(deps: ApiDeps, policy: Quota["policy"], key: string, limit: number): Promise<Quota> {
  const windowMs = deps.limits.windowSeconds * 1000;
  const counted = await counterOf(deps).count(`api:${policy}:${key}`, { limit, windowMs });
  const now = new Date();
  const resetMs = counted.windowStartedAt.getTime() + windowMs - now.getTime();
  return { policy, limit, remaining: Math.max(0, limit - counted.count), resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)), ...(counted.count > limit ? { over: true } : {}) };
}

function exceeded(quota: Quota & { over?: boolean }): boolean {
  return quota.over === true;
}

/** The RateLimit fields for the quotas this request was counted against. */
export function setRateLimitHeaders(res: Response, quotas: readonly Quota[], windowSeconds: number): void {
  if (quotas.length === 0) return;
  res.setHeader("RateLimit-Policy", quotas.map((q) => `"${q.policy}";q=${q.limit};w=${windowSeconds}`).join(", "));
  res.setHeader("RateLimit", quotas.map((q) => `"${q.policy}";r=${q.remaining};t=${q.resetSeconds}`).join(", "));
}

function tooMany(quota: Quota): ApiProblem {
  return new ApiProblem(429, "rate_limited", limitText("api.domain.rateLimited", { seconds: quota.resetSeconds }), { retryAfterSeconds: quota.resetSeconds });
}

/** Counts the request against its address; past the limit, throws the 429 (the quota is still added for its headers). */
export async function countAddress(deps: ApiDeps, address: string, quotas: Quota[]): Promise<void> {
  const quota = await take(deps, "address", address, deps.limits.perAddress);
  quotas.push(quota);
  if (exceeded(quota)) throw tooMany(quota);
}

/** Counts the request against the token's session; past the limit, throws the 429. */
export async function countToken(deps: ApiDeps, sessionId: string, quotas: Quota[]): Promise<void> {
  const quota = await take(deps, "token", sessionId, deps.limits.perToken);
  quotas.push(quota);
  if (exceeded(quota)) throw tooMany(quota);
}
