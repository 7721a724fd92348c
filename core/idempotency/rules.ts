/** Idempotency-Key rules: pure, no database. */

/** How long an answer is kept to be given again for the same key (the README and the OpenAPI document say 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long the first request holds its key. A second request with the key meanwhile is refused (409); past
 * this the first is taken for lost (its process stopped) and a retry runs the request again. A checkout
 * waits at most 15 seconds for a duplicate, so a live request is well within it.
 */
export const IDEMPOTENCY_LOCK_MS = 60 * 1000;

/** A key as a client sends it: 1 to 255 visible ASCII characters (a UUID, say). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalid: "The Idempotency-Key header must be 1 to 255 visible characters.",
  required: "This request needs an Idempotency-Key header.",
  reused: "This Idempotency-Key was already used for a different request.",
  inProgress: "A request with this Idempotency-Key is still being processed. Try again in a moment.",
} as const;

/** A JSON value written with its object keys sorted, so the same body sent twice reads the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}
