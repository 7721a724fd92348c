import { sql } from "drizzle-orm";
import { bigint, check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { carts } from "./cart.ts";
import { products } from "./catalog.ts";

/**
 * A product's waiting room (core/queue, ADR 0034): its settings, edited with the product, and its shared
 * state, locked (FOR UPDATE) by every admission so several app processes admit in one order. capacity null:
 * no waiting room (the row stays, so the line's numbering goes on if it is switched on again). The admission
 * bucket holds `tokens`, refilled at rate_per_minute up to one minute's worth, by the database's clock.
 */
export const productQueues = pgTable(
  "product_queues",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Shoppers holding a pass at once (admitted, not yet expired nor used); null: no waiting room. */
    capacity: integer("capacity"),
    ratePerMinute: integer("rate_per_minute").notNull().default(60),
    checkoutMinutes: integer("checkout_minutes").notNull().default(10),
    nextSeq: bigint("next_seq", { mode: "number" }).notNull().default(1),
    tokens: doublePrecision("tokens").notNull().default(1),
    refilledAt: timestamp("refilled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("product_queues_capacity_check", sql`${t.capacity} is null or ${t.capacity} between 1 and 100000`),
    check("product_queues_rate_check", sql`${t.ratePerMinute} between 1 and 10000`),
    check("product_queues_checkout_minutes_check", sql`${t.checkoutMinutes} between 1 and 120`),
    check("product_queues_tokens_check", sql`${t.tokens} >= 0`),
  ],
);

/**
 * A place in a product's line. seq orders the line (given under the queue row's lock: no two alike, no gaps
 * jumped). Waiting while admitted_at is null; then a pass until expires_at (both set from now()). cart_id binds
 * the pass to the first cart that used it (a copied token serves no second cart); used_at is set when its
 * order is placed. The ticket's id is random and travels only signed (id.HMAC) in a cookie or header.
 */
export const queueTickets = pgTable(
  "queue_tickets",
  {
    id: text("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    accountId: text("account_id").references(() => users.id, { onDelete: "cascade" }),
    cartId: text("cart_id").references(() => carts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    admittedAt: timestamp("admitted_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("queue_tickets_seq_unique").on(t.productId, t.seq),
    index("queue_tickets_waiting_idx").on(t.productId, t.seq).where(sql`${t.admittedAt} is null`),
    index("queue_tickets_account_idx").on(t.accountId, t.productId),
    // One place waiting per account and product, whatever the devices joining at once (ADR 0040).
    uniqueIndex("queue_tickets_waiting_account_unique").on(t.productId, t.accountId).where(sql`${t.admittedAt} is null and ${t.accountId} is not null`),
    index("queue_tickets_cart_idx").on(t.cartId),
    check("queue_tickets_pass_check", sql`(${t.admittedAt} is null) = (${t.expiresAt} is null)`),
  ],
);

export type QueueTicketRow = typeof queueTickets.$inferSelect;
