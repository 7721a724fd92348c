import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { variants } from "./catalog.ts";

export const ALERT_TYPES = ["low_stock", "out_of_stock"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_SEVERITIES = ["medium", "high"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/**
 * Stock alerts raised by inventory commands. Invariant: at most one unacknowledged alert per
 * (variant, type), enforced by the partial unique index below; acknowledging an alert closes it.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    type: text("type").$type<AlertType>().notNull(),
    severity: text("severity").$type<AlertSeverity>().notNull(),
    message: text("message").notNull(),
    /** Available stock (on hand - reserved) when the alert was raised. */
    currentStock: integer("current_stock").notNull(),
    threshold: integer("threshold").notNull(),
    acknowledged: boolean("acknowledged").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedBy: text("acknowledged_by"),
  },
  (t) => [
    check("stock_alerts_type_check", sql`${t.type} in ('low_stock', 'out_of_stock')`),
    check("stock_alerts_severity_check", sql`${t.severity} in ('medium', 'high')`),
    uniqueIndex("stock_alerts_open_unique").on(t.variantId, t.type).where(sql`not ${t.acknowledged}`),
    index("stock_alerts_created_idx").on(t.createdAt),
  ],
);
