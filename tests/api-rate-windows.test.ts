import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consume, countInWindow, pruneWindows, SyncedWindowCounter, WindowCounter } from "../core/accounts/index.ts";
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

describe("counting in the process, added to the shared count once a second (the API's limits, ADR 0036)", () => {
  const stored = async (key: string) => (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;
  // A sync period no test waits for: these tests sync by hand, except the one about the timer.
  const byHand = { syncMs: 3_600_000 };

  it("counts a key's first request in the database and the next ones here, in order, then writes them in one sync", async () => {
    const counter = new SyncedWindowCounter(database.db, byHand);
    const rule = { limit: 40, windowMs: 60_000 };
    const key = "api:address:203.0.113.60";
    const first = await counter.count(key, rule);
    expect(first.count).toBe(1);
    expect(await stored(key)).toBe(1);
    const later = await Promise.all(Array.from({ length: 49 }, () => counter.count(key, rule)));
    expect(later.map((c) => c.count)).toEqual(Array.from({ length: 49 }, (_, i) => i + 2));
    expect(later.every((c) => c.windowStartedAt.getTime() === first.windowStartedAt.getTime())).toBe(true);
    // The 41st and after are past the limit, as when counted one by one.
    expect(later.filter((c) => c.count > rule.limit)).toHaveLength(10);
    expect(await stored(key)).toBe(1);
    await counter.sync();
    expect(await stored(key)).toBe(50);
    expect((await counter.count(key, rule)).count).toBe(51);
  });

  it("shares a key between processes: each adds its own at its sync and reads the others' there", async () => {
    const one = new SyncedWindowCounter(database.db, byHand);
    const two = new SyncedWindowCounter(database.db, byHand);
    const rule = { limit: 100, windowMs: 60_000 };
    const key = "api:address:203.0.113.61";
    for (let i = 0; i < 5; i++) await one.count(key, rule);
    // The second process's first request is counted in the database: it sees the first one's first request only.
    expect((await two.count(key, rule)).count).toBe(2);
    await two.count(key, rule);
    await two.count(key, rule);
    await one.sync();
    await two.sync();
    expect(await stored(key)).toBe(8);
    // The second synced last: it knows of all eight. The first heard of the second's first request only,
    // and hears of the rest at its next sync, up to a second later.
    expect((await two.count(key, rule)).count).toBe(9);
    expect((await one.count(key, rule)).count).toBe(7);
    await one.sync();
    expect((await one.count(key, rule)).count).toBe(10);
    await Promise.all([one.sync(), two.sync()]);
    expect(await stored(key)).toBe(11);
  });

  it("starts a new window once the old one is over, leaving out what was not yet written of the old one", async () => {
    const counter = new SyncedWindowCounter(database.db, byHand);
    const rule = { limit: 5, windowMs: 300 };
    const key = "api:address:203.0.113.62";
    const first = await counter.count(key, rule);
    await counter.count(key, rule);
    expect((await counter.count(key, rule)).count).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const next = await counter.count(key, rule);
    expect(next.count).toBe(1);
    expect(next.windowStartedAt.getTime()).toBeGreaterThan(first.windowStartedAt.getTime());
    await counter.sync();
    expect(await stored(key)).toBe(1);
  });

  it("writes on its own, syncMs after a request counted in the process", async () => {
    const counter = new SyncedWindowCounter(database.db, { syncMs: 50 });
    const rule = { limit: 100, windowMs: 60_000 };
    const key = "api:address:203.0.113.63";
    for (let i = 0; i < 4; i++) await counter.count(key, rule);
    expect(await stored(key)).toBe(1);
    await expect.poll(() => stored(key), { timeout: 5000 }).toBe(4);
  });

  it("forgets a key soon after its window ends, so a flood of addresses does not stay in memory", async () => {
    const counter = new SyncedWindowCounter(database.db, { syncMs: 50 });
    const rule = { limit: 100, windowMs: 2_000 };
    for (let i = 0; i < 20; i++) await counter.count(`api:address:198.51.100.${i}`, rule);
    expect(counter.size).toBe(20);
    await expect.poll(() => counter.size, { timeout: 10_000 }).toBe(0);
  });
});
