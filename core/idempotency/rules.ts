/** Idempotency-Key rules: pure, no database. */
import { textsOf } from "../shared/text.ts";

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

/** Why a request's key is refused: texts of the catalogue (texts/messages, api.json), worded by the API. */
export const idempotencyText = textsOf({
  "api.domain.idempotencyInvalid": [],
  "api.domain.idempotencyRequired": [],
  "api.domain.idempotencyReused": [],
  "api.domain.idempotencyInProgress": [],
});

/** A JSON value written with its object keys sorted, so the same body sent twice reads the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}
