import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consume, countInWindow, pruneWindows, WindowCounter } from "../core/accounts/index.ts";
import { rateLimits } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The counters behind the API's limits (and the store's other throttles), on a real database.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

const minute = { limit: 3, windowMs: 60_000 };

describe("counting requests in windows", () => {
  it("counts each request with the window's start, and starts a new window once the old one is over", async () => {
    const start = new Date("2026-11-25T12:00:00Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    expect(await countInWindow(database.db, "api:address:192.0.2.1", minute, at(0))).toEqual({ count: 1, windowStartedAt: at(0) });
    expect(await countInWindow(database.db, "api:address:192.0.2.1", minute, at(30))).toEqual({ count: 2, windowStartedAt: at(0) });
    expect(await consume(database.db, "api:address:192.0.2.1", minute, at(40))).toBe(true); // the third: at the limit
    expect(await consume(database.db, "api:address:192.0.2.1", minute, at(50))).toBe(false); // the fourth: past it
    expect(await countInWindow(database.db, "api:address:192.0.2.1", minute, at(61))).toEqual({ count: 1, windowStartedAt: at(61) });
    // Another key has its own count.
    expect((await countInWindow(database.db, "api:token:abc", minute, at(61))).count).toBe(1);
  });

  it("forgets the API's old counters only, leaving the other throttles' and the current ones", async () => {
    const now = new Date("2026-11-25T15:00:00Z");
    const old = new Date(now.getTime() - 2 * 3600_000);
    await countInWindow(database.db, "api:address:198.51.100.9", minute, old);
    await countInWindow(database.db, "api:token:current", minute, now);
    await countInWindow(database.db, "reset:someone@east-harlem.test", minute, old);
    await countInWindow(database.db, "apiary:lookalike", minute, old);
    const gone = await pruneWindows(database.db, "api:", new Date(now.getTime() - 3600_000));
    expect(gone).toBeGreaterThanOrEqual(1);
    const left = async (key: string) => (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key))).length;
    expect(await left("api:address:198.51.100.9")).toBe(0);
    expect(await left("api:token:current")).toBe(1);
    expect(await left("reset:someone@east-harlem.test")).toBe(1);
    expect(await left("apiary:lookalike")).toBe(1);
  });
});

describe("counting a busy key's requests together", () => {
  it("gives fifty concurrent requests the places 1 to 50, all in the database before any answer", async () => {
    const counter = new WindowCounter(database.db);
    const rule = { limit: 40, windowMs: 60_000 };
    const key = "api:address:203.0.113.50";
    const counted = await Promise.all(Array.from({ length: 50 }, () => counter.count(key, rule).then((c) => c.count)));
    expect([...counted].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The first 40 are within the limit, the last 10 past it, as when counted one by one.
    expect(counted.filter((c) => c <= rule.limit)).toHaveLength(40);
    const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row!.count).toBe(50);
    // Another key is counted on its own, and a later request goes on from the stored count.
    expect((await counter.count("api:address:203.0.113.51", rule)).count).toBe(1);
    expect((await counter.count(key, rule)).count).toBe(51);
    expect((await countInWindow(database.db, key, rule)).count).toBe(52);
  });
});
