import { Area, Cell, ComposedChart, Legend, Line, LineChart, Pie, PieChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * The analytics page's charts (Recharts, loaded only by this admin route). Each is drawn once React runs
 * in the browser, in the theme's colours, and is hidden from screen readers: the table beside each chart
 * says the same in text. Recharts' keyboard layer is off, so nothing inside the hidden chart takes focus.
 */

/** The spec's six-colour palette for the sales-by-category pie (SPEC section 9). */
export const PIE_COLORS = ["#f5b700", "#b3261e", "#2563eb", "#059669", "#7c3aed", "#db2777"] as const;

const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString("en-US")}`;

export function RevenueChart({ data, label }: { data: { day: string; revenueCents: number; orders: number }[]; label: string }) {
  const hydrated = useHydrated();
  return (
    <div aria-hidden="true" className="h-64 w-full" data-testid="revenue-chart">
      {hydrated ? (
        <LineChart accessibilityLayer={false} responsive style={{ width: "100%", height: "100%" }} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="var(--color-line)" strokeDasharray="3 3" />
          <XAxis dataKey="day" stroke="var(--color-muted)" tick={{ fontSize: 12 }} />
          <YAxis stroke="var(--color-muted)" tick={{ fontSize: 12 }} tickFormatter={(v: number) => dollars(v)} width={64} />
          <Tooltip formatter={(v) => dollars(Number(v))} contentStyle={{ background: "var(--color-card)", borderColor: "var(--color-line)", color: "var(--color-ink)" }} />
          <Line type="monotone" dataKey="revenueCents" name={label} stroke="var(--color-gold)" strokeWidth={2} dot={data.length <= 31} isAnimationActive={false} />
        </LineChart>
      ) : null}
    </div>
  );
}

export function CategoryPie({ data }: { data: { category: string; revenueCents: number }[] }) {
  const hydrated = useHydrated();
  return (
    <div aria-hidden="true" className="h-64 w-full" data-testid="category-chart">
      {hydrated ? (
        <PieChart accessibilityLayer={false} responsive style={{ width: "100%", height: "100%" }}>
          <Pie rootTabIndex={-1} data={data} dataKey="revenueCents" nameKey="category" innerRadius="45%" outerRadius="80%" isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.category} fill={PIE_COLORS[i % PIE_COLORS.length]} />
            ))}
          </Pie>
          <Legend />
          <Tooltip formatter={(v) => dollars(Number(v))} contentStyle={{ background: "var(--color-card)", borderColor: "var(--color-line)", color: "var(--color-ink)" }} />
        </PieChart>
      ) : null}
    </div>
  );
}

/** One day of the forecast chart: what was sold (history), or the forecast with its 95% band [low, high]. */
export interface ForecastChartPoint {
  day: string;
  actualCents?: number;
  forecastCents?: number;
  bandCents?: [number, number];
}

/** Daily revenue (history) followed by the forecast line inside its prediction interval (a shaded band). */
export function ForecastChart({ data }: { data: ForecastChartPoint[] }) {
  const hydrated = useHydrated();
  return (
    <div aria-hidden="true" className="h-72 w-full" data-testid="forecast-chart">
      {hydrated ? (
        <ComposedChart accessibilityLayer={false} responsive style={{ width: "100%", height: "100%" }} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="var(--color-line)" strokeDasharray="3 3" />
          <XAxis dataKey="day" stroke="var(--color-muted)" tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis stroke="var(--color-muted)" tick={{ fontSize: 12 }} tickFormatter={(v: number) => dollars(v)} width={64} />
          <Tooltip
            formatter={(v) => (Array.isArray(v) ? `${dollars(Number(v[0]))} to ${dollars(Number(v[1]))}` : dollars(Number(v)))}
            contentStyle={{ background: "var(--color-card)", borderColor: "var(--color-line)", color: "var(--color-ink)" }}
          />
          <Legend />
          <Area type="monotone" dataKey="bandCents" name="95% range" stroke="none" fill="var(--color-gold)" fillOpacity={0.25} isAnimationActive={false} />
          <Line type="monotone" dataKey="actualCents" name="Revenue" stroke="var(--color-ink)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="forecastCents" name="Forecast" stroke="var(--color-gold)" strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={false} />
        </ComposedChart>
      ) : null}
    </div>
  );
}
