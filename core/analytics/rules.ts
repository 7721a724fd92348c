/** Pure analytics rules: store days, periods, comparisons. No database. */

export const STORE_TIME_ZONE = "America/New_York";
export const PERIODS = ["7d", "30d", "90d"] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_DAYS: Record<Period, number> = { "7d": 7, "30d": 30, "90d": 90 };
/** Raw events are kept this many months unless ANALYTICS_RETENTION_MONTHS says otherwise; rollups for ever. */
export const DEFAULT_RETENTION_MONTHS = 13;

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: STORE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The store's calendar day (New York) of a moment, as YYYY-MM-DD. */
export function storeDay(at: Date): string {
  return dayFormat.format(at);
}

/** YYYY-MM-DD plus n days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A range of store days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The last n store days up to today, and the n days before them (for the comparison). */
export function periodRange(days: number, today: string): { current: DayRange; previous: DayRange } {
  const from = addDays(today, -(days - 1));
  return { current: { from, to: today }, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
}

/** The same length just before a custom range. */
export function previousRange(range: DayRange): DayRange {
  const length = daysBetween(range.from, range.to) + 1;
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** Change from the previous period in per cent, one decimal; null when there was nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** A share as a percentage with one decimal (0 when the whole is 0). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** Conversion colours (SPEC section 9): above 5% green, above 2% yellow, otherwise red. */
export function conversionTone(ratePercent: number): "green" | "yellow" | "red" {
  if (ratePercent > 5) return "green";
  if (ratePercent > 2) return "yellow";
  return "red";
}

/** The first day of the month of a YYYY-MM-DD day, and of the month n months later. */
export function monthStart(day: string, plusMonths = 0): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + plusMonths;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** The products table's sorts. */
export const PRODUCT_SORTS = ["revenue", "views", "purchases", "conversion", "addToCarts", "rating"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Monday of the week of a day (PostgreSQL's date_trunc('week') agrees: weeks start on Monday). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every day (or every week's Monday) of a range, so a chart shows the quiet days as zero, not as nothing. */
export function buckets(range: DayRange, weekly: boolean): string[] {
  const out: string[] = [];
  for (let day = weekly ? weekStart(range.from) : range.from; day <= range.to; day = addDays(day, weekly ? 7 : 1)) out.push(day);
  return out;
}
