import { Form } from "../../i18n/index.ts";
import type { Backtest, ForecastPoint, RestockAdviceList } from "../../../core/analytics/index.ts";
import { inputClass, labelClass, primaryButton } from "../account/page-shell.tsx";
import { Cell, ResponsiveTable, rowClass } from "../admin/admin-ui.tsx";
import { formatCents } from "../../lib/format.ts";
import { ForecastChart, type ForecastChartPoint } from "./charts.tsx";

/** What the loader hands the Predictions tab: the forecast (or why there is none) and the restock advice. */
export interface PredictionsView {
  forecast:
    | { kind: "not_enough_history"; days: number; neededDays: number }
    | {
        kind: "forecast";
        historyDays: number;
        /** The last weeks of history, for the chart. */
        recent: { day: string; revenueCents: number }[];
        /** Today first. */
        days: string[];
        revenue: ForecastPoint[];
        orders: ForecastPoint[];
        totals: { revenue14: number; revenue30: number; orders14: number; orders30: number };
        backtest: Backtest | null;
        /** Days of history the backtest needs. */
        backtestNeeds: number;
      };
  restock: RestockAdviceList;
  leadTime: number;
  /** Set when the lead time asked for was refused (and the default used instead). */
  leadTimeProblem: string | null;
  /** The period fields to carry over, so the other tabs keep their range. */
  keep: Record<string, string>;
}

const dollars = (cents: number) => formatCents(Math.round(cents / 100) * 100).replace(/\.00$/, "");
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function PredictionsPanel({ view }: { view: PredictionsView }) {
  return (
    <div className="mt-4 space-y-10" data-testid="predictions">
      <ForecastSection forecast={view.forecast} />
      <RestockSection view={view} />
    </div>
  );
}

function ForecastSection({ forecast }: { forecast: PredictionsView["forecast"] }) {
  if (forecast.kind === "not_enough_history") {
    return (
      <section aria-labelledby="forecast-heading">
        <h3 id="forecast-heading" className="text-xl font-semibold">
          Sales forecast
        </h3>
        <p className="mt-2 rounded border border-line bg-card p-4" data-testid="forecast-not-enough">
          Not enough history for a forecast yet: the store has {plural(forecast.days, "day")} of sales records, and a forecast needs {forecast.neededDays} (four whole weeks, so
          every weekday has been seen four times). {plural(forecast.neededDays - forecast.days, "more day")} to go.
        </p>
      </section>
    );
  }
  const { totals, backtest } = forecast;
  const chart: ForecastChartPoint[] = [
    ...forecast.recent.map((r) => ({ day: r.day, actualCents: r.revenueCents })),
    ...forecast.days.map((day, i) => ({ day, forecastCents: forecast.revenue[i]!.value, bandCents: [forecast.revenue[i]!.lower, forecast.revenue[i]!.upper] as [number, number] })),
  ];
  return (
    <section aria-labelledby="forecast-heading">
      <h3 id="forecast-heading" className="text-xl font-semibold">
        Sales forecast
      </h3>
      <p className="mt-1 text-sm text-muted">
        From {plural(forecast.historyDays, "day")} of sales up to yesterday, with the weekly rhythm of the store (Holt-Winters exponential smoothing). Today is the first forecast day.
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <div className="rounded border border-line bg-card p-4" data-testid="forecast-14">
          <dt className="text-sm font-semibold text-muted">Next 14 days</dt>
          <dd className="mt-1 text-2xl font-bold">{dollars(totals.revenue14)}</dd>
          <dd className="text-sm">about {plural(Math.round(totals.orders14), "order")}</dd>
        </div>
        <div className="rounded border border-line bg-card p-4" data-testid="forecast-30">
          <dt className="text-sm font-semibold text-muted">Next 30 days</dt>
          <dd className="mt-1 text-2xl font-bold">{dollars(totals.revenue30)}</dd>
          <dd className="text-sm">about {plural(Math.round(totals.orders30), "order")}</dd>
        </div>
        <div className="rounded border border-line bg-card p-4" data-testid="forecast-error">
          <dt className="text-sm font-semibold text-muted">Forecast error (MAPE)</dt>
          {backtest === null ? (
            <>
              <dd className="mt-1 text-2xl font-bold">Not measured yet</dd>
              <dd className="text-sm">
                Checking the forecast against real sales needs {forecast.backtestNeeds} days of history; there are {forecast.historyDays}.
              </dd>
            </>
          ) : backtest.mape === null ? (
            <>
              <dd className="mt-1 text-2xl font-bold">Not measured</dd>
              <dd className="text-sm">There were no sales in the last {backtest.days} days to compare the forecast with.</dd>
            </>
          ) : (
            <>
              <dd className="mt-1 text-2xl font-bold">{backtest.mape}%</dd>
              <dd className="text-sm">
                We hid the last {backtest.days} days, forecast them from the weeks before and compared: on an average day the forecast was {backtest.mape}% away from the real revenue. {backtest.coverage}% of
                those days fell inside the shaded range.
              </dd>
            </>
          )}
        </div>
      </dl>
      <figure className="mt-6 rounded border border-line bg-card p-4">
        <figcaption className="font-semibold">Daily revenue: the last weeks, then the forecast with its 95% range</figcaption>
        <ForecastChart data={chart} />
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold">Show the forecast as a table</summary>
          <ResponsiveTable caption="Forecast by day" columns={["Day", "Revenue forecast", "95% range", "Orders forecast"]}>
            {forecast.days.map((day, i) => (
              <tr key={day} className={rowClass}>
                <Cell label="Day">{day}</Cell>
                <Cell label="Revenue forecast">{dollars(forecast.revenue[i]!.value)}</Cell>
                <Cell label="95% range">
                  {dollars(forecast.revenue[i]!.lower)} to {dollars(forecast.revenue[i]!.upper)}
                </Cell>
                <Cell label="Orders forecast">{Math.round(forecast.orders[i]?.value ?? 0)}</Cell>
              </tr>
            ))}
          </ResponsiveTable>
        </details>
      </figure>
    </section>
  );
}

function RestockSection({ view }: { view: PredictionsView }) {
  const { restock, leadTime, leadTimeProblem, keep } = view;
  const described = ["lead-time-hint", leadTimeProblem ? "lead-time-error" : null].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="restock-heading">
      <h3 id="restock-heading" className="text-xl font-semibold">
        Restock advice
      </h3>
      <Form method="get" action="/analytics" className="mt-3 flex flex-wrap items-end gap-3" preventScrollReset>
        <input type="hidden" name="tab" value="predictions" />
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="w-40">
          <label htmlFor="leadTime" className={labelClass}>
            Lead time (days)
          </label>
          <input
            id="leadTime"
            name="leadTime"
            type="number"
            inputMode="numeric"
            min={1}
            max={180}
            step={1}
            required
            defaultValue={leadTime}
            key={leadTime}
            aria-describedby={described}
            aria-invalid={leadTimeProblem ? true : undefined}
            className={inputClass}
          />
        </div>
        <button type="submit" className={primaryButton}>
          Update advice
        </button>
        <p id="lead-time-hint" className="basis-full text-sm text-muted">
          Days from placing a reorder to having the stock, 1 to 180. A reorder covers the lead time and {restock.reviewDays} days after it.
        </p>
        {leadTimeProblem ? (
          <p id="lead-time-error" role="alert" className="basis-full text-sm text-danger">
            {leadTimeProblem}
          </p>
        ) : null}
      </Form>
      <p className="mt-4" data-testid="restock-summary">
        <strong>
          {restock.flagged} of {plural(restock.total, "variant")}
        </strong>{" "}
        {restock.flagged === 1 ? "needs" : "need"} reordering now (less stock than {plural(leadTime, "day")} of sales, or none left).
      </p>
      {restock.rows.length === 0 ? (
        <p className="mt-2 text-muted">No active variants to advise on.</p>
      ) : (
        <ResponsiveTable
          caption={`Restock advice for a ${leadTime}-day lead time`}
          columns={["Product", "Variant", "SKU", "Available", "Forecast units/day", "Days of cover", "Reorder by", "Reorder quantity", "Status"]}
        >
          {restock.rows.map((r) => (
            <tr key={r.variantId} className={`${rowClass} ${r.reorderNow ? "max-sm:border-danger max-sm:border-2" : ""}`} data-testid="restock-row">
              <Cell label="Product">{r.productName}</Cell>
              <Cell label="Variant">{r.variantLabel}</Cell>
              <Cell label="SKU">{r.sku}</Cell>
              <Cell label="Available">{r.available}</Cell>
              <Cell label="Forecast units/day">
                {r.ratePerDay} <span className="whitespace-nowrap text-muted">({r.method === "holt_winters" ? "forecast" : "4-week average"})</span>
              </Cell>
              <Cell label="Days of cover">{r.daysOfCover === null ? "No recent sales" : r.daysOfCover}</Cell>
              <Cell label="Reorder by">{r.reorderBy === null ? "No date" : r.reorderBy}</Cell>
              <Cell label="Reorder quantity">{r.ratePerDay === 0 ? "No sales to size it" : r.reorderQuantity}</Cell>
              <Cell label="Status">
                {r.reorderNow ? (
                  <span className="inline-block rounded border-2 border-danger px-2 py-0.5 font-bold text-danger sm:whitespace-nowrap" data-testid="reorder-now">
                    <span aria-hidden="true">⚠ </span>Reorder now{r.available <= 0 ? " (out of stock)" : ""}
                  </span>
                ) : (
                  <span className="whitespace-nowrap">OK</span>
                )}
              </Cell>
            </tr>
          ))}
        </ResponsiveTable>
      )}
      {restock.total > restock.rows.length ? (
        <p className="mt-3 text-sm text-muted">
          Showing the first {restock.rows.length} of {restock.total} variants: those to reorder first, then the shortest cover.
        </p>
      ) : null}
    </section>
  );
}
