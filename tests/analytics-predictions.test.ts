import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsQuerySchema, forecastTotal, getRestockAdvice, getSalesForecast, storeDay } from "../core/analytics/index.ts";
import { newToken } from "../core/shared/ids.ts";
import type { Db } from "../db/client.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { makeProduct, makeUser } from "./factories.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.destroy());

const today = storeDay(new Date());
const dayBefore = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};
const ADDRESS = { name: "Ana Rivera", street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" };

/**
 * A paid order placed at noon (New York) on a past day, written as the checkout would have left it: an
 * attempt, the order and its lines. Only the rows the forecast reads, and their required columns.
 */
async function pastOrder(userId: string, day: string, lines: { variantId: number; productId: number; sku: string; quantity: number }[], status = "delivered") {
  const attemptId = newToken(12);
  const orderId = newToken(12);
  const placed = `${day} 12:00:00 America/New_York`;
  const total = lines.reduce((s, l) => s + l.quantity * 2500, 0);
  const address = JSON.stringify(ADDRESS);
  await db.execute(sql`
    insert into checkout_attempts (id, idempotency_key, user_id, status, provider, lines, subtotal_cents, tax_cents, shipping_cents, total_cents,
      customer_email, billing_address, shipping_address, reserved_until, created_at)
    values (${attemptId}, ${newToken()}, ${userId}, 'completed', 'test', '[]'::jsonb, ${total}, 0, 0, ${total},
      'ana@east-harlem.test', ${address}::jsonb, ${address}::jsonb, ${placed}::timestamptz, ${placed}::timestamptz)`);
  await db.execute(sql`
    insert into orders (id, checkout_attempt_id, user_id, status, customer_email, customer_name, subtotal_cents, tax_cents, shipping_cents, total_cents,
      billing_address, shipping_address, payment_provider, payment_id, created_at, updated_at)
    values (${orderId}, ${attemptId}, ${userId}, ${status}, 'ana@east-harlem.test', 'Ana Rivera', ${total}, 0, 0, ${total},
      ${address}::jsonb, ${address}::jsonb, 'test', ${`ch_${attemptId}`}, ${placed}::timestamptz, ${placed}::timestamptz)`);
  for (const l of lines) {
    await db.execute(sql`
      insert into order_items (order_id, product_id, variant_id, product_slug, name, sku, image, unit_price_cents, quantity, line_total_cents)
      values (${orderId}, ${l.productId}, ${l.variantId}, 'test', 'Test item', ${l.sku}, '/img.png', 2500, ${l.quantity}, ${l.quantity * 2500})`);
  }
}

describe("the sales forecast from the daily rollups", () => {
  it("says there is not enough history on an empty store, then forecasts from 35 days of rollups", async () => {
    const empty = await getSalesForecast(db, today);
    expect(empty.history).toEqual([]);
    expect(empty.revenue).toEqual({ kind: "not_enough_history", days: 0, neededDays: 28 });

    // 35 days ending yesterday: $1,000 a day, $1,500 on Saturdays and Sundays; day 20 has no row at all (no visits).
    for (let n = 35; n >= 1; n--) {
      if (n === 20) continue;
      const day = dayBefore(n);
      const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
      await db.execute(sql`insert into analytics_daily (day, source, sessions, purchases, revenue_cents) values (${day}::date, 'web', 40, ${weekend ? 15 : 10}, ${weekend ? 150_000 : 100_000})`);
    }
    const forecast = await getSalesForecast(db, today);
    // Every day from the first with data to yesterday (the missing day filled with zero); today is not history.
    expect(forecast.history).toHaveLength(35);
    expect(forecast.history[0]!.day).toBe(dayBefore(35));
    expect(forecast.history.at(-1)!.day).toBe(dayBefore(1));
    expect(forecast.history.find((h) => h.day === dayBefore(20))).toEqual({ day: dayBefore(20), revenueCents: 0, orders: 0 });
    expect(forecast.days).toHaveLength(30);
    expect(forecast.days[0]).toBe(today);
    expect(forecast.revenue.kind).toBe("forecast");
    if (forecast.revenue.kind !== "forecast") return;
    expect(forecast.revenue.points).toHaveLength(30);
    // Two weeks at $1,000 a day with four weekend days at $1,500: about $16,000.
    const twoWeeks = forecastTotal(forecast.revenue, 14)!;
    expect(twoWeeks).toBeGreaterThan(13_000_00);
    expect(twoWeeks).toBeLessThan(19_000_00);
    // 35 days: too few to hold two weeks out and still fit on four.
    expect(forecast.revenue.backtest).toBeNull();
  });
});

describe("restock advice from paid orders", () => {
  it("flags the variant that will run out before a reorder arrives, not the one with plenty", async () => {
    const shopper = await makeUser(db);
    const { product, variants } = await makeProduct(db, 2500, [{ stock: 6 }, { stock: 500 }, { stock: 40 }], "Forecast Tee");
    const [low, plenty, quiet] = variants as [(typeof variants)[0], (typeof variants)[0], (typeof variants)[0]];
    // Six weeks of sales: the low-stock variant sells 3 a day, the other 1; a cancelled order is not a sale.
    for (let n = 42; n >= 1; n--) {
      await pastOrder(shopper.id, dayBefore(n), [
        { variantId: low.id, productId: product.id, sku: low.sku, quantity: 3 },
        { variantId: plenty.id, productId: product.id, sku: plenty.sku, quantity: 1 },
      ]);
    }
    await pastOrder(shopper.id, dayBefore(3), [{ variantId: plenty.id, productId: product.id, sku: plenty.sku, quantity: 100 }], "cancelled");

    const advice = await getRestockAdvice(db, { today, leadTimeDays: 14 });
    const row = (id: number) => advice.rows.find((r) => r.variantId === id)!;
    expect(advice.total).toBe(3);
    expect(advice.flagged).toBe(1);

    // 6 units at 3 a day: two days of cover, less than the 14-day lead time; order today, enough for 14 + 30 days.
    expect(row(low.id)).toMatchObject({ method: "holt_winters", reorderNow: true, available: 6, reorderBy: today });
    expect(row(low.id).ratePerDay).toBeCloseTo(3, 1);
    expect(row(low.id).daysOfCover!).toBeLessThan(14);
    expect(row(low.id).reorderQuantity).toBeGreaterThanOrEqual(125);
    expect(row(low.id).reorderQuantity).toBeLessThanOrEqual(140);

    // 500 units at 1 a day: about 500 days of cover; reorder about 486 days from now, nothing to order yet.
    expect(row(plenty.id)).toMatchObject({ method: "holt_winters", reorderNow: false, reorderQuantity: 0 });
    expect(row(plenty.id).ratePerDay).toBeCloseTo(1, 1);
    expect(row(plenty.id).reorderBy! > dayBefore(-400)).toBe(true);

    // No sales: no rate, no cover, no date, not flagged while there is stock.
    expect(row(quiet.id)).toMatchObject({ method: "recent_average", ratePerDay: 0, daysOfCover: null, reorderBy: null, reorderNow: false });

    // Flagged first, then by cover.
    expect(advice.rows.map((r) => r.variantId)).toEqual([low.id, plenty.id, quiet.id]);

    // With a one-day lead time the two days of cover are enough for now.
    const shortLead = await getRestockAdvice(db, { today, leadTimeDays: 1 });
    expect(shortLead.rows.find((r) => r.variantId === low.id)!.reorderNow).toBe(false);
  });

  it("uses the recent average for a variant with under four weeks of sales, and leaves out inactive variants and products", async () => {
    const shopper = await makeUser(db);
    const { product, variants } = await makeProduct(db, 2500, [{ stock: 3 }, { stock: 3 }]);
    const [fresh, retired] = variants as [(typeof variants)[0], (typeof variants)[0]];
    await db.execute(sql`update variants set active = false where id = ${retired.id}`);
    await db.execute(sql`update variants set created_at = ${`${dayBefore(10)} 09:00:00 America/New_York`}::timestamptz where id = ${fresh.id}`);
    for (let n = 10; n >= 1; n--) await pastOrder(shopper.id, dayBefore(n), [{ variantId: fresh.id, productId: product.id, sku: fresh.sku, quantity: 2 }]);
    const { product: draft } = await makeProduct(db, 2500, [{ stock: 0 }]);
    await db.execute(sql`update products set status = 'draft' where id = ${draft.id}`);

    const advice = await getRestockAdvice(db, { today, leadTimeDays: 14 });
    const ids = advice.rows.map((r) => r.variantId);
    expect(ids).not.toContain(retired.id);
    expect(advice.rows.some((r) => r.productId === draft.id)).toBe(false);
    // Added 10 days ago, 2 sold a day since: 20 units over 10 days (not 28), so 2 a day and 1.5 days of cover.
    const row = advice.rows.find((r) => r.variantId === fresh.id)!;
    expect(row).toMatchObject({ method: "recent_average", ratePerDay: 2, daysOfCover: 1.5, reorderNow: true, reorderQuantity: 85 });
  });
});

describe("the page's query", () => {
  it("takes a lead time of 1 to 180 days and falls back to 14 otherwise, keeping the other fields", () => {
    expect(analyticsQuerySchema.parse({ tab: "predictions", leadTime: "30" })).toMatchObject({ tab: "predictions", period: "30d", leadTime: 30 });
    for (const bad of ["0", "181", "2.5", "abc", "", undefined]) expect(analyticsQuerySchema.parse({ tab: "predictions", leadTime: bad }).leadTime).toBe(14);
    expect(analyticsQuerySchema.parse({ tab: "sales", period: "7d" })).toMatchObject({ tab: "sales", period: "7d", leadTime: 14 });
  });
});
