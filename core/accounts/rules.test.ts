import { describe, expect, it } from "vitest";
import { attemptPair, decideAttempt, PASSWORD_THROTTLE, waitAfterFailuresMs } from "./rules.ts";

const T = PASSWORD_THROTTLE;
const t0 = new Date("2026-11-24T12:00:00Z");
const after = (ms: number) => new Date(t0.getTime() + ms);

describe("the wait after failed password attempts", () => {
  it("costs nothing for the first few failures, then doubles with each further one, up to the cap", () => {
    for (let failures = 0; failures <= T.freeFailures; failures++) expect(waitAfterFailuresMs(failures, false)).toBe(0);
    expect(waitAfterFailuresMs(T.freeFailures + 1, false)).toBe(T.firstWaitMs);
    expect(waitAfterFailuresMs(T.freeFailures + 2, false)).toBe(2 * T.firstWaitMs);
    expect(waitAfterFailuresMs(T.freeFailures + 3, false)).toBe(4 * T.firstWaitMs);
    expect(waitAfterFailuresMs(T.freeFailures + 40, false)).toBe(T.maxWaitMs);
    expect(waitAfterFailuresMs(10_000, false)).toBe(T.maxWaitMs);
  });

  it("from an address spraying many accounts: no free failures on a pair that has failed, and longer waits", () => {
    expect(waitAfterFailuresMs(0, true)).toBe(0);
    expect(waitAfterFailuresMs(1, true)).toBe(T.spray.firstWaitMs);
    expect(waitAfterFailuresMs(2, true)).toBe(2 * T.spray.firstWaitMs);
    expect(waitAfterFailuresMs(50, true)).toBe(T.maxWaitMs);
  });
});

describe("deciding an attempt", () => {
  it("always lets a pair with no failures try, even from a spraying address", () => {
    expect(decideAttempt(null, false, t0)).toEqual({ allowed: true, failures: 1 });
    expect(decideAttempt(null, true, t0)).toEqual({ allowed: true, failures: 1 });
  });

  it("holds a pair back until its wait has passed, and says how long is left", () => {
    const pair = { failures: T.freeFailures + 1, lastAttemptAt: t0 };
    expect(decideAttempt(pair, false, after(500))).toEqual({ allowed: false, retryAfterMs: T.firstWaitMs - 500 });
    expect(decideAttempt(pair, false, after(T.firstWaitMs))).toEqual({ allowed: true, failures: T.freeFailures + 2 });
  });

  it("lets the free failures through back to back", () => {
    expect(decideAttempt({ failures: T.freeFailures - 1, lastAttemptAt: t0 }, false, t0)).toEqual({ allowed: true, failures: T.freeFailures });
  });

  it("forgets a pair that has been quiet long enough", () => {
    const pair = { failures: 30, lastAttemptAt: t0 };
    expect(decideAttempt(pair, false, after(T.maxWaitMs - 1)).allowed).toBe(false);
    expect(decideAttempt(pair, false, after(T.forgetAfterMs))).toEqual({ allowed: true, failures: 1 });
  });

  it("is not held back by a record stamped a moment ahead by another process's clock", () => {
    expect(decideAttempt({ failures: 2, lastAttemptAt: after(50) }, false, t0).allowed).toBe(true);
  });

  it("counts an account by its email however it is typed", () => {
    expect(attemptPair("  Ana@Example.COM ", "192.0.2.1")).toEqual({ account: "ana@example.com", client: "192.0.2.1" });
  });
});
