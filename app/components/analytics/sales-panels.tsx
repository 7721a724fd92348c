import type { FunnelStep, Kpi, Overview, Sales } from "../../../core/analytics/index.ts";
import { percentChange, type DayRange } from "../../../core/analytics/rules.ts";
import { useT } from "../../i18n/index.ts";
import { CATEGORY_LABEL, formatCents } from "../../lib/format.ts";
import { Cell, ResponsiveTable, rowClass } from "../admin/admin-ui.tsx";
import { CategoryPie, PIE_COLORS, RevenueChart } from "./charts.tsx";

/** The analytics page's Overview, Sales and Funnel tabs: figures from the rollups, each against the period before. */

function Change({ kpi, unit = "%" }: { kpi: Kpi; unit?: string }) {
  if (kpi.change === null) return <span className="text-sm text-muted">No earlier figure to compare</span>;
  const up = kpi.change > 0;
  const flat = kpi.change === 0;
  return (
    <span className={`text-sm font-semibold ${flat ? "text-muted" : up ? "text-ok" : "text-danger"}`}>
      <span aria-hidden="true">{flat ? "→" : up ? "▲" : "▼"} </span>
      {flat ? "No change" : `${up ? "Up" : "Down"} ${Math.abs(kpi.change)}${unit}`} on the previous period
    </span>
  );
}

function KpiCard({ label, value, kpi, testId }: { label: string; value: string; kpi: Kpi; testId: string }) {
  return (
    <div className="rounded border border-line bg-card p-4" data-testid={testId}>
      <p className="text-sm font-semibold text-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      <Change kpi={kpi} />
    </div>
  );
}

const categoryLabel = (c: string) => CATEGORY_LABEL[c as keyof typeof CATEGORY_LABEL] ?? c;

export function OverviewPanel({ overview, weekly }: { overview: Overview; weekly: boolean }) {
  return (
    <div className="mt-4 space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <KpiCard label="Revenue" value={formatCents(overview.kpis.revenue.value)} kpi={overview.kpis.revenue} testId="kpi-revenue" />
        <KpiCard label="Orders" value={String(overview.kpis.orders.value)} kpi={overview.kpis.orders} testId="kpi-orders" />
        <KpiCard label="Average order value" value={formatCents(overview.kpis.averageOrder.value)} kpi={overview.kpis.averageOrder} testId="kpi-aov" />
        <KpiCard label="Conversion rate" value={`${overview.kpis.conversion.value}%`} kpi={overview.kpis.conversion} testId="kpi-conversion" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <figure className="rounded border border-line bg-card p-4">
          <figcaption className="font-semibold">Revenue over time</figcaption>
          <RevenueChart data={overview.revenueSeries} label="Revenue" />
          <SeriesTable rows={overview.revenueSeries} weekly={weekly} />
        </figure>
        <figure className="rounded border border-line bg-card p-4">
          <figcaption className="font-semibold">Sales by category</figcaption>
          {overview.byCategory.length === 0 ? <p className="mt-4 text-muted">No sales in this period.</p> : <CategoryPie data={overview.byCategory.map((c) => ({ ...c, category: categoryLabel(c.category) }))} />}
          <CategoryTable rows={overview.byCategory} />
        </figure>
      </div>
    </div>
  );
}

export function FunnelPanel({ funnel }: { funnel: FunnelStep[] }) {
  return (
    <ol className="mt-4 space-y-3" data-testid="funnel">
      {funnel.map((step, i) => {
        const width = funnel[0]!.sessions > 0 && step.sessions > 0 ? Math.max(1, Math.round((step.sessions / funnel[0]!.sessions) * 100)) : 0;
        return (
          <li key={step.step} className="rounded border border-line bg-card p-4" data-testid={`funnel-${step.step}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">{step.label}</span>
              <span>
                <span className="text-xl font-bold" data-testid="funnel-count">
                  {step.sessions}
                </span>{" "}
                {step.sessions === 1 ? "session" : "sessions"}
                {i > 0 ? <span className="text-muted"> · {step.fromPrevious}% of the step before</span> : null}
                <span className="text-muted"> · {step.previousPeriod} in the previous period</span>
              </span>
            </div>
            <div aria-hidden="true" className="mt-2 h-3 rounded bg-paper">
              <div className="h-3 rounded bg-gold" style={{ width: `${width}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The Sales tab's figures, each with the counts it is worked out from and what it counts, under it: a rate
 * and the numbers beside it always agree (core/analytics/queries.ts, SalesMetrics).
 */
export function SalesPanel({ sales, weekly, range, previous }: { sales: Sales; weekly: boolean; range: DayRange; previous: DayRange }) {
  const t = useT();
  const customers = sales.customers.new + sales.customers.returning;
  const figures: { key: string; label: string; value: string; now: number; before: number; basis: string }[] = [
    {
      key: "lifetime-value",
      label: "Customer lifetime value",
      value: formatCents(sales.lifetimeValueCents),
      now: sales.lifetimeValueCents,
      before: sales.previous.lifetimeValueCents,
      basis: t("analytics.sales.lifetimeValue.basis", { count: sales.customersSoFar, to: range.to }),
    },
    {
      key: "return-rate",
      label: "Return customer rate",
      value: `${sales.returnCustomerRate}%`,
      now: sales.returnCustomerRate,
      before: sales.previous.returnCustomerRate,
      basis: t("analytics.sales.returnRate.basis", { returning: sales.customers.returning, customers }),
    },
    {
      key: "abandonment-rate",
      label: "Cart abandonment rate",
      value: `${sales.cartAbandonmentRate}%`,
      now: sales.cartAbandonmentRate,
      before: sales.previous.cartAbandonmentRate,
      basis: t("analytics.sales.abandonment.basis", { abandoned: sales.abandonedCartSessions, sessions: sales.cartSessions }),
    },
    {
      key: "refund-rate",
      label: "Refund rate",
      value: `${sales.refundRate}% (${formatCents(sales.refundCents)})`,
      now: sales.refundRate,
      before: sales.previous.refundRate,
      basis: t("analytics.sales.refundRate.basis", { refunded: formatCents(sales.refundCents), revenue: formatCents(sales.revenueCents) }),
    },
    {
      key: "new-customers",
      label: "New customers",
      value: String(sales.customers.new),
      now: sales.customers.new,
      before: sales.previous.customers.new,
      basis: t("analytics.sales.new.basis"),
    },
    {
      key: "returning-customers",
      label: "Returning customers",
      value: String(sales.customers.returning),
      now: sales.customers.returning,
      before: sales.previous.customers.returning,
      basis: t("analytics.sales.returning.basis"),
    },
  ];
  return (
    <div className="mt-4 space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map((f) => (
          <div key={f.key} className="rounded border border-line bg-card p-4" data-testid={`sales-${f.key}`}>
            <dt className="text-sm font-semibold text-muted">{f.label}</dt>
            <dd className="mt-1 text-xl font-bold" data-testid="sales-figure">
              {f.value}
            </dd>
            <dd className="mt-1 text-sm" data-testid="sales-basis">
              {f.basis}
            </dd>
            <dd>
              <Change kpi={{ value: f.now, previous: f.before, change: percentChange(f.now, f.before) }} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted" data-testid="sales-definitions">
        {t("analytics.sales.definitions", { from: range.from, to: range.to, previousFrom: previous.from, previousTo: previous.to })}
      </p>
      <figure className="rounded border border-line bg-card p-4">
        <figcaption className="font-semibold">Revenue, orders and average order value over time</figcaption>
        <RevenueChart data={sales.series} label="Revenue" />
        <SeriesTable rows={sales.series} weekly={weekly} withAverage />
      </figure>
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="font-semibold">By source</h3>
          <ResponsiveTable caption="Sales by source" columns={["Source", "Revenue", "Orders", "Sessions"]}>
            {sales.bySource.map((s) => (
              <tr key={s.source} className={rowClass}>
                <Cell label="Source">{s.source === "web" ? "Web" : "Mobile app"}</Cell>
                <Cell label="Revenue">{formatCents(s.revenueCents)}</Cell>
                <Cell label="Orders">{s.orders}</Cell>
                <Cell label="Sessions">{s.sessions}</Cell>
              </tr>
            ))}
          </ResponsiveTable>
          {sales.bySource.length === 0 ? <p className="mt-2 text-muted">No visits in this period.</p> : null}
        </div>
        <div>
          <h3 className="font-semibold">By category</h3>
          <CategoryTable rows={sales.byCategory} />
        </div>
      </div>
    </div>
  );
}

function SeriesTable({ rows, weekly, withAverage = false }: { rows: { day: string; revenueCents: number; orders: number; averageOrderCents?: number }[]; weekly: boolean; withAverage?: boolean }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold">Show as a table</summary>
      {rows.length === 0 ? (
        <p className="mt-2 text-muted">No sales in this period.</p>
      ) : (
        <ResponsiveTable caption={weekly ? "Revenue by week" : "Revenue by day"} columns={[weekly ? "Week of" : "Day", "Revenue", "Orders", ...(withAverage ? ["Average order"] : [])]}>
          {rows.map((r) => (
            <tr key={r.day} className={rowClass}>
              <Cell label={weekly ? "Week of" : "Day"}>{r.day}</Cell>
              <Cell label="Revenue">{formatCents(r.revenueCents)}</Cell>
              <Cell label="Orders">{r.orders}</Cell>
              {withAverage ? <Cell label="Average order">{formatCents(r.averageOrderCents ?? 0)}</Cell> : null}
            </tr>
          ))}
        </ResponsiveTable>
      )}
    </details>
  );
}

function CategoryTable({ rows }: { rows: { category: string; revenueCents: number; units: number }[] }) {
  if (rows.length === 0) return null;
  return (
    <ResponsiveTable caption="Sales by category" columns={["Category", "Revenue", "Units"]}>
      {rows.map((r, i) => (
        <tr key={r.category} className={rowClass}>
          <Cell label="Category">
            <span aria-hidden="true" className="mr-2 inline-block h-3 w-3 rounded-full align-middle" style={{ background: PIE_COLORS[i % PIE_COLORS.length] }} />
            {categoryLabel(r.category)}
          </Cell>
          <Cell label="Revenue">{formatCents(r.revenueCents)}</Cell>
          <Cell label="Units">{r.units}</Cell>
        </tr>
      ))}
    </ResponsiveTable>
  );
}
