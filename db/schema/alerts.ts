import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { products, variants } from "./catalog.ts";
import { outbox } from "./mail.ts";

/**
 * "Notify me" sign-ups (core/alerts, ADR 0032): one address waiting for one product (variant_id null: any
 * of its variants) to come back in stock or to go on sale. Pending while mailed_at and stopped_at are both
 * null; the partial unique index keeps one pending row per (address, product, variant), so asking twice
 * keeps the first row and its place in line (created_at, then id, is the line). mailed_at is set in the
 * transaction that queues the mail (outbox_id null: the recipient's "Restock alerts" switch was off, so
 * nothing was written). stop_token is the random secret of the mail's one-click stop link.
 */
export const restockAlerts = pgTable(
  "restock_alerts",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    customerId: text("customer_id").references(() => users.id, { onDelete: "set null" }),
    locale: text("locale").$type<"en" | "es">().notNull().default("en"),
    stopToken: text("stop_token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    outboxId: integer("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
  },
  (t) => [
    check("restock_alerts_email_check", sql`${t.email} = lower(btrim(${t.email}))`),
    check("restock_alerts_locale_check", sql`${t.locale} in ('en', 'es')`),
    uniqueIndex("restock_alerts_pending_unique")
      .on(t.email, t.productId, sql`coalesce(${t.variantId}, 0)`)
      .where(sql`${t.mailedAt} is null and ${t.stoppedAt} is null`),
    index("restock_alerts_line_idx").on(t.productId, t.createdAt, t.id).where(sql`${t.mailedAt} is null and ${t.stoppedAt} is null`),
  ],
);
