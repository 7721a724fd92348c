import { Area, Cell, ComposedChart, Legend, Line, LineChart, Pie, PieChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { PIE_COLORS, type ForecastChartPoint } from "./chart-data.ts";

/**
 * The charts themselves, in Recharts: loaded by charts.tsx once React runs in the browser, so neither the
 * server (which never draws them) nor a page before hydration loads the library.
 */

const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString("en-US")}`;

export function RevenueLines({ data, label }: { data: { day: string; revenueCents: number; orders: number }[]; label: string }) {
  return (
    <LineChart accessibilityLayer={false} responsive style={{ width: "100%", height: "100%" }} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
      <CartesianGrid stroke="var(--color-line)" strokeDasharray="3 3" />
      <XAxis dataKey="day" stroke="var(--color-muted)" tick={{ fontSize: 12 }} />
      <YAxis stroke="var(--color-muted)" tick={{ fontSize: 12 }} tickFormatter={(v: number) => dollars(v)} width={64} />
      <Tooltip formatter={(v) => dollars(Number(v))} contentStyle={{ background: "var(--color-card)", borderColor: "var(--color-line)", color: "var(--color-ink)" }} />
      <Line type="monotone" dataKey="revenueCents" name={label} stroke="var(--color-gold)" strokeWidth={2} dot={data.length <= 31} isAnimationActive={false} />
    </LineChart>
  );
}

export function CategorySlices({ data }: { data: { category: string; revenueCents: number }[] }) {
  return (
    <PieChart accessibilityLayer={false} responsive style={{ width: "100%", height: "100%" }}>
      <Pie rootTabIndex={-1} data={data} dataKey="revenueCents" nameKey="category" innerRadius="45%" outerRadius="80%" isAnimationActive={false}>
        {data.map((d, i) => (
          <Cell key={d.category} fill={PIE_COLORS[i % PIE_COLORS.length]} />
        ))}
      </Pie>
      <Legend />
      <Tooltip formatter={(v) => dollars(Number(v))} contentStyle={{ background: "var(--color-card)", borderColor: "var(--color-line)", color: "var(--color-ink)" }} />
    </PieChart>
  );
}

export function ForecastBand({ data }: { data: ForecastChartPoint[] }) {
  return (
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
  );
}
