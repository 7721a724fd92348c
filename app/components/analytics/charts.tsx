import { lazy, Suspense, type ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { ForecastChartPoint } from "./chart-data.ts";

/**
 * The analytics page's charts. Each is drawn once React runs in the browser, in the theme's colours, and is
 * hidden from screen readers: the table beside each chart says the same in text. Recharts' keyboard layer
 * is off, so nothing inside the hidden chart takes focus. The drawing (charts-drawn.tsx, with Recharts) is
 * imported only then: the server never draws a chart, so it does not load Recharts when it starts (about
 * 0.2 s of a start that must answer within 2 s), and the page's own code stays smaller.
 */

export { PIE_COLORS, type ForecastChartPoint } from "./chart-data.ts";

const drawn = () => import("./charts-drawn.tsx");
const RevenueLines = lazy(() => drawn().then((m) => ({ default: m.RevenueLines })));
const CategorySlices = lazy(() => drawn().then((m) => ({ default: m.CategorySlices })));
const ForecastBand = lazy(() => drawn().then((m) => ({ default: m.ForecastBand })));

/** A chart's room, its size kept before and while the drawing loads; the drawing once React runs. */
function ChartFrame({ testId, className, children }: { testId: string; className: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div aria-hidden="true" className={`${className} w-full`} data-testid={testId}>
      {hydrated ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}

export function RevenueChart({ data, label }: { data: { day: string; revenueCents: number; orders: number }[]; label: string }) {
  return (
    <ChartFrame testId="revenue-chart" className="h-64">
      <RevenueLines data={data} label={label} />
    </ChartFrame>
  );
}

export function CategoryPie({ data }: { data: { category: string; revenueCents: number }[] }) {
  return (
    <ChartFrame testId="category-chart" className="h-64">
      <CategorySlices data={data} />
    </ChartFrame>
  );
}

/** Daily revenue (history) followed by the forecast line inside its prediction interval (a shaded band). */
export function ForecastChart({ data }: { data: ForecastChartPoint[] }) {
  return (
    <ChartFrame testId="forecast-chart" className="h-72">
      <ForecastBand data={data} />
    </ChartFrame>
  );
}
