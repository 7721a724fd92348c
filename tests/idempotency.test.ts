import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalJson, claimKey, IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_TTL_MS, keepAnswer, pruneExpiredKeys, releaseKey, type KeyedRequest } from "../core/idempotency/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The store of Idempotency-Key answers (core/idempotency) on a real database: PGlite, or PostgreSQL with
// TEST_DATABASE_URL, where concurrent claims really race.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

let n = 0;
const request = (over: Partial<KeyedRequest> = {}): KeyedRequest => ({ scope: "user:ana", key: `key-${++n}`, method: "post", path: "/api/v1/checkout", body: { fullName: "Ana", email: "ana@example.com" }, ...over });
const answer = { status: 201, type: "application/json", body: '{"status":"completed"}' };

describe("Idempotency-Key answers", () => {
  it("gives the first answer again for the same request, and refuses another request under the key", async () => {
    const first = request();
    expect(await claimKey(database.db, first)).toMatchObject({ kind: "claimed" });
    await keepAnswer(database.db, first.scope, first.key, answer);
    // The same body with its fields in another order is the same request.
    expect(await claimKey(database.db, { ...first, body: { email: "ana@example.com", fullName: "Ana" } })).toEqual({ kind: "replay", answer });
    expect(await claimKey(database.db, { ...first, body: { fullName: "Ana", email: "other@example.com" } })).toEqual({ kind: "mismatch" });
    expect(await claimKey(database.db, { ...first, path: "/api/v1/cart/items" })).toEqual({ kind: "mismatch" });
    // Another requester's key of the same name is theirs.
    expect(await claimKey(database.db, { ...first, scope: "user:ben" })).toMatchObject({ kind: "claimed" });
  });

  it("refuses a second request while the first runs, lets a lost one be retried, and forgets after a day", async () => {
    const now = new Date("2026-11-25T10:00:00Z");
    const first = request();
    expect(await claimKey(database.db, first, now)).toEqual({ kind: "claimed", since: now });
    expect(await claimKey(database.db, first, new Date(now.getTime() + 1000))).toEqual({ kind: "in_progress" });
    // Its hold ran out (its process stopped): the same request runs again; another one is still refused.
    const later = new Date(now.getTime() + IDEMPOTENCY_LOCK_MS + 1000);
    expect(await claimKey(database.db, { ...first, body: { other: true } }, later)).toEqual({ kind: "mismatch" });
    // Taken over, it is the same claim (what it started is resumed).
    expect(await claimKey(database.db, first, later)).toEqual({ kind: "claimed", since: now });
    await keepAnswer(database.db, first.scope, first.key, answer);
    const nextDay = new Date(later.getTime() + IDEMPOTENCY_TTL_MS + 1000);
    // A day on, the key is new again, whatever the request.
    expect(await claimKey(database.db, { ...first, body: { other: true } }, nextDay)).toEqual({ kind: "claimed", since: nextDay });

    const old = request();
    await claimKey(database.db, old, now);
    await keepAnswer(database.db, old.scope, old.key, answer);
    expect(await pruneExpiredKeys(database.db, new Date(now.getTime() + IDEMPOTENCY_TTL_MS + 1))).toBeGreaterThanOrEqual(1);
    expect(await claimKey(database.db, { ...old, body: { other: true } }, new Date(now.getTime() + IDEMPOTENCY_TTL_MS + 2))).toMatchObject({ kind: "claimed" });
  });

  it("lets go of a key whose request failed on the store's side", async () => {
    const first = request();
    await claimKey(database.db, first);
    await releaseKey(database.db, first.scope, first.key);
    expect(await claimKey(database.db, first)).toMatchObject({ kind: "claimed" });
  });

  it("gives a key to exactly one of many requests sent at once", async () => {
    const first = request();
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimKey(database.db, first)));
    expect(claims.filter((c) => c.kind === "claimed")).toHaveLength(1);
    expect(claims.filter((c) => c.kind === "in_progress")).toHaveLength(7);
  });

  it("compares bodies as canonical JSON", () => {
    expect(canonicalJson({ b: [1, { d: 2, c: null }], a: "x", u: undefined })).toBe('{"a":"x","b":[1,{"c":null,"d":2}]}');
  });
});
