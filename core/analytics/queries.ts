import { between, desc, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { analyticsDaily, analyticsDailyCategory } from "../../db/schema/index.ts";
import { PAID_STATUSES } from "../orders/index.ts";
import { rowsOf } from "../shared/sql-rows.ts";
import { addDays, buckets, percent, percentChange, STORE_TIME_ZONE, type DayRange } from "./rules.ts";

/** The analytics page's reads. Every one reads the daily rollups, never the raw events. */

export interface Totals {
  revenueCents: number;
  orders: number;
  averageOrderCents: number;
  sessions: number;
  buyingSessions: number;
  conversionRate: number;
  pageViews: number;
  productViews: number;
  addToCarts: number;
  checkoutsStarted: number;
  cartSessions: number;
  refunds: number;
  refundCents: number;
}

export interface Kpi {
  value: number;
  previous: number;
  /** Per cent up (positive) or down; null when the previous period had nothing. */
  change: number | null;
}

async function totals(db: Db, range: DayRange): Promise<Totals> {
  const [row] = await db
    .select({
      revenueCents: sql<number>`coalesce(sum(${analyticsDaily.revenueCents}), 0)`.mapWith(Number),
      orders: sql<number>`coalesce(sum(${analyticsDaily.purchases}), 0)`.mapWith(Number),
      sessions: sql<number>`coalesce(sum(${analyticsDaily.sessions}), 0)`.mapWith(Number),
      buyingSessions: sql<number>`coalesce(sum(${analyticsDaily.buyingSessions}), 0)`.mapWith(Number),
      pageViews: sql<number>`coalesce(sum(${analyticsDaily.pageViews}), 0)`.mapWith(Number),
      productViews: sql<number>`coalesce(sum(${analyticsDaily.productViews}), 0)`.mapWith(Number),
      addToCarts: sql<number>`coalesce(sum(${analyticsDaily.addToCarts}), 0)`.mapWith(Number),
      checkoutsStarted: sql<number>`coalesce(sum(${analyticsDaily.checkoutsStarted}), 0)`.mapWith(Number),
      cartSessions: sql<number>`coalesce(sum(${analyticsDaily.cartSessions}), 0)`.mapWith(Number),
      refunds: sql<number>`coalesce(sum(${analyticsDaily.refunds}), 0)`.mapWith(Number),
      refundCents: sql<number>`coalesce(sum(${analyticsDaily.refundCents}), 0)`.mapWith(Number),
    })
    .from(analyticsDaily)
    .where(between(analyticsDaily.day, range.from, range.to));
  const t = row!;
  return {
    ...t,
    averageOrderCents: t.orders > 0 ? Math.round(t.revenueCents / t.orders) : 0,
    conversionRate: percent(t.buyingSessions, t.sessions),
  };
}

const kpi = (value: number, previous: number): Kpi => ({ value, previous, change: percentChange(value, previous) });

export interface Overview {
  kpis: { revenue: Kpi; orders: Kpi; averageOrder: Kpi; conversion: Kpi };
  /** Revenue per day, or per week (the week's first day) when `weekly`. */
  revenueSeries: { day: string; revenueCents: number; orders: number }[];
  byCategory: { category: string; revenueCents: number; units: number }[];
}

/** Revenue and orders per day, or per week (the week's first day) when `weekly`. */
async function revenueSeries(db: Db, range: DayRange, weekly: boolean): Promise<Overview["revenueSeries"]> {
  const bucket = weekly ? sql`date_trunc('week', ${analyticsDaily.day})::date::text` : sql`${analyticsDaily.day}::text`;
  return db
    .select({
      day: sql<string>`${bucket}`,
      revenueCents: sql<number>`sum(${analyticsDaily.revenueCents})`.mapWith(Number),
      orders: sql<number>`sum(${analyticsDaily.purchases})`.mapWith(Number),
    })
    .from(analyticsDaily)
    .where(between(analyticsDaily.day, range.from, range.to))
    .groupBy(bucket)
    .orderBy(bucket);
}

async function categories(db: Db, range: DayRange): Promise<Overview["byCategory"]> {
  return db
    .select({
      category: analyticsDailyCategory.category,
      revenueCents: sql<number>`sum(${analyticsDailyCategory.revenueCents})`.mapWith(Number),
      units: sql<number>`sum(${analyticsDailyCategory.units})`.mapWith(Number),
    })
    .from(analyticsDailyCategory)
    .where(between(analyticsDailyCategory.day, range.from, range.to))
    .groupBy(analyticsDailyCategory.category)
    .orderBy(desc(sql`sum(${analyticsDailyCategory.revenueCents})`));
}

export async function getOverview(db: Db, range: DayRange, previous: DayRange, weekly: boolean): Promise<Overview> {
  const [now, before, series, byCategory] = await Promise.all([totals(db, range), totals(db, previous), revenueSeries(db, range, weekly), categories(db, range)]);
  return {
    kpis: {
      revenue: kpi(now.revenueCents, before.revenueCents),
      orders: kpi(now.orders, before.orders),
      averageOrder: kpi(now.averageOrderCents, before.averageOrderCents),
      conversion: kpi(now.conversionRate, before.conversionRate),
    },
    revenueSeries: (() => {
      const found = new Map(series.map((p) => [p.day, p]));
      return buckets(range, weekly).map((day) => found.get(day) ?? { day, revenueCents: 0, orders: 0 });
    })(),
    byCategory,
  };
}

/**
 * The spec's sales metrics for a range (and, on the page, for the period before it). Each rate is worked
 * out from the counts it is shown with, so the page can say "1 of 3" beside "33.3%":
 * - customers: the accounts with a paid order (not refunded in full) in the period; new ones bought for the
 *   first time in it, returning ones had bought before it. Return customer rate: returning of those.
 * - lifetime value: what the customers so far (everyone with a paid order up to the period's end) spent in
 *   all up to then, per customer.
 * - cart abandonment: sessions that added to the cart and did not buy, of the sessions that added to it.
 * - refunds: the money refunded in the period, of the revenue of the period.
 */
export interface SalesMetrics {
  customers: { new: number; returning: number };
  /** Everyone with a paid order up to the period's end: what the lifetime value is shared among. */
  customersSoFar: number;
  lifetimeValueCents: number;
  returnCustomerRate: number;
  cartSessions: number;
  abandonedCartSessions: number;
  cartAbandonmentRate: number;
  revenueCents: number;
  refundRate: number;
  refundCents: number;
}

export interface Sales extends SalesMetrics {
  series: { day: string; revenueCents: number; orders: number; averageOrderCents: number }[];
  bySource: { source: string; revenueCents: number; orders: number; sessions: number }[];
  byCategory: { category: string; revenueCents: number; units: number }[];
  /** The same metrics for the period before, for the comparison. */
  previous: SalesMetrics;
}

/** Store-day bounds of a range as timestamps (New York), for reads of the orders table. */
/** Midnight of a store day (New York), as SQL: where that day's events and orders begin. */
export const storeDayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${STORE_TIME_ZONE}`;
const rangeStart = (r: DayRange) => storeDayStart(r.from);
const rangeEnd = (r: DayRange) => storeDayStart(addDays(r.to, 1));
/** A paid order not refunded whole; written out as in the partial index orders_paid_user_idx, so the planner can use it. */
export const PAID_ORDER = sql.raw(`status in (${PAID_STATUSES.map((s) => `'${s}'`).join(", ")}) and refunded_at is null`);

export async function getSales(db: Db, range: DayRange, previous: DayRange, weekly: boolean): Promise<Sales> {
  const bySourceQuery = db
    .select({
      source: analyticsDaily.source,
      revenueCents: sql<number>`sum(${analyticsDaily.revenueCents})`.mapWith(Number),
      orders: sql<number>`sum(${analyticsDaily.purchases})`.mapWith(Number),
      sessions: sql<number>`sum(${analyticsDaily.sessions})`.mapWith(Number),
    })
    .from(analyticsDaily)
    .where(between(analyticsDaily.day, range.from, range.to))
    .groupBy(analyticsDaily.source)
    .orderBy(analyticsDaily.source);
  const [series, byCategory, bySource, now, before] = await Promise.all([
    revenueSeries(db, range, weekly),
    categories(db, range),
    bySourceQuery,
    salesMetrics(db, range),
    salesMetrics(db, previous),
  ]);
  return {
    series: series.map((p) => ({ ...p, averageOrderCents: p.orders > 0 ? Math.round(p.revenueCents / p.orders) : 0 })),
    bySource,
    byCategory,
    ...now,
    previous: before,
  };
}

async function salesMetrics(db: Db, range: DayRange): Promise<SalesMetrics> {
  const [t, people] = await Promise.all([totals(db, range), customerFigures(db, range)]);
  // Sessions are counted per day: a day's buying sessions may include one whose add was the day before.
  const abandoned = Math.max(0, t.cartSessions - t.buyingSessions);
  return {
    customers: { new: people.newCustomers, returning: people.returning },
    customersSoFar: people.customers,
    lifetimeValueCents: people.customers > 0 ? Math.round(people.revenueCents / people.customers) : 0,
    returnCustomerRate: percent(people.returning, people.newCustomers + people.returning),
    cartSessions: t.cartSessions,
    abandonedCartSessions: abandoned,
    cartAbandonmentRate: percent(abandoned, t.cartSessions),
    revenueCents: t.revenueCents,
    refundRate: percent(t.refundCents, t.revenueCents),
    refundCents: t.refundCents,
  };
}

/**
 * Customers come from the orders (paid ones), in one pass over each customer's paid orders up to the
 * range's end (the partial index orders_paid_user_idx holds all it reads): who bought in the range for
 * the first time (new) or again (returning), and over the whole history up to the end how many
 * customers there are and what they spent. A customer's first order
 * before the end is their first ever order whenever they bought in the range.
 */
async function customerFigures(db: Db, range: DayRange) {
  const [row] = rowsOf<{ new_customers: number; returning: number; customers: number; revenue: string | null }>(
    await db.execute(sql`
      select count(*) filter (where c.in_range > 0 and c.first_at >= ${rangeStart(range)})::int as new_customers,
             count(*) filter (where c.in_range > 0 and c.first_at < ${rangeStart(range)})::int as returning,
             count(*)::int as customers,
             sum(c.spent)::bigint as revenue
      from (
        select user_id, min(created_at) as first_at, count(*) filter (where created_at >= ${rangeStart(range)}) as in_range,
          sum(total_cents) as spent
        from orders
        where ${PAID_ORDER} and created_at < ${rangeEnd(range)}
        group by user_id
      ) c`),
  );
  return {
    newCustomers: row?.new_customers ?? 0,
    returning: row?.returning ?? 0,
    customers: row?.customers ?? 0,
    revenueCents: Number(row?.revenue ?? 0),
  };
}
