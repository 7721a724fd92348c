import { data } from "react-router";
import { Form, Link, useT } from "../../i18n/index.ts";
import { noStore } from "../../lib/private-page.ts";
// What the page itself (in the browser) uses comes from the database-free rules: the index would bring the
// database layer, and with it Node-only code, into the browser bundle.
import { PRODUCT_SORTS, type ProductSort } from "../../../core/analytics/rules.ts";
import { analyticsQuerySchema, BACKTEST_DAYS, DEFAULT_LEAD_TIME_DAYS, forecastTotal, MIN_HISTORY_DAYS, storeDay } from "../../../core/analytics/index.ts";
import { AnalyticsErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, primaryButton, secondaryButton } from "../../components/account/page-shell.tsx";
import { selectClass } from "../../components/admin/admin-ui.tsx";
import { FunnelPanel, OverviewPanel, SalesPanel } from "../../components/analytics/sales-panels.tsx";
import { ProductsPanel } from "../../components/analytics/products-panel.tsx";
import { PredictionsPanel, type PredictionsView } from "../../components/analytics/predictions-panel.tsx";
import { AUTO_SUBMIT } from "../../lib/app-on-interaction.ts";
import { requirePermission } from "../../lib/session.server.ts";
import { PERIODS, resolveRange } from "../../lib/analytics-range.ts";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = guardedMeta("Analytics");

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "sales", label: "Sales" },
  { value: "funnel", label: "Funnel" },
  { value: "products", label: "Products" },
  { value: "predictions", label: "Predictions" },
] as const;
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "analytics", "read");
  const search = new URL(request.url).searchParams;
  const query = analyticsQuerySchema.parse(Object.fromEntries(search));
  // Refresh counts what was recorded up to now (the rollup job otherwise runs every 30 seconds).
  if (search.has("refresh")) await context.analytics.rollup();
  const today = storeDay(new Date());
  const { current, previous, days, problem } = resolveRange(query, today);
  const weekly = days > 60;
  const sort: ProductSort = (PRODUCT_SORTS as readonly string[]).includes(search.get("sort") ?? "") ? (search.get("sort") as ProductSort) : "revenue";
  const [overview, funnel, sales, products] = await Promise.all([
    query.tab === "overview" ? context.useCases.analytics.getOverview(current, previous, weekly) : null,
    query.tab === "funnel" ? context.useCases.analytics.getFunnel(current, previous) : null,
    query.tab === "sales" ? context.useCases.analytics.getSales(current, previous, weekly) : null,
    query.tab === "products" ? context.useCases.analytics.getProductTable(current, sort) : null,
  ]);
  const predictions = query.tab === "predictions" ? await loadPredictions(context.useCases.analytics, today, query, search.get("leadTime")) : null;
  return data(
    { query: { ...query, from: query.from ?? current.from, to: query.to ?? current.to }, range: current, previous, weekly, problem, overview, funnel, sales, products, sort, predictions },
    { headers: noStore },
  );
}

/** Weeks of history drawn before the forecast on the chart. */
const CHART_HISTORY_DAYS = 56;

async function loadPredictions(analytics: Route.LoaderArgs["context"]["useCases"]["analytics"], today: string, query: ReturnType<typeof analyticsQuerySchema.parse>, askedLeadTime: string | null): Promise<PredictionsView> {
  const leadTime = query.leadTime;
  const leadTimeProblem =
    askedLeadTime !== null && askedLeadTime.trim() !== String(leadTime)
      ? `The lead time must be a whole number of days from 1 to 180; the advice below uses ${DEFAULT_LEAD_TIME_DAYS} days.`
      : null;
  const [sales, restock] = await Promise.all([analytics.getSalesForecast(today), analytics.getRestockAdvice({ today, leadTimeDays: leadTime })]);
  const keep: Record<string, string> = { period: query.period, ...(query.period === "custom" && query.from && query.to ? { from: query.from, to: query.to } : {}) };
  const { revenue, orders } = sales;
  const forecast: PredictionsView["forecast"] =
    revenue.kind === "not_enough_history"
      ? revenue
      : {
          kind: "forecast",
          historyDays: sales.history.length,
          recent: sales.history.slice(-CHART_HISTORY_DAYS).map((h) => ({ day: h.day, revenueCents: h.revenueCents })),
          days: sales.days,
          revenue: revenue.points,
          orders: orders.kind === "forecast" ? orders.points : [],
          totals: {
            revenue14: forecastTotal(revenue, 14) ?? 0,
            revenue30: forecastTotal(revenue, 30) ?? 0,
            orders14: forecastTotal(orders, 14) ?? 0,
            orders30: forecastTotal(orders, 30) ?? 0,
          },
          backtest: revenue.backtest,
          backtestNeeds: MIN_HISTORY_DAYS + BACKTEST_DAYS,
        };
  return { forecast, restock, leadTime, leadTimeProblem, keep };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "analytics", "read");
  throw data(null, { status: 405 });
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { query, range, previous, weekly, problem, overview, funnel, sales, products, sort, predictions } = loaderData;
  const current = TABS.find((t) => t.value === query.tab)!;
  const params = (change: Record<string, string>) =>
    `/analytics?${new URLSearchParams({ tab: query.tab, period: query.period, ...(query.period === "custom" ? { from: query.from, to: query.to } : {}), ...change })}`;
  const rangeText = `${range.from} to ${range.to}, compared with ${previous.from} to ${previous.to}`;
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl">Analytics</h1>
      <nav aria-label="Analytics sections" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((t) => (
            <li key={t.value}>
              <Link
                to={params({ tab: t.value })}
                aria-current={t.value === query.tab ? "page" : undefined}
                preventScrollReset
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${t.value === query.tab ? "border-ink bg-ink text-paper" : "border-line hover:bg-card"}`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* The forecast looks ahead from today: the period fields are for the other tabs. */}
      {query.tab === "predictions" ? (
        <p className="mt-4 text-sm text-muted">Looking ahead from today · store time (New York)</p>
      ) : (
        <>
          <Form method="get" action="/analytics" className="mt-4 flex flex-wrap items-end gap-3" preventScrollReset>
            <input type="hidden" name="tab" value={query.tab} />
            <div>
              <label htmlFor="period" className={labelClass}>
                Period
              </label>
              <select id="period" name="period" defaultValue={query.period} key={query.period} className={selectClass} {...AUTO_SUBMIT}>
                {PERIODS.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="from" className={labelClass}>
                From <span className="font-normal text-muted">(custom range)</span>
              </label>
              <input id="from" name="from" type="date" defaultValue={query.from} key={`from-${query.from}`} className={inputClass} />
            </div>
            <div>
              <label htmlFor="to" className={labelClass}>
                To <span className="font-normal text-muted">(custom range)</span>
              </label>
              <input id="to" name="to" type="date" defaultValue={query.to} key={`to-${query.to}`} className={inputClass} />
            </div>
            <button type="submit" className={secondaryButton}>
              Show
            </button>
            <button type="submit" name="refresh" value="1" className={primaryButton}>
              Refresh
            </button>
          </Form>
          {problem ? (
            <p role="alert" className="mt-3 text-sm text-danger">
              {problem}
            </p>
          ) : null}
          <p className="mt-3 text-sm text-muted">
            {rangeText}
            {weekly ? " · by week" : " · by day"} · store time (New York)
          </p>
        </>
      )}
      {/* What the visits and views count, on every tab (server/analytics.ts, ADR 0043). */}
      <p className="mt-2 text-sm text-muted" data-testid="analytics-left-out">
        {t("analytics.leftOut")}
      </p>

      <section aria-labelledby="analytics-section" className="mt-6">
        <h2 id="analytics-section" className="font-display text-2xl">
          {current.label}
        </h2>

        {overview ? <OverviewPanel overview={overview} weekly={weekly} /> : null}

        {funnel ? <FunnelPanel funnel={funnel} /> : null}

        {sales ? <SalesPanel sales={sales} weekly={weekly} range={range} previous={previous} /> : null}

        {products ? <ProductsPanel products={products} sort={sort} hrefFor={params} /> : null}

        {predictions ? <PredictionsPanel view={predictions} /> : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AnalyticsErrorBoundary />;
}
