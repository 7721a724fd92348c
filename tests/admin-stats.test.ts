import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRITICAL_ALERTS_LIMIT, getAdminStats } from "../core/admin/index.ts";
import { listOutbox } from "../core/mail/index.ts";
import { outbox, products, users, variants } from "../db/schema/index.ts";
import { seedCatalogue } from "../db/seed/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { cancelOrder, markDelivered, shipOrder } from "../core/orders/index.ts";
import { createTestProvider } from "../core/payments/index.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { purchase } from "./purchase.ts";

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
    await db.update(products).set({ status: "archived" }).where(eq(products.id, first!.id));
    const activeProducts = (await db.select({ id: products.id }).from(products).where(and(eq(products.active, true), eq(products.kind, "merch")))).length;

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

describe("the admin dashboard's orders and revenue", () => {
  it("count every order, sum what was paid and not given back, and list the newest five", async () => {
    const db = database.db;
    const payments = createTestProvider(db);
    const checkout = { db, payments, jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 60_000 };
    const { variants: [v] } = await makeProduct(db, 2000, [{ stock: 100 }]);
    const before = await getAdminStats(db);
    const buyers = [await makeUser(db), await makeUser(db)];
    const receipts = [];
    for (let i = 0; i < 6; i++) receipts.push(await purchase(checkout, buyers[i % 2]!, [{ variantId: v!.id, quantity: i + 1 }]));
    // One shipped, one delivered, one cancelled and refunded: the cancelled one is not revenue.
    await shipOrder(db, { orderId: receipts[1]!.orderId, actor: "system", trackingNumber: "1Z999AA10123456784" });
    await shipOrder(db, { orderId: receipts[2]!.orderId, actor: "system", trackingNumber: "1Z999AA10123456785" });
    await markDelivered(db, { orderId: receipts[2]!.orderId, actor: "system" });
    expect(await cancelOrder({ db, payments }, { orderId: receipts[3]!.orderId, actor: "system" })).toMatchObject({ refunded: true });

    const stats = await getAdminStats(db);
    expect(stats.totalOrders).toBe(before.totalOrders + 6);
    const paid = receipts.filter((_, i) => i !== 3).reduce((sum, r) => sum + r.totalCents, 0);
    // $20 x (1 + 2 + 3 + 5 + 6) units = $340.00, plus 8% tax: $367.20.
    expect(paid).toBe(36720);
    expect(stats.totalRevenueCents).toBe(before.totalRevenueCents + paid);
    expect(stats.recentOrders.map((o) => [o.number, o.status, o.totalCents, o.customerEmail])).toEqual(
      [...receipts]
        .reverse()
        .slice(0, 5)
        .map((r, i) => [`EH-${r.orderNumber}`, ["processing", "processing", "cancelled", "delivered", "shipped"][i], r.totalCents, r.customerEmail]),
    );
  });
});

describe("the development outbox", () => {
  it("lists mail newest first", async () => {
    const db = database.db;
    await db.insert(outbox).values({ to: "a@example.com", subject: "First", text: "one", createdAt: new Date("2024-01-01T00:00:00Z") });
    await db.insert(outbox).values({ to: "b@example.com", subject: "Second", text: "two", createdAt: new Date("2024-01-02T00:00:00Z") });
    const subjects = (await listOutbox(db)).map((m) => m.subject).filter((subject) => subject === "First" || subject === "Second");
    expect(subjects).toEqual(["Second", "First"]);
  });
});
