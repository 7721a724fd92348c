/** What the analytics charts (charts.tsx) and their drawing (charts-drawn.tsx) share. */

/** The spec's six-colour palette for the sales-by-category pie (SPEC section 9). */
export const PIE_COLORS = ["#f5b700", "#b3261e", "#2563eb", "#059669", "#7c3aed", "#db2777"] as const;

/** One day of the forecast chart: what was sold (history), or the forecast with its 95% band [low, high]. */
export interface ForecastChartPoint {
  day: string;
  actualCents?: number;
  forecastCents?: number;
  bandCents?: [number, number];
}
