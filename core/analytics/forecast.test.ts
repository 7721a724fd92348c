import { describe, expect, it } from "vitest";
import { backtest, forecastDaily, mape, MIN_HISTORY_DAYS, restockAdvice } from "./forecast.ts";

/** A seeded generator (mulberry32), so the "noise" is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Base 100 a day, +50 on the two weekend days (days 5 and 6 of each week), without noise. */
const truth = (day: number) => 100 + (day % 7 >= 5 ? 50 : 0);

/** The true pattern plus uniform noise of ±spread. */
function history(days: number, spread: number, seed = 42): number[] {
  const random = seeded(seed);
  return Array.from({ length: days }, (_, d) => truth(d) + (random() * 2 - 1) * spread);
}

describe("the sales forecast", () => {
  it("recovers a known weekly pattern: the 14 days after ten weeks of history are within 10% (MAPE) of the truth", () => {
    const series = history(70, 8);
    const result = forecastDaily(series, 14);
    expect(result.kind).toBe("forecast");
    if (result.kind !== "forecast") return;
    const expected = Array.from({ length: 14 }, (_, h) => truth(70 + h));
    const error = mape(expected, result.points.map((p) => p.value))!;
    expect(error).toBeLessThan(10);
    // The weekend lift is there: both forecast Saturdays and Sundays sit well above the weekdays.
    const weekend = result.points.filter((p) => (70 + p.step - 1) % 7 >= 5).map((p) => p.value);
    const weekdays = result.points.filter((p) => (70 + p.step - 1) % 7 < 5).map((p) => p.value);
    expect(Math.min(...weekend)).toBeGreaterThan(Math.max(...weekdays) + 25);
  });

  it("reports the backtest on the last two weeks, and its interval holds most of the held-out days", () => {
    const series = history(70, 8, 7);
    const result = forecastDaily(series, 30);
    if (result.kind !== "forecast") throw new Error("expected a forecast");
    expect(result.points).toHaveLength(30);
    expect(result.backtest).not.toBeNull();
    expect(result.backtest!.days).toBe(14);
    expect(result.backtest!.mape!).toBeLessThan(10);
    expect(result.backtest!.coverage).toBeGreaterThanOrEqual(80);
    // The interval widens (or holds) with the horizon and is never below zero.
    expect(result.points[29]!.upper - result.points[29]!.lower).toBeGreaterThanOrEqual(result.points[0]!.upper - result.points[0]!.lower);
    expect(result.points.every((p) => p.lower >= 0 && p.lower <= p.value && p.value <= p.upper)).toBe(true);
  });

  it("says there is not enough history below four weeks, with how many days there are", () => {
    expect(forecastDaily(history(27, 5), 14)).toEqual({ kind: "not_enough_history", days: 27, neededDays: MIN_HISTORY_DAYS });
    expect(forecastDaily([], 14)).toEqual({ kind: "not_enough_history", days: 0, neededDays: 28 });
    expect(forecastDaily(history(28, 5), 14).kind).toBe("forecast");
  });

  it("gives no backtest when holding two weeks out would leave fewer than four to fit", () => {
    const result = forecastDaily(history(35, 5), 14);
    expect(result.kind === "forecast" && result.backtest).toBeNull();
    expect(backtest(history(42, 5))).not.toBeNull();
  });

  it("never forecasts negative sales", () => {
    // A collapse to zero: the trend points down, the forecast stops at zero.
    const series = [...Array.from({ length: 28 }, (_, d) => 60 - d * 2), ...Array.from({ length: 7 }, () => 0)];
    const result = forecastDaily(series, 30);
    if (result.kind !== "forecast") throw new Error("expected a forecast");
    expect(result.points.every((p) => p.value >= 0 && p.lower >= 0)).toBe(true);
  });

  it("measures MAPE only on days that had sales", () => {
    expect(mape([100, 0, 200], [110, 5, 180])).toBe(10);
    expect(mape([0, 0], [1, 2])).toBeNull();
  });
});

describe("restock advice", () => {
  const today = "2026-03-01";
  it("flags a variant whose stock runs out before a reorder could arrive, and says how much to order", () => {
    const advice = restockAdvice({ available: 10, ratePerDay: 2, leadTimeDays: 14, reviewDays: 30, today });
    expect(advice).toEqual({ daysOfCover: 5, reorderBy: today, reorderQuantity: 78, reorderNow: true });
  });

  it("gives a later reorder date when the cover outlasts the lead time", () => {
    const advice = restockAdvice({ available: 100, ratePerDay: 2, leadTimeDays: 14, reviewDays: 30, today });
    expect(advice).toEqual({ daysOfCover: 50, reorderBy: "2026-04-06", reorderQuantity: 0, reorderNow: false });
  });

  it("flags a stock-out, and leaves cover and date empty when nothing sells", () => {
    expect(restockAdvice({ available: 0, ratePerDay: 0, leadTimeDays: 14, reviewDays: 30, today })).toEqual({ daysOfCover: null, reorderBy: null, reorderQuantity: 0, reorderNow: true });
    expect(restockAdvice({ available: 5, ratePerDay: 0, leadTimeDays: 14, reviewDays: 30, today }).reorderNow).toBe(false);
  });
});
