// The idempotency module's face: other code imports it from here only (rules.ts, free of the database, may
// also be imported by browser-bound UI code and by other modules' rules).
export { canonicalJson, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_TTL_MS, idempotencyText } from "./rules.ts";
export { claimKey, fingerprintOf, keepAnswer, pruneExpiredKeys, releaseKey, type Claim, type KeyedRequest, type StoredAnswer } from "./commands.ts";
