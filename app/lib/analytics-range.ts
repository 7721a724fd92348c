// rules.ts, not the index: this module is part of the page the browser runs.
import { periodRange, previousRange, type DayRange } from "../../core/analytics/rules.ts";

/** The analytics page's periods (SPEC section 9), and a custom range. */
export const PERIODS = [
  { value: "7d", label: "Last 7 days", days: 7 },
  { value: "30d", label: "Last 30 days", days: 30 },
  { value: "90d", label: "Last 90 days", days: 90 },
  { value: "custom", label: "Custom range", days: 0 },
] as const;
const MAX_RANGE_DAYS = 366;

/** The range asked for: a period up to today, or a custom range within a year and not past today. */
export function resolveRange(query: { period: string; from?: string | undefined; to?: string | undefined }, today: string) {
  if (query.period === "custom" && query.from && query.to && query.from <= query.to && query.to <= today) {
    const length = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (length <= MAX_RANGE_DAYS) {
      const current: DayRange = { from: query.from, to: query.to };
      return { current, previous: previousRange(current), days: length, problem: null };
    }
  }
  const period = PERIODS.find((p) => p.value === query.period && p.days > 0) ?? PERIODS[1];
  const problem = query.period === "custom" ? `Choose a start and an end date, the start first, the end no later than today, at most ${MAX_RANGE_DAYS} days apart.` : null;
  return { ...periodRange(period.days, today), days: period.days, problem };
}

