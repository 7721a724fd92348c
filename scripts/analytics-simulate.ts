// npm run analytics:simulate -- --days 365 --events 1000000 --orders 100000 [--seed 1] [--now ISO] [--yes]
//
// Fills the database (DATABASE_URL, or the embedded one in DATA_DIR) with a store's history over the
// last `days` store days (New York) ending today: sessions with page views, product views, searches,
// carts and checkouts (many abandoned), and purchases that are real orders (checkout attempt, order,
// lines, status history; a few per cent refunded) of simulated customers (@example.test). Weekends and
// the holiday weeks are busier; a few products sell most. Stock counters are never touched: this is
// history, not inventory. The daily rollups are recounted at the end, so the analytics page reads it.
//
// The run is deterministic for a seed and an end (the start of the current hour, or of --now). It refuses a database holding orders
// of real customers unless --yes is given, and a seed already simulated there.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { addDays, ensureEventPartitions, rollupDirtyDays } from "../core/analytics/index.ts";
import { rowsOf } from "../core/shared/sql-rows.ts";
import { loadEnv } from "../server/env.ts";
import {
  apportion,
  dayStartMs,
  dayWeight,
  EVENTS_PER_ORDER_ESTIMATE,
  makeRng,
  Shoppers,
  simulatedDays,
  type SimEvent,
  type SimOrder,
} from "./simulate-history.ts";
import { tables } from "./simulate/bulk-writes.ts";
import { loadCatalogue } from "./simulate/catalogue.ts";

const REFUND_SHARE = 0.03;
const FLUSH_EVENTS = 20_000;

function options() {
  const { values } = parseArgs({
    options: {
      days: { type: "string", default: "365" },
      events: { type: "string", default: "1000000" },
      orders: { type: "string", default: "100000" },
      seed: { type: "string", default: "1" },
      yes: { type: "boolean", default: false },
      now: { type: "string" },
    },
  });
  const whole = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min} (got "${raw}")`);
    return n;
  };
  const days = whole("days", values.days, 1);
  const orders = whole("orders", values.orders, 0);
  const events = whole("events", values.events, 1);
  const seed = whole("seed", values.seed, 0);
  if (days > 3660) throw new Error("--days must be at most 3660");
  if (events < orders * (EVENTS_PER_ORDER_ESTIMATE + 1)) {
    throw new Error(`--events must be at least about ${Math.ceil(EVENTS_PER_ORDER_ESTIMATE + 1)} per order (each purchase comes with its session's views, cart and checkout)`);
  }
  // The history ends at the start of the hour (of --now, or of the clock): two runs with the same seed
  // in the same hour, or with the same --now, write the same rows.
  const end = values.now === undefined ? Date.now() : Date.parse(values.now);
  if (!Number.isFinite(end) || end > Date.now()) throw new Error(`--now must be a moment no later than now, such as 2026-11-24T18:00:00Z (got "${values.now}")`);
  const now = Math.floor(end / HOUR) * HOUR;
  return { days, orders, events, seed, yes: values.yes, now };
}

// ---------------------------------------------------------------------------------------------

const FIRST = ["Ana", "Luis", "Keisha", "Marcus", "Sofia", "Jamal", "Camila", "Andre", "Maya", "Carlos", "Tiana", "Darnell", "Isabel", "Jordan", "Nia", "Rafael"];
const LAST = ["Rivera", "Johnson", "Santiago", "Williams", "Cruz", "Brown", "Ortiz", "Davis", "Reyes", "Jackson", "Torres", "Harris", "Morales", "Lewis", "Diaz", "Walker"];
const ZIPS = ["10029", "10035", "10037", "10039", "10026", "10027", "10030", "10454", "11211", "07030"];
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function main() {
  const opts = options();
  const started = Date.now();
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 4 });
  try {
    await database.migrate();
    const db = database.db;
    const prefix = `sim-${opts.seed}-`;
    const [real] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from orders where user_id not like 'sim-%'`));
    if (real!.n > 0 && !opts.yes) {
      console.error(
        `This database holds ${real!.n} real orders (${database.kind === "postgres" ? new URL(env.DATABASE_URL!).pathname.slice(1) : env.DATA_DIR}).\n` +
          "The simulation would mix invented history into its analytics and sales. Point DATABASE_URL (or DATA_DIR) at a scratch database,\n" +
          "or pass --yes if you really mean to add simulated history here.",
      );
      return 2;
    }
    const [already] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users where id like ${`${prefix}%`}`));
    if (already!.n > 0) {
      console.error(`This database already holds a simulation with --seed ${opts.seed}: use another --seed, or reset the database (npm run db:reset).`);
      return 2;
    }

    const now = opts.now;
    const days = simulatedDays(new Date(now), opts.days);
    const { products, searches } = await loadCatalogue(db);
    const made = await ensureEventPartitions(db, new Date(now), 2, days[0]!);
    console.error(`${database.kind}: ${days[0]} to ${days.at(-1)} (${days.length} days), ${products.length} products; ${made.length} month partitions made`);

    // How the orders and the browsing are spread over the days: busier days get more of both, plus a
    // slow growth over the period; today only counts the part of it that has passed.
    const rng = makeRng(opts.seed);
    const weights = days.map((day, i) => {
      const w = dayWeight(day);
      const growth = 0.8 + (0.4 * i) / Math.max(1, days.length - 1);
      const start = dayStartMs(day);
      const part = Math.min(1, Math.max(0, (now - start) / (dayStartMs(addDays(day, 1)) - start)));
      return { traffic: w.traffic * growth * part, buying: w.buying * growth * part };
    });
    const ordersByDay = apportion(opts.orders, weights.map((w) => w.buying));
    // Browsing gets what the purchases leave of the events: each day its share of what is left, so the
    // last day makes the total exact whatever the sessions that bought took.
    const trafficLeft = weights.map((w) => w.traffic);
    for (let i = trafficLeft.length - 2; i >= 0; i--) trafficLeft[i]! += trafficLeft[i + 1]!;
    let eventsMade = 0;
    let ordersMade = 0;

    const shoppers = new Shoppers(rng, prefix, products, searches);
    const t = tables();
    const written = { events: 0, orders: 0, rows: 0 };
    let lastReport = 0;
    const report = (force = false) => {
      if (!force && Date.now() - lastReport < 2000) return;
      lastReport = Date.now();
      const seconds = (Date.now() - started) / 1000;
      const pct = Math.min(100, ((written.events / opts.events) * 100)).toFixed(1);
      console.error(
        `  events ${written.events.toLocaleString("en-US")} / ${opts.events.toLocaleString("en-US")} (${pct}%), orders ${written.orders.toLocaleString("en-US")} / ${opts.orders.toLocaleString("en-US")}, ` +
          `${Math.round(written.events / seconds).toLocaleString("en-US")} events/s, ${Math.round(written.rows / seconds).toLocaleString("en-US")} rows/s, ${seconds.toFixed(0)} s`,
      );
    };
    const flush = async () => {
      const orders = t.orders.length;
      await db.transaction(async (tx) => {
        // In the order of the foreign keys: users, attempts, orders, then what hangs off orders.
        for (const table of [t.users, t.attempts, t.orders, t.items, t.history, t.refunds]) written.rows += await table.write(tx);
        const n = await t.events.write(tx);
        written.events += n;
        written.rows += n;
      });
      written.orders += orders;
      report();
    };
    const pushEvent = (e: SimEvent) =>
      t.events.push(e.type, iso(e.at), e.userId, e.sessionId, e.source, e.path, e.productId, e.variantId, e.quantity, e.valueCents, e.query, e.resultCount, e.orderId);

    /** Buffers an order's rows; returns the events it added besides its session's (a refund: 1). */
    const writeOrder = (o: SimOrder): number => {
      const userId = shoppers.userId(o.customer);
      const email = `${userId}@example.test`;
      const name = `${FIRST[o.customer % FIRST.length]} ${LAST[Math.floor(o.customer / FIRST.length) % LAST.length]}`;
      if (o.newCustomer) t.users.push(userId, name, email, true, "customer", iso(o.at - Math.floor(rng() * HOUR)), iso(o.at));
      const address = JSON.stringify({ name, street: `${100 + (o.customer % 1800)} E ${100 + (o.customer % 40)}th St`, city: "New York", state: "NY", zipCode: ZIPS[o.customer % ZIPS.length], country: "US" });
      const id = shoppers.orderId(o.n);
      const attemptId = `${prefix}c${o.n}`;
      const paymentId = `sim_ch_${opts.seed}_${o.n}`;
      const brand = rng() < 0.6 ? "visa" : "mastercard";
      const last4 = String(1000 + Math.floor(rng() * 9000));
      const lines = o.lines.map((l) => ({
        variantId: l.variant.id, productId: l.variant.productId, slug: l.variant.slug, name: l.variant.name, sku: l.variant.sku,
        size: l.variant.size, color: l.variant.color, image: l.variant.image, unitPriceCents: l.variant.unitPriceCents, quantity: l.quantity,
      }));
      // Shipped a day or two after, delivered a few days later; what has not happened yet by now has not.
      const shippedAt = o.at + DAY + Math.floor(rng() * DAY);
      const deliveredAt = shippedAt + 2 * DAY + Math.floor(rng() * 3 * DAY);
      const status = deliveredAt <= now ? "delivered" : shippedAt <= now ? "shipped" : "processing";
      const updated = status === "delivered" ? deliveredAt : status === "shipped" ? shippedAt : o.at;
      t.attempts.push(attemptId, `${prefix}k${o.n}`, userId, "completed", "test", JSON.stringify(lines), o.subtotalCents, o.taxCents, 0, o.totalCents, email,
        address, address, paymentId, brand, last4, iso(o.at - 5000), iso(o.at + 15 * 60_000), o.sessionId, o.source, iso(o.at - 5000), iso(o.at));
      t.orders.push(id, attemptId, userId, status, email, name, o.subtotalCents, o.taxCents, 0, o.totalCents, address, address, "test", paymentId, brand, last4,
        status === "processing" ? null : `1Z${opts.seed}${String(o.n).padStart(9, "0")}`, status === "processing" ? null : "UPS", iso(o.at), iso(updated));
      for (const l of o.lines) {
        const v = l.variant;
        t.items.push(id, v.productId, v.id, v.slug, v.name, v.sku, v.size, v.color, v.image, v.unitPriceCents, l.quantity, v.unitPriceCents * l.quantity);
      }
      t.history.push(id, null, "pending", userId, "Order placed", iso(o.at));
      t.history.push(id, "pending", "processing", "system", "Payment received", iso(o.at));
      if (status !== "processing") t.history.push(id, "processing", "shipped", "system", "Shipped with UPS", iso(shippedAt));
      if (status === "delivered") t.history.push(id, "shipped", "delivered", "system", null, iso(deliveredAt));
      // A few per cent come back after delivery: refunded in full by the back office.
      const refundAt = deliveredAt + Math.floor(rng() * 10 * DAY);
      if (status === "delivered" && rng() < REFUND_SHARE && refundAt <= now) {
        t.refunds.push(id, `${prefix}r${o.n}`, "refunded", o.totalCents, `sim_re_${opts.seed}_${o.n}`, "system", "returns@example.test", "Returned", iso(refundAt - HOUR), iso(refundAt));
        pushEvent({ type: "refund", at: refundAt, userId, sessionId: null, source: "web", path: null, productId: null, variantId: null, quantity: null, valueCents: o.totalCents, query: null, resultCount: null, orderId: id });
        return 1;
      }
      return 0;
    };

    for (let i = 0; i < days.length; i++) {
      const day = days[i]!;
      const start = dayStartMs(day);
      const end = Math.min(dayStartMs(addDays(day, 1)), now);
      if (end <= start) continue;
      for (let k = 0; k < ordersByDay[i]!; k++) {
        const { events, order } = shoppers.buyingSession(start, end);
        events.forEach(pushEvent);
        eventsMade += events.length + writeOrder(order);
      }
      ordersMade += ordersByDay[i]!;
      const browsingLeft = opts.events - eventsMade - Math.round((opts.orders - ordersMade) * (EVENTS_PER_ORDER_ESTIMATE + REFUND_SHARE));
      const browsing = Math.max(0, Math.round((browsingLeft * weights[i]!.traffic) / (trafficLeft[i]! || 1)));
      shoppers.browsingSessions(start, end, browsing).forEach(pushEvent);
      eventsMade += browsing;
      if (t.events.length >= FLUSH_EVENTS) await flush();
    }
    await flush();
    report(true);
    const insertSeconds = (Date.now() - started) / 1000;

    // Every simulated day is recounted (also the ones a refund reached later).
    await db.execute(sql`insert into analytics_dirty_days (day) select d::date from generate_series(${days[0]}::date, ${days.at(-1)}::date, interval '1 day') d`);
    // Fresh statistics for the planner, and (vacuum) a visibility map, so the Sales tab's customer figures
    // are read from the index alone.
    if (database.kind === "postgres") await db.execute(sql`vacuum (analyze) analytics_events, orders, order_items`);
    let recounted = 0;
    for (;;) {
      const done = await rollupDirtyDays(db, 30);
      if (done.length === 0) break;
      recounted += done.length;
      console.error(`  rollups: ${recounted} days recounted (through ${done.at(-1)}), ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    if (database.kind === "postgres") await db.execute(sql`vacuum (analyze) analytics_daily, analytics_daily_product, analytics_daily_category`);
    const total = (Date.now() - started) / 1000;
    console.error(
      `done: ${written.events.toLocaleString("en-US")} events, ${written.orders.toLocaleString("en-US")} orders of ${shoppers.customers.toLocaleString("en-US")} customers, ` +
        `${written.rows.toLocaleString("en-US")} rows in ${insertSeconds.toFixed(1)} s; ${recounted} days recounted; ${total.toFixed(1)} s in all`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
