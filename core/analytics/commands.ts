import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { analyticsDirtyDays, analyticsEvents } from "../../db/schema/index.ts";
import type { AnalyticsEvent, EventInput } from "./inputs.ts";
import { rowsOf } from "../shared/sql-rows.ts";
import { storeDayStart } from "./queries.ts";
import { addDays, monthStart, storeDay } from "./rules.ts";

/** Off when the operator turned recording off (ANALYTICS_RECORDING=off): set once at start, for the process. */
let recording = true;

/** Turns the recording of events on or off for this process (recordEvents then writes nothing). */
export function setEventRecording(on: boolean): void {
  recording = on;
}

const text = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));
const whole = (value: number | null | undefined) => (value == null || !Number.isInteger(value) ? null : value);

/**
 * An event as a row. Events are built by the store's own code (typed by EventInput), never parsed from a
 * request, so this only applies the defaults and the bounds of eventSchema, without its cost on every
 * page view.
 */
function toRow(e: EventInput): AnalyticsEvent {
  return {
    type: e.type,
    occurredAt: e.occurredAt,
    userId: text(e.userId, 100),
    sessionId: text(e.sessionId, 100),
    source: e.source ?? "web",
    path: text(e.path, 300),
    productId: whole(e.productId),
    variantId: whole(e.variantId),
    quantity: whole(e.quantity),
    valueCents: whole(e.valueCents),
    query: text(e.query, 100),
    resultCount: whole(e.resultCount),
    orderId: text(e.orderId, 100),
  };
}

/**
 * Writes events, and marks their store days for the rollup job, in the caller's transaction (a purchase
 * is recorded with its order: both commit or neither does). Writes nothing while recording is off.
 */
export async function recordEvents(tx: Db, events: readonly EventInput[]): Promise<void> {
  if (events.length === 0 || !recording) return;
  const rows = events.map(toRow);
  // One array per column, unnested into rows: a batch of page views costs the database (and the query
  // builder) about a tenth of what a VALUES list with a parameter per cell does; on the embedded database
  // that time is the event loop's.
  const column = <T>(value: (row: AnalyticsEvent) => T) => sql.param(rows.map(value));
  // The store days to recount go in with the events, in the same statement (one round trip; a purchase is
  // written in its order's transaction).
  const days = [...new Set(rows.map((r) => storeDay(r.occurredAt)))];
  await tx.execute(sql`
    with written as (
      insert into ${analyticsEvents} (type, occurred_at, user_id, session_id, source, path, product_id, variant_id, quantity, value_cents, query, result_count, order_id)
      select * from unnest(
        ${column((r) => r.type)}::text[], ${column((r) => r.occurredAt.toISOString())}::timestamptz[], ${column((r) => r.userId)}::text[],
        ${column((r) => r.sessionId)}::text[], ${column((r) => r.source)}::text[], ${column((r) => r.path)}::text[],
        ${column((r) => r.productId)}::int[], ${column((r) => r.variantId)}::int[], ${column((r) => r.quantity)}::int[],
        ${column((r) => r.valueCents)}::int[], ${column((r) => r.query)}::text[], ${column((r) => r.resultCount)}::int[], ${column((r) => r.orderId)}::text[]
      )
    )
    insert into ${analyticsDirtyDays} (day) select unnest(${sql.param(days)}::date[])`);
}

/** A batch from the recorder: one transaction, one multi-row insert. */
export async function writeEventBatch(db: Db, events: readonly EventInput[]): Promise<void> {
  if (events.length === 0) return;
  // One statement (recordEvents): atomic without a transaction of its own.
  await recordEvents(db, events);
}


/**
 * Recomputes one store day's rollups from its raw events (and, for what was bought, the orders' lines):
 * the day's rows are replaced whole, so a recount is always exact, never an increment gone wrong.
 */
export async function rollupDay(tx: Db, day: string): Promise<void> {
  const next = addDays(day, 1);
  await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
  await tx.execute(sql`delete from analytics_daily_product where day = ${day}::date`);
  await tx.execute(sql`delete from analytics_daily_category where day = ${day}::date`);
  const events = sql`(select * from analytics_events where occurred_at >= ${storeDayStart(day)} and occurred_at < ${storeDayStart(next)})`;
  await tx.execute(sql`
    insert into analytics_daily (day, source, sessions, page_views, product_views, add_to_carts, searches, checkouts_started,
      purchases, revenue_cents, refunds, refund_cents, viewing_sessions, cart_sessions, checkout_sessions, buying_sessions)
    select ${day}::date, e.source,
      count(distinct e.session_id),
      count(*) filter (where e.type = 'page_view'),
      count(*) filter (where e.type = 'product_view'),
      count(*) filter (where e.type = 'add_to_cart'),
      count(*) filter (where e.type = 'search'),
      count(*) filter (where e.type = 'checkout_started'),
      count(*) filter (where e.type = 'purchase'),
      coalesce(sum(e.value_cents) filter (where e.type = 'purchase'), 0),
      count(*) filter (where e.type = 'refund'),
      coalesce(sum(e.value_cents) filter (where e.type = 'refund'), 0),
      count(distinct e.session_id) filter (where e.type = 'product_view'),
      count(distinct e.session_id) filter (where e.type = 'add_to_cart'),
      count(distinct e.session_id) filter (where e.type = 'checkout_started'),
      count(distinct e.session_id) filter (where e.type = 'purchase')
    from ${events} e
    group by e.source`);
  await tx.execute(sql`
    insert into analytics_daily_product (day, product_id, source, views, add_to_carts, purchases, units, revenue_cents)
    select ${day}::date, x.product_id, x.source, sum(x.views), sum(x.adds), sum(x.purchases), sum(x.units), sum(x.revenue)
    from (
      select e.product_id, e.source,
        count(*) filter (where e.type = 'product_view') as views,
        count(*) filter (where e.type = 'add_to_cart') as adds,
        0 as purchases, 0 as units, 0 as revenue
      from ${events} e
      where e.product_id is not null and e.type in ('product_view', 'add_to_cart')
      group by e.product_id, e.source
      union all
      select i.product_id, e.source, 0, 0, count(distinct e.order_id), sum(i.quantity), sum(i.line_total_cents)
      from ${events} e join order_items i on i.order_id = e.order_id
      where e.type = 'purchase' and i.product_id is not null
      group by i.product_id, e.source
    ) x
    group by x.product_id, x.source`);
  await tx.execute(sql`
    insert into analytics_daily_category (day, category, source, units, revenue_cents)
    select ${day}::date, coalesce(p.category, 'other'), e.source, sum(i.quantity), sum(i.line_total_cents)
    from ${events} e
      join order_items i on i.order_id = e.order_id
      left join products p on p.id = i.product_id
    where e.type = 'purchase'
    group by 2, 3`);
}

/**
 * The rollup job's run: takes the days marked since the last run and recomputes each in its own
 * transaction. The marks are removed in the same transaction that recounts: it deletes only marks
 * already committed, whose events its later reads see; events committed meanwhile bring their own
 * mark, and the next run counts them.
 */
export async function rollupDirtyDays(db: Db, limit = 400): Promise<string[]> {
  const days = rowsOf<{ day: string }>(await db.execute(sql`select distinct day::text as day from analytics_dirty_days order by day limit ${limit}`));
  const done: string[] = [];
  for (const { day } of days) {
    await db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`delete from analytics_dirty_days where day = ${day}::date returning day`);
      if (rowsOf(claimed).length === 0) return; // another process took it
      await rollupDay(tx, day);
      done.push(day);
    });
  }
  return done;
}


const partitionName = (month: string) => `analytics_events_y${month.slice(0, 4)}m${month.slice(5, 7)}`;

/**
 * Makes the month partitions of the events table from `from`'s month to `monthsAhead` months after
 * today's. A month whose rows already sit in the default partition is moved out of it first, so the
 * partition can be made (PostgreSQL refuses one overlapping rows of the default).
 */
export async function ensureEventPartitions(db: Db, now: Date, monthsAhead = 2, from?: string): Promise<string[]> {
  const today = storeDay(now);
  const first = monthStart(from ?? today);
  const last = monthStart(today, monthsAhead);
  const made: string[] = [];
  for (let month = first; month <= last; month = monthStart(month, 1)) {
    const name = partitionName(month);
    const end = monthStart(month, 1);
    const exists = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pg_class where relname = ${name}`))[0]!.n > 0;
    if (exists) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table analytics_events_default in access exclusive mode`);
      await tx.execute(sql.raw(`create temporary table moving_events on commit drop as
        select * from analytics_events_default where occurred_at >= timestamptz '${month} 00:00:00 UTC' and occurred_at < timestamptz '${end} 00:00:00 UTC'`));
      await tx.execute(sql.raw(`delete from analytics_events_default where occurred_at >= timestamptz '${month} 00:00:00 UTC' and occurred_at < timestamptz '${end} 00:00:00 UTC'`));
      await tx.execute(sql.raw(`create table ${name} partition of analytics_events for values from ('${month} 00:00:00 UTC') to ('${end} 00:00:00 UTC')`));
      await tx.execute(sql.raw(`insert into analytics_events overriding system value select * from moving_events`));
    });
    made.push(name);
  }
  return made;
}

/**
 * Retention: raw events older than `months` months are dropped (whole month partitions, and any older
 * rows of the default partition); the rollups stay. Returns the partitions dropped.
 */
export async function pruneEvents(db: Db, now: Date, months: number): Promise<string[]> {
  const cutoffMonth = monthStart(storeDay(now), -months);
  const partitions = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = 'analytics_events' and c.relname like 'analytics_events_y%'`),
  );
  const dropped: string[] = [];
  for (const { name } of partitions) {
    const match = /^analytics_events_y(\d{4})m(\d{2})$/.exec(name);
    if (!match) continue;
    const month = `${match[1]}-${match[2]}-01`;
    if (monthStart(month, 1) <= cutoffMonth) {
      await db.execute(sql.raw(`drop table ${name}`));
      dropped.push(name);
    }
  }
  await db.execute(sql.raw(`delete from analytics_events_default where occurred_at < timestamptz '${cutoffMonth} 00:00:00 UTC'`));
  return dropped;
}
