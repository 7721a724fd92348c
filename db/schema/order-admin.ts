import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

export const ORDER_REFUND_STATUSES = ["refunding", "refunded"] as const;
export type OrderRefundStatus = (typeof ORDER_REFUND_STATUSES)[number];

/** A refunded line: which order line, how many units. */
export interface RefundLine {
  orderItemId: number;
  quantity: number;
}

/**
 * Money an administrator gave back on an order (a whole order, chosen lines, or an amount). The row is
 * written as "refunding" under the order's row lock, with the sum of the order's refunds checked against
 * its total, before the provider is asked; it becomes "refunded" (with the provider's refund id) after.
 * The idempotency key comes from the refund form, so the same form sent twice refunds once.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    status: text("status").$type<OrderRefundStatus>().notNull().default("refunding"),
    amountCents: integer("amount_cents").notNull(),
    lines: jsonb("lines").$type<RefundLine[]>().notNull().default([]),
    restocked: boolean("restocked").notNull().default(false),
    providerRefundId: text("provider_refund_id"),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    check("order_refunds_amount_check", sql`${t.amountCents} > 0`),
    check("order_refunds_status_check", sql`${t.status} in ('refunding', 'refunded')`),
    index("order_refunds_order_idx").on(t.orderId, t.createdAt),
    index("order_refunds_refunding_idx").on(t.createdAt).where(sql`${t.status} = 'refunding'`),
  ],
);

/** Internal notes on an order: staff only, append-only (no update or delete in the application). */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: text("author_id").notNull(),
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.createdAt)],
);

/** The local test card processor's refunds (PAYMENT_PROVIDER=test): one per idempotency key. */
export const testRefunds = pgTable("test_refunds", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  chargeId: text("charge_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
