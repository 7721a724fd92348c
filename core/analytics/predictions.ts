import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { forecastDaily, restockAdvice, type ForecastResult, type RateMethod, type RestockAdvice, MIN_HISTORY_DAYS } from "./forecast.ts";
import { rowsOf } from "../shared/sql-rows.ts";
import { PAID_ORDER, storeDayStart } from "./queries.ts";
import { addDays, daysBetween, STORE_TIME_ZONE } from "./rules.ts";

/**
 * The Predictions tab's reads: the store's daily sales as a series for the forecast, and per variant the
 * units sold per day for restock advice.
 *
 * Today is not part of the history: it is not over, and a half day would read as a slump at the very end
 * of the series (the point the forecast leans on most). History ends yesterday; the forecast starts today.
 */

export const FORECAST_HORIZON_DAYS = 30;
/** At most a year of history is read: older weeks say little about the next month. */
const HISTORY_DAYS = 365;
/** A reorder should last this long after it arrives (the time until the next look at the stock). */
export const REVIEW_PERIOD_DAYS = 30;
/** Per-variant sales are read for the last 26 weeks. */
const VARIANT_HISTORY_DAYS = 182;
export const RESTOCK_PAGE_SIZE = 50;

export interface SalesForecast {
  /** Every day from the first day with recorded activity to yesterday, zero where nothing was sold. */
  history: { day: string; revenueCents: number; orders: number }[];
  /** The forecast's days, today first (FORECAST_HORIZON_DAYS of them). */
  days: string[];
  revenue: ForecastResult;
  orders: ForecastResult;
}

/** Daily revenue and orders from the rollups (all sources), and their forecasts for the next 30 days. */
export async function getSalesForecast(db: Db, today: string): Promise<SalesForecast> {
  const yesterday = addDays(today, -1);
  const rows = rowsOf<{ day: string; revenue: string; orders: number }>(
    await db.execute(sql`
      select day::text as day, sum(revenue_cents)::bigint as revenue, sum(purchases)::int as orders
      from analytics_daily where day between ${addDays(today, -HISTORY_DAYS)}::date and ${yesterday}::date
      group by day order by day`),
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const history: SalesForecast["history"] = [];
  if (rows.length > 0) {
    const length = daysBetween(rows[0]!.day, yesterday) + 1;
    for (let i = 0; i < length; i++) {
      const day = addDays(rows[0]!.day, i);
      const row = byDay.get(day);
      history.push({ day, revenueCents: row ? Number(row.revenue) : 0, orders: row?.orders ?? 0 });
    }
  }
  return {
    history,
    days: Array.from({ length: FORECAST_HORIZON_DAYS }, (_, i) => addDays(today, i)),
    revenue: forecastDaily(history.map((h) => h.revenueCents), FORECAST_HORIZON_DAYS),
    orders: forecastDaily(history.map((h) => h.orders), FORECAST_HORIZON_DAYS),
  };
}

/** The sum of a forecast's first `days` points (null when there is no forecast). */
export function forecastTotal(result: ForecastResult, days: number): number | null {
  if (result.kind !== "forecast") return null;
  return result.points.slice(0, days).reduce((sum, p) => sum + p.value, 0);
}

export interface RestockRow extends RestockAdvice {
  variantId: number;
  productId: number;
  productName: string;
  /** Size and colour ("M / Black"), or "One size". */
  variantLabel: string;
  sku: string;
  available: number;
  /** Forecast units sold per day (two decimals). */
  ratePerDay: number;
  method: RateMethod;
}

export interface RestockAdviceList {
  rows: RestockRow[];
  /** Active variants of active products considered. */
  total: number;
  /** How many of them should be reordered now. */
  flagged: number;
  leadTimeDays: number;
  reviewDays: number;
}

/**
 * Restock advice for every active variant of an active product, flagged ones first, then by days of
 * cover (shortest first); the first `limit` rows, with the counts.
 *
 * The rate of sale is Holt-Winters on the variant's daily units (paid orders, by store day) when its first
 * sale in the last 26 weeks is at least four weeks back: the mean of the next four weeks' forecast, whole
 * weeks so the weekday pattern averages out. Otherwise it is the units of the last 28 days divided by 28,
 * or by the days since the variant was added when that is fewer (a new variant has not had 28 days to sell).
 */
export async function getRestockAdvice(db: Db, options: { today: string; leadTimeDays: number; reviewDays?: number; limit?: number }): Promise<RestockAdviceList> {
  const { today, leadTimeDays, reviewDays = REVIEW_PERIOD_DAYS, limit = RESTOCK_PAGE_SIZE } = options;
  const variantRows = rowsOf<{ id: number; product_id: number; name: string; size: string | null; color: string | null; sku: string; available: number; created: string }>(
    await db.execute(sql`
      select v.id, v.product_id, p.name, v.size, v.color, v.sku, v.available,
        (v.created_at at time zone ${STORE_TIME_ZONE})::date::text as created
      from variants v join products p on p.id = v.product_id
      where p.status = 'active' and v.active`),
  );
  const from = addDays(today, -VARIANT_HISTORY_DAYS);
  const sales = rowsOf<{ variant_id: number; day: string; units: number }>(
    await db.execute(sql`
      select oi.variant_id, (o.created_at at time zone ${STORE_TIME_ZONE})::date::text as day, sum(oi.quantity)::int as units
      from order_items oi join orders o on o.id = oi.order_id
      where ${PAID_ORDER} and oi.variant_id is not null and o.created_at >= ${storeDayStart(from)} and o.created_at < ${storeDayStart(today)}
      group by 1, 2`),
  );
  const unitsByVariant = new Map<number, Map<string, number>>();
  for (const s of sales) {
    const days = unitsByVariant.get(s.variant_id) ?? new Map<string, number>();
    days.set(s.day, s.units);
    unitsByVariant.set(s.variant_id, days);
  }

  const yesterday = addDays(today, -1);
  const all: RestockRow[] = variantRows.map((v) => {
    const days = unitsByVariant.get(v.id) ?? new Map<string, number>();
    const { ratePerDay, method } = saleRate(days, yesterday, daysBetween(v.created, today));
    return {
      variantId: v.id,
      productId: v.product_id,
      productName: v.name,
      variantLabel: [v.size, v.color].filter(Boolean).join(" / ") || "One size",
      sku: v.sku,
      available: v.available,
      ratePerDay: Math.round(ratePerDay * 100) / 100,
      method,
      ...restockAdvice({ available: v.available, ratePerDay, leadTimeDays, reviewDays, today }),
    };
  });
  all.sort(
    (a, b) =>
      Number(b.reorderNow) - Number(a.reorderNow) ||
      (a.daysOfCover ?? Number.POSITIVE_INFINITY) - (b.daysOfCover ?? Number.POSITIVE_INFINITY) ||
      a.productName.localeCompare(b.productName) ||
      a.variantId - b.variantId,
  );
  return { rows: all.slice(0, limit), total: all.length, flagged: all.filter((r) => r.reorderNow).length, leadTimeDays, reviewDays };
}

/** A variant's forecast units per day from its daily units (store day -> units) up to `lastDay`. */
function saleRate(units: Map<string, number>, lastDay: string, ageDays: number): { ratePerDay: number; method: RateMethod } {
  const sold = [...units.keys()].sort();
  if (sold.length > 0) {
    const length = daysBetween(sold[0]!, lastDay) + 1;
    if (length >= MIN_HISTORY_DAYS) {
      const series = Array.from({ length }, (_, i) => units.get(addDays(sold[0]!, i)) ?? 0);
      const result = forecastDaily(series, 28, { withBacktest: false });
      if (result.kind === "forecast") return { ratePerDay: result.points.reduce((s, p) => s + p.value, 0) / 28, method: "holt_winters" };
    }
  }
  const since = addDays(lastDay, -(MIN_HISTORY_DAYS - 1));
  const recent = [...units.entries()].filter(([day]) => day >= since).reduce((s, [, n]) => s + n, 0);
  // Days it could have sold on: since it was added, and at least since its first sale (a variant re-dated by
  // an import still sold on those days), at most the 28.
  const selling = sold.length > 0 ? daysBetween(sold[0]!, lastDay) + 1 : 0;
  const days = Math.min(MIN_HISTORY_DAYS, Math.max(1, ageDays, selling));
  return { ratePerDay: recent / days, method: "recent_average" };
}
