import { and, eq, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRITICAL_ALERTS_LIMIT, getAdminStats } from "../core/admin/index.ts";
import { acknowledgeAlert, listActiveAlerts, releaseReservation, reserveStock } from "../core/inventory/index.ts";
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

  it("lists the inventory's own open high-severity alerts, the newest three, with the same count the inventory gives", async () => {
    const db = database.db;
    // The sample catalogue has sold-out variants from the start: each has its alert, as the rule says.
    const soldOut = await db.select({ id: variants.id }).from(variants).where(lte(variants.available, 0));
    expect(soldOut.length).toBeGreaterThan(CRITICAL_ALERTS_LIMIT);
    const stats = await getAdminStats(db);
    const inventory = await listActiveAlerts(db, { severity: "high" });
    expect(stats.criticalAlertCount).toBe(soldOut.length);
    expect(inventory.total).toBe(soldOut.length);
    expect(stats.criticalAlerts.map((a) => a.id)).toEqual(inventory.alerts.slice(0, CRITICAL_ALERTS_LIMIT).map((a) => a.id));
    for (const alert of stats.criticalAlerts) {
      expect(alert).toMatchObject({ type: "out_of_stock", severity: "high" });
      const [v] = await db.select().from(variants).where(eq(variants.id, alert.variantId));
      const [p] = await db.select().from(products).where(eq(products.id, v!.productId));
      expect(alert.productName).toBe(p!.name);
      expect(alert.variantDetails).toBe([v!.size, v!.color].filter(Boolean).join(" / "));
    }

    // Fully reserved stock is as sold out as no stock: its alert is the newest on both pages.
    const { variants: [held] } = await makeProduct(db, 3000, [{ stock: 4, threshold: 2 }]);
    await reserveStock(db, [{ variantId: held!.id, quantity: 4 }]);
    const after = await getAdminStats(db);
    expect(after.criticalAlerts[0]!.variantId).toBe(held!.id);
    expect(after.criticalAlertCount).toBe(soldOut.length + 1);
    expect((await listActiveAlerts(db, { severity: "high" })).total).toBe(after.criticalAlertCount);

    // Active until acknowledged: stock back does not close it; acknowledging does, on both pages.
    await releaseReservation(db, [{ variantId: held!.id, quantity: 4 }]);
    expect((await getAdminStats(db)).criticalAlerts[0]!.variantId).toBe(held!.id);
    await acknowledgeAlert(db, after.criticalAlerts[0]!.id, "boss@example.com");
    const acknowledged = await getAdminStats(db);
    expect(acknowledged.criticalAlerts.some((a) => a.variantId === held!.id)).toBe(false);
    expect(acknowledged.criticalAlertCount).toBe(soldOut.length);
    expect((await listActiveAlerts(db, { severity: "high" })).total).toBe(soldOut.length);
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
