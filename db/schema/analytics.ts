import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const EVENT_TYPES = ["page_view", "product_view", "add_to_cart", "search", "checkout_started", "purchase", "refund"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_SOURCES = ["web", "mobile"] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/**
 * What shoppers did, one row per event, never an email or a name. Partitioned by month (migration 0011:
 * the table is created PARTITION BY RANGE (occurred_at), with a default partition; the month partitions
 * are made ahead by the analytics job), so retention drops whole months and a month's scan stays small.
 * The primary key includes occurred_at, as a partitioned table's keys must.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity(),
    type: text("type").$type<EventType>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    userId: text("user_id"),
    /** The first-party session cookie's id; null when the browser asked not to be tracked (GPC, DNT). */
    sessionId: text("session_id"),
    source: text("source").$type<EventSource>().notNull().default("web"),
    path: text("path"),
    productId: integer("product_id"),
    variantId: integer("variant_id"),
    quantity: integer("quantity"),
    valueCents: integer("value_cents"),
    query: text("query"),
    resultCount: integer("result_count"),
    orderId: text("order_id"),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.occurredAt] }),
    index("analytics_events_time_idx").on(t.occurredAt),
    check("analytics_events_type_check", sql`${t.type} in ('page_view', 'product_view', 'add_to_cart', 'search', 'checkout_started', 'purchase', 'refund')`),
    check("analytics_events_source_check", sql`${t.source} in ('web', 'mobile')`),
  ],
);

/**
 * Days (store time) whose rollups are out of date: one mark per transaction that wrote events, cleared
 * by the rollup job. Marks are only ever added, never merged: a mark merged into one that a running
 * recount is deleting would be lost with it, and the events behind it left uncounted (PostgreSQL,
 * read committed).
 */
export const analyticsDirtyDays = pgTable(
  "analytics_dirty_days",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [index("analytics_dirty_days_day_idx").on(t.day)],
);

/** One store day and source: the funnel's counts and the money. Recomputed whole from that day's events. */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").$type<EventSource>().notNull(),
    sessions: integer("sessions").notNull().default(0),
    pageViews: integer("page_views").notNull().default(0),
    productViews: integer("product_views").notNull().default(0),
    addToCarts: integer("add_to_carts").notNull().default(0),
    searches: integer("searches").notNull().default(0),
    checkoutsStarted: integer("checkouts_started").notNull().default(0),
    purchases: integer("purchases").notNull().default(0),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
    refunds: integer("refunds").notNull().default(0),
    refundCents: bigint("refund_cents", { mode: "number" }).notNull().default(0),
    /** Sessions that reached the step (distinct), for the funnel: a session counts once per step and day. */
    viewingSessions: integer("viewing_sessions").notNull().default(0),
    cartSessions: integer("cart_sessions").notNull().default(0),
    checkoutSessions: integer("checkout_sessions").notNull().default(0),
    buyingSessions: integer("buying_sessions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.source] })],
);

/** One store day, product and source. */
export const analyticsDailyProduct = pgTable(
  "analytics_daily_product",
  {
    day: date("day", { mode: "string" }).notNull(),
    productId: integer("product_id").notNull(),
    source: text("source").$type<EventSource>().notNull(),
    views: integer("views").notNull().default(0),
    addToCarts: integer("add_to_carts").notNull().default(0),
    purchases: integer("purchases").notNull().default(0),
    units: integer("units").notNull().default(0),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId, t.source] }), index("analytics_daily_product_product_idx").on(t.productId, t.day)],
);

/** One store day, category and source: units and money sold. */
export const analyticsDailyCategory = pgTable(
  "analytics_daily_category",
  {
    day: date("day", { mode: "string" }).notNull(),
    category: text("category").notNull(),
    source: text("source").$type<EventSource>().notNull(),
    units: integer("units").notNull().default(0),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.category, t.source] })],
);
