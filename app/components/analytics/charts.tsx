import { lazy, Suspense } from "react";
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

export function RevenueChart({ data, label }: { data: { day: string; revenueCents: number; orders: number }[]; label: string }) {
  const hydrated = useHydrated();
  return (
    <div aria-hidden="true" className="h-64 w-full" data-testid="revenue-chart">
      {hydrated ? (
        <Suspense fallback={null}>
          <RevenueLines data={data} label={label} />
        </Suspense>
      ) : null}
    </div>
  );
}

export function CategoryPie({ data }: { data: { category: string; revenueCents: number }[] }) {
  const hydrated = useHydrated();
  return (
    <div aria-hidden="true" className="h-64 w-full" data-testid="category-chart">
      {hydrated ? (
        <Suspense fallback={null}>
          <CategorySlices data={data} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Daily revenue (history) followed by the forecast line inside its prediction interval (a shaded band). */
export function ForecastChart({ data }: { data: ForecastChartPoint[] }) {
  const hydrated = useHydrated();
  return (
    <div aria-hidden="true" className="h-72 w-full" data-testid="forecast-chart">
      {hydrated ? (
        <Suspense fallback={null}>
          <ForecastBand data={data} />
        </Suspense>
      ) : null}
    </div>
  );
}
