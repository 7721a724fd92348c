import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addOrderNote,
  adminCancelOrder,
  adminMarkDelivered,
  adminShipOrder,
  exportAdminOrders,
  findAdminOrder,
  listAdminOrders,
  requestOrderRefund,
  type AdminActor,
  type AdminOrderDeps,
} from "../core/admin/index.ts";
import type { CheckoutDeps } from "../core/checkout/index.ts";
import { getInventoryRecord } from "../core/inventory/index.ts";
import { adminOrderFilterSchema, parseRefundForm, shipFormSchema } from "../core/orders/index.ts";
import { newToken } from "../core/shared/ids.ts";
import { DEFAULT_PREFERENCES } from "../core/accounts/index.ts";
import type { Db } from "../db/client.ts";
import { analyticsEvents, auditLog, orderRefunds, orders, outbox, testCharges, userProfiles } from "../db/schema/index.ts";
import type { TestDatabase } from "./database.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { adminOrderTestDatabase, BILLING, purchase } from "./purchase.ts";

let database: TestDatabase;
let db: Db;
let checkout: CheckoutDeps;
let deps: AdminOrderDeps;
let actor: AdminActor;

beforeAll(async () => {
  ({ database, db, checkout, deps, actor } = await adminOrderTestDatabase());
});
afterAll(() => database?.destroy());

async function bought(stock = 10, quantity = 2, priceCents = 5000) {
  const { variants: [v] } = await makeProduct(db, priceCents, [{ stock }]);
  const shopper = await makeUser(db);
  const receipt = await purchase(checkout, shopper, [{ variantId: v!.id, quantity }]);
  return { v: v!, shopper, receipt, orderId: receipt.orderId };
}

/** The mails about one order (every test order is bought with the same billing email). */
const mailsAbout = async (orderNumber: number) =>
  (await db.select().from(outbox).where(eq(outbox.to, BILLING.email)).orderBy(outbox.id)).filter((m) => m.subject.includes(`EH-${orderNumber}`));
const auditOf = (orderId: string) => db.select().from(auditLog).where(eq(auditLog.entityId, orderId)).orderBy(auditLog.id);
const refundForm = (fields: Record<string, string>) => {
  const parsed = parseRefundForm({ key: newToken(), ...fields });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
};

/** The refund events analytics recorded for an order: their amounts. */
const refundEventsOf = async (orderId: string) =>
  (await db.select({ valueCents: analyticsEvents.valueCents }).from(analyticsEvents).where(and(eq(analyticsEvents.orderId, orderId), eq(analyticsEvents.type, "refund")))).map((r) => r.valueCents);

describe("shipping and delivering", () => {
  it("store the carrier and tracking number, write the history and audit, and mail the customer", async () => {
    const { orderId, receipt } = await bought();
    const shipped = await adminShipOrder(deps, actor, orderId, { carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect(shipped).toMatchObject({ status: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    await adminMarkDelivered(deps, actor, orderId);
    const detail = await findAdminOrder(db, orderId);
    expect(detail!.history.map((h) => h.toStatus)).toEqual(["pending", "processing", "shipped", "delivered"]);
    expect(detail!.history[2]!.actor).toBe(actor.email);
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual(["ship", "deliver"]);
    const mails = await mailsAbout(receipt.orderNumber);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your East Harlem order EH-\d+$/),
      expect.stringMatching(/has shipped$/),
      expect.stringMatching(/was delivered$/),
    ]);
    expect(mails[1]!.text).toContain("UPS");
    expect(mails[1]!.text).toContain("1Z999AA10123456784");
  });

  it("refuses a change the table does not allow and writes nothing", async () => {
    const { orderId, receipt } = await bought();
    await expect(adminMarkDelivered(deps, actor, orderId)).rejects.toMatchObject({ code: "orders.invalid_transition" });
    expect(await auditOf(orderId)).toHaveLength(0);
    expect(await mailsAbout(receipt.orderNumber)).toHaveLength(1);
  });

  it("sends no order-update mail to a customer who turned them off", async () => {
    const { orderId, receipt, shopper } = await bought();
    const preferences = { ...DEFAULT_PREFERENCES, notifications: { ...DEFAULT_PREFERENCES.notifications, email: { ...DEFAULT_PREFERENCES.notifications.email, orderUpdates: false } } };
    await db.insert(userProfiles).values({ userId: shopper.id, preferences }).onConflictDoUpdate({ target: userProfiles.userId, set: { preferences } });
    await adminShipOrder(deps, actor, orderId, { carrier: "USPS", trackingNumber: "9400111899223100" });
    expect(await mailsAbout(receipt.orderNumber)).toHaveLength(1);
    expect(await auditOf(orderId)).toHaveLength(1);
  });
});

describe("cancelling", () => {
  it("puts the stock back, refunds in full once, records the refund, audits and mails", async () => {
    const { orderId, receipt, v } = await bought(10, 3);
    const result = await adminCancelOrder(deps, actor, orderId, "Customer asked");
    expect(result).toMatchObject({ cancelledNow: true, refunded: true });
    expect(await getInventoryRecord(db, v.id)).toMatchObject({ currentStock: 10 });
    const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(refund).toMatchObject({ status: "refunded", amountCents: receipt.totalCents });
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual(["cancel"]);
    expect((await mailsAbout(receipt.orderNumber)).at(-1)!.subject).toMatch(/was cancelled$/);
    // Analytics counts the money given back, once.
    expect(await refundEventsOf(orderId)).toEqual([receipt.totalCents]);
    // After shipment a cancel is refused.
    const other = await bought();
    await adminShipOrder(deps, actor, other.orderId, { carrier: "DHL", trackingNumber: "JD0146000034" });
    await expect(adminCancelOrder(deps, actor, other.orderId)).rejects.toMatchObject({ code: "orders.invalid_transition" });
  });
});

describe("refunds", () => {
  it("of chosen lines restock when asked and mail the amount", async () => {
    const { orderId, receipt, v } = await bought(10, 3, 5000);
    await adminShipOrder(deps, actor, orderId, { carrier: "UPS", trackingNumber: "1Z999AA10123456700" });
    const lineId = (await findAdminOrder(db, orderId))!.lines[0]!.id;
    const refund = await requestOrderRefund(deps, actor, orderId, refundForm({ mode: "lines", [`qty_${lineId}`]: "1", restock: "on" }));
    expect(refund).toMatchObject({ status: "refunded", amountCents: 5400, restocked: true });
    expect(await getInventoryRecord(db, v.id)).toMatchObject({ currentStock: 8 });
    expect((await mailsAbout(receipt.orderNumber)).at(-1)!.text).toContain("$54.00");
    const [charge] = await db.select().from(testCharges).where(eq(testCharges.id, (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.paymentId));
    expect(charge!.refundedCents).toBe(5400);
    // More units than are left on the line are refused.
    await expect(requestOrderRefund(deps, actor, orderId, refundForm({ mode: "lines", [`qty_${lineId}`]: "3" }))).rejects.toMatchObject({ code: "orders.refund_invalid" });
  });

  it("never exceed what was paid, and the same form sent twice refunds once", async () => {
    const { orderId, receipt } = await bought(10, 1, 5000); // total 54.00
    await adminShipOrder(deps, actor, orderId, { carrier: "UPS", trackingNumber: "1Z999AA10123456701" });
    const form = refundForm({ mode: "amount", amount: "50" });
    await requestOrderRefund(deps, actor, orderId, form);
    await requestOrderRefund(deps, actor, orderId, form);
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).toHaveLength(1);
    await expect(requestOrderRefund(deps, actor, orderId, refundForm({ mode: "amount", amount: "4.01" }))).rejects.toMatchObject({ code: "orders.refund_exceeds" });
    const rest = await requestOrderRefund(deps, actor, orderId, refundForm({ mode: "full" }));
    expect(rest.amountCents).toBe(400);
    await expect(requestOrderRefund(deps, actor, orderId, refundForm({ mode: "full" }))).rejects.toMatchObject({ code: "orders.refund_exceeds" });
    const detail = await findAdminOrder(db, orderId);
    expect(detail!.refundedCents).toBe(receipt.totalCents);
    expect((await auditOf(orderId)).filter((a) => a.action === "refund")).toHaveLength(2);
    expect((await refundEventsOf(orderId)).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([400, 5000]);
  });

  it("two admins refunding the whole order at once refund it once", async () => {
    const { orderId, receipt } = await bought(10, 2, 5000);
    await adminShipOrder(deps, actor, orderId, { carrier: "UPS", trackingNumber: "1Z999AA10123456702" });
    const results = await Promise.allSettled([
      requestOrderRefund(deps, actor, orderId, refundForm({ mode: "full" })),
      requestOrderRefund(deps, actor, orderId, refundForm({ mode: "full" })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(["orders.refund_exceeds"]);
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(refunds.reduce((s, r) => s + r.amountCents, 0)).toBe(receipt.totalCents);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const [charge] = await db.select().from(testCharges).where(eq(testCharges.id, order!.paymentId));
    expect(charge!.refundedCents).toBe(receipt.totalCents);
  });

  it("are refused before shipment (cancel instead)", async () => {
    const { orderId } = await bought();
    await expect(requestOrderRefund(deps, actor, orderId, refundForm({ mode: "full" }))).rejects.toMatchObject({ code: "orders.refund_invalid" });
    expect(await auditOf(orderId)).toHaveLength(0);
  });
});

describe("notes, the list and the inputs", () => {
  it("notes are appended with who wrote them, and audited", async () => {
    const { orderId } = await bought();
    await addOrderNote(db, actor, orderId, "Gift wrap, please");
    await addOrderNote(db, actor, orderId, "Called the customer");
    const detail = await findAdminOrder(db, orderId);
    expect(detail!.notes.map((n) => [n.authorEmail, n.body])).toEqual([
      [actor.email, "Gift wrap, please"],
      [actor.email, "Called the customer"],
    ]);
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual(["note", "note"]);
  });

  it("the list searches by number (with or without EH-) and by email, filters status and dates", async () => {
    const { receipt } = await bought();
    const label = `EH-${receipt.orderNumber}`;
    for (const q of [label, String(receipt.orderNumber), label.toLowerCase()]) {
      const found = await listAdminOrders(db, adminOrderFilterSchema.parse({ q }));
      expect(found.orders.map((o) => o.number)).toEqual([label]);
    }
    const byEmail = await listAdminOrders(db, adminOrderFilterSchema.parse({ q: BILLING.email.toUpperCase() }));
    expect(byEmail.orders.length).toBeGreaterThan(0);
    expect(byEmail.orders.every((o) => o.customerEmail === BILLING.email)).toBe(true);
    const shipped = await listAdminOrders(db, adminOrderFilterSchema.parse({ status: "shipped" }));
    expect(shipped.orders.every((o) => o.status === "shipped")).toBe(true);
    expect(shipped.orders.length).toBeGreaterThan(0);
    const future = await listAdminOrders(db, adminOrderFilterSchema.parse({ from: "2999-01-01" }));
    expect(future.total).toBe(0);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect((await exportAdminOrders(db, adminOrderFilterSchema.parse({ from: today, to: today }))).length).toBeGreaterThan(0);
    // Wildcards in a search are text, not patterns.
    expect((await listAdminOrders(db, adminOrderFilterSchema.parse({ q: "%" }))).total).toBe(0);
  });

  it("bad input is refused with a message", () => {
    expect(shipFormSchema.safeParse({ carrier: "UPS", trackingNumber: "" }).success).toBe(false);
    expect(shipFormSchema.safeParse({ carrier: "Pigeon", trackingNumber: "1Z999AA10123456784" }).success).toBe(false);
    expect(parseRefundForm({ key: newToken(), mode: "amount", amount: "-5" }).success).toBe(false);
    expect(parseRefundForm({ key: newToken(), mode: "lines" }).success).toBe(false);
    expect(parseRefundForm({ key: "x", mode: "full" }).success).toBe(false);
  });
});

describe("a refund interrupted after it was recorded", () => {
  it("is finished later, once, with its mail", async () => {
    const { finishStaleOrderRefunds } = await import("../core/admin/index.ts");
    const { orderId, receipt } = await bought(10, 1, 5000);
    await adminShipOrder(deps, actor, orderId, { carrier: "UPS", trackingNumber: "1Z999AA10123456799" });
    // The provider is unreachable: the refund stays "refunding", nothing mailed.
    const down: AdminOrderDeps = { ...deps, payments: { ...deps.payments, refund: () => Promise.reject(new Error("unreachable")) } };
    await expect(requestOrderRefund(down, actor, orderId, refundForm({ mode: "amount", amount: "10" }))).rejects.toThrow("unreachable");
    const [pending] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(pending!.status).toBe("refunding");
    // The refund counts against the total while it is under way.
    await expect(requestOrderRefund(deps, actor, orderId, refundForm({ mode: "amount", amount: "44.01" }))).rejects.toMatchObject({ code: "orders.refund_exceeds" });
    expect(await finishStaleOrderRefunds(deps, 0, new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await finishStaleOrderRefunds(deps, 0, new Date(Date.now() + 1000))).toBe(0);
    const [done] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(done).toMatchObject({ status: "refunded", providerRefundId: expect.stringMatching(/^re_test_/) });
    expect((await mailsAbout(receipt.orderNumber)).filter((m) => m.subject.startsWith("A refund"))).toHaveLength(1);
  });
});
