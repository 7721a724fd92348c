import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRITICAL_ALERTS_LIMIT, getAdminStats, listOutbox } from "../core/admin/index.ts";
import { outbox, products, users, variants } from "../db/schema/index.ts";
import { seedCatalogue } from "../db/seed/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db);
});
afterAll(() => database?.destroy());

const user = (id: string, role: "customer" | "admin" | "super_admin", extra: Partial<typeof users.$inferInsert> = {}) => ({
  id,
  name: id,
  email: `${id}@example.com`,
  role,
  ...extra,
});

describe("the admin dashboard's figures", () => {
  it("counts active products and live customers only, and has no orders yet", async () => {
    const db = database.db;
    await db.insert(users).values([
      user("c1", "customer"),
      user("c2", "customer"),
      user("gone", "customer", { deletedAt: new Date(), active: false }),
      user("boss", "admin"),
      user("root", "super_admin"),
    ]);
    const [first] = await db.select({ id: products.id }).from(products).limit(1);
    await db.update(products).set({ active: false }).where(eq(products.id, first!.id));
    const activeProducts = (await db.select({ id: products.id }).from(products).where(eq(products.active, true))).length;

    const stats = await getAdminStats(db);
    expect(stats.totalCustomers).toBe(2);
    expect(stats.totalProducts).toBe(activeProducts);
    expect(stats.totalOrders).toBe(0);
    expect(stats.totalRevenueCents).toBe(0);
    expect(stats.recentOrders).toEqual([]);
  });

  it("raises high-severity alerts for sold-out variants of active products, at most three", async () => {
    const db = database.db;
    const stats = await getAdminStats(db);
    expect(stats.criticalAlerts.length).toBeLessThanOrEqual(CRITICAL_ALERTS_LIMIT);
    for (const alert of stats.criticalAlerts) {
      expect(alert.severity).toBe("high");
      const [v] = await db.select().from(variants).where(eq(variants.id, alert.variantId));
      expect(v!.onHand - v!.reserved).toBe(0);
      const [p] = await db.select().from(products).where(eq(products.id, v!.productId));
      expect(p!.active).toBe(true);
      expect(alert.productName).toBe(p!.name);
      expect(alert.variantDetails).toBe([v!.size, v!.color].filter(Boolean).join(" / "));
    }

    // Fully reserved stock is as sold out as no stock.
    await db.update(variants).set({ onHand: 5, reserved: 0 });
    const [held] = await db.select().from(variants).innerJoin(products, eq(products.id, variants.productId)).where(eq(products.active, true)).limit(1);
    await db.update(variants).set({ reserved: 5 }).where(eq(variants.id, held!.variants.id));
    const after = await getAdminStats(db);
    expect(after.criticalAlerts.map((a) => a.variantId)).toEqual([held!.variants.id]);
  });
});

describe("the development outbox", () => {
  it("lists mail newest first", async () => {
    const db = database.db;
    await db.insert(outbox).values({ to: "a@example.com", subject: "First", text: "one", createdAt: new Date("2024-01-01T00:00:00Z") });
    await db.insert(outbox).values({ to: "b@example.com", subject: "Second", text: "two", createdAt: new Date("2024-01-02T00:00:00Z") });
    expect((await listOutbox(db)).map((m) => m.subject)).toEqual(["Second", "First"]);
  });
});
