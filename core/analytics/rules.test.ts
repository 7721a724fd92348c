import { describe, expect, it } from "vitest";
import { buckets, conversionTone, percentChange, periodRange, previousRange, weekStart } from "./rules.ts";

describe("analytics periods", () => {
  it("compares a period with the same number of days just before it", () => {
    expect(periodRange(7, "2026-11-24")).toEqual({ current: { from: "2026-11-18", to: "2026-11-24" }, previous: { from: "2026-11-11", to: "2026-11-17" } });
    expect(previousRange({ from: "2026-03-01", to: "2026-03-31" })).toEqual({ from: "2026-01-29", to: "2026-02-28" });
  });

  it("lists every day, or every week from its Monday, so quiet days show as zero", () => {
    expect(buckets({ from: "2026-11-22", to: "2026-11-24" }, false)).toEqual(["2026-11-22", "2026-11-23", "2026-11-24"]);
    expect(weekStart("2026-11-22")).toBe("2026-11-16"); // a Sunday belongs to the week that began on Monday
    expect(buckets({ from: "2026-11-04", to: "2026-11-24" }, true)).toEqual(["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
  });

  it("says how much a figure moved, and not when there was nothing before", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
  });

  it("colours conversion as the spec says: above 5% green, above 2% yellow, else red", () => {
    expect([conversionTone(5.1), conversionTone(5), conversionTone(2.1), conversionTone(2)]).toEqual(["green", "yellow", "yellow", "red"]);
  });
});
