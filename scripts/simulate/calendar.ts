import { addDays, storeDay } from "../../core/analytics/index.ts";
import { Weighted } from "./randomness.ts";

// The simulated history's calendar, in store time (New York): when days start, how busy each day and hour is.

const hourFormat = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", hourCycle: "h23" });

/** The instant a store day starts (New York midnight is 04:00 or 05:00 UTC). */
export function dayStartMs(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  for (const utcHour of [4, 5]) {
    const t = Date.UTC(y, m - 1, d, utcHour);
    if (storeDay(new Date(t)) === day && hourFormat.format(new Date(t)) === "00") return t;
  }
  throw new Error(`no New York midnight found for ${day}`);
}

/** Busier at weekends (index: Sunday = 0). */
const WEEKDAY = [1.3, 0.85, 0.8, 0.85, 0.9, 1.1, 1.4];
/** Shoppers by hour of the day (New York): quiet at night, busiest in the evening. */
export const HOURS = new Weighted([0.5, 0.3, 0.2, 0.15, 0.15, 0.2, 0.4, 0.7, 1, 1.2, 1.3, 1.4, 1.6, 1.5, 1.4, 1.4, 1.5, 1.7, 2, 2.2, 2.3, 2.1, 1.6, 1]);

/** How busy a day is: weekly rhythm, a holiday peak and a summer bump (the caller adds the growth). */
export function dayWeight(day: string): { traffic: number; buying: number } {
  const date = new Date(`${day}T12:00:00Z`);
  const year = date.getUTCFullYear();
  const dayOfYear = (date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000;
  // Black Friday to Christmas: centred on 8 December, about three weeks wide.
  const holiday = Math.exp(-(((dayOfYear - 341) / 12) ** 2)) + 0.8 * Math.exp(-(((dayOfYear - 332) / 2) ** 2));
  const summer = 0.25 * Math.exp(-(((dayOfYear - 200) / 20) ** 2));
  const traffic = WEEKDAY[date.getUTCDay()]! * (1 + 1.2 * holiday + summer);
  // People buy more readily in the holiday weeks than they browse.
  return { traffic, buying: traffic * (1 + 0.35 * holiday) };
}

/** The store days of the simulation: `days` days ending with today's. */
export function simulatedDays(now: Date, days: number): string[] {
  const today = storeDay(now);
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}
