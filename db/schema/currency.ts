import { sql } from "drizzle-orm";
import { check, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * The exchange rates administrators set, one per currency other than the US dollar: how many units of it
 * one dollar buys, to six decimals. Prices are only ever shown at these rates (marked approximate); every
 * charge, order and receipt stays in dollars. A currency without a row is not offered. Who set a rate and
 * when is kept on the row; every change (and every clearing, which deletes the row) is in the audit log.
 */
export const currencyRates = pgTable(
  "currency_rates",
  {
    currency: text("currency").primaryKey(),
    rate: numeric("rate", { precision: 12, scale: 6 }).notNull(),
    setById: text("set_by_id").references(() => users.id, { onDelete: "set null" }),
    setByEmail: text("set_by_email").notNull(),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("currency_rates_currency_check", sql`${t.currency} in ('EUR', 'GBP', 'MXN', 'DOP')`),
    check("currency_rates_rate_check", sql`${t.rate} >= 0.0001 and ${t.rate} <= 10000`),
  ],
);
