import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, getCart } from "../core/cart/index.ts";
import type { CheckoutDeps } from "../core/checkout/index.ts";
import { getInventoryRecord, listMovements } from "../core/inventory/index.ts";
import {
  cancelOrder,
  findOrderOfCustomer,
  listOrdersOfCustomer,
  markDelivered,
  markProcessing,
  OrderError,
  reorder,
  shipOrder,
  updateOrderStatus,
  type CancelDeps,
} from "../core/orders/index.ts";
import { createTestProvider, type PaymentProvider } from "../core/payments/index.ts";
import type { Db } from "../db/client.ts";
import { orderItems, orders, orderStatusHistory, products, testCharges, variants } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { purchase } from "./purchase.ts";
import { sayIn } from "../texts/outcomes.ts";

let database: TestDatabase;
let db: Db;
let checkout: CheckoutDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  checkout = { db, payments: createTestProvider(db), jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000 };
});
afterAll(() => database?.destroy());

/** The test processor, counting refunds asked of it; `failNext` refunds throw first (a provider outage). */
function countingProvider(failNext = 0): PaymentProvider & { refunds: { paymentId: string; amountCents: number; key: string }[] } {
  const real = createTestProvider(db);
  const refunds: { paymentId: string; amountCents: number; key: string }[] = [];
  let failures = failNext;
  return {
    ...real,
    refunds,
    async refund(paymentId, amountCents, key) {
      if (failures > 0) {
        failures -= 1;
        throw new Error("the provider is unreachable");
      }
      refunds.push({ paymentId, amountCents, key });
      return real.refund(paymentId, amountCents, key);
    },
  };
}

async function orderRow(id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function historyOf(id: string) {
  return db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(orderStatusHistory.id);
}

async function chargeOf(orderId: string) {
  const order = await orderRow(orderId);
  const [charge] = await db.select().from(testCharges).where(eq(testCharges.id, order.paymentId));
  return charge!;
}

async function expectRefused(promise: Promise<unknown>, message: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OrderError);
  expect((error as OrderError).code).toBe("orders.invalid_transition");
  expect((error as OrderError).message).toMatch(message);
}

describe("order status changes", () => {
  it("follow the table, and each change is recorded with who made it and when", async () => {
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 10 }]);
    const shopper = await makeUser(db);
    const admin = await makeUser(db, "admin");
    const { orderId } = await purchase(checkout, shopper, [{ variantId: v!.id, quantity: 1 }]);
    expect((await orderRow(orderId)).status).toBe("processing");

    // Refused: nothing changes and nothing is written.
    await expectRefused(markProcessing(db, { orderId, actor: admin.id }), /already processing/);
    await expectRefused(markDelivered(db, { orderId, actor: admin.id }), /A processing order cannot be marked delivered/);
    expect(await historyOf(orderId)).toHaveLength(2);

    const before = Date.now();
    const shipped = await shipOrder(db, { orderId, actor: admin.id, trackingNumber: "1Z999AA10123456784", note: "UPS Ground" });
    expect(shipped).toMatchObject({ status: "shipped", trackingNumber: "1Z999AA10123456784" });
    await expectRefused(markProcessing(db, { orderId, actor: admin.id }), /A shipped order cannot be marked processing/);
    const delivered = await updateOrderStatus({ db, payments: checkout.payments }, orderId, admin.id, { status: "delivered" });
    expect(delivered.status).toBe("delivered");
    await expectRefused(shipOrder(db, { orderId, actor: admin.id, trackingNumber: "1Z999AA10123456785" }), /A delivered order cannot be marked shipped/);

    const history = await historyOf(orderId);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.note])).toEqual([
      [null, "pending", shopper.id, "Order placed"],
      ["pending", "processing", "system", "Payment received"],
      ["processing", "shipped", admin.id, "UPS Ground"],
      ["shipped", "delivered", admin.id, null],
    ]);
    expect(history[2]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The tracking number stays after delivery.
    expect((await orderRow(orderId)).trackingNumber).toBe("1Z999AA10123456784");
  });

  it("an unknown order is not found", async () => {
    const error = await markDelivered(db, { orderId: "nosuchorder00000", actor: "system" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "orders.not_found" });
  });
});

describe("cancelling an order", () => {
  it("before shipment puts the stock back and refunds the payment once, however often it is asked", async () => {
    const { variants: [a, b] } = await makeProduct(db, 4500, [{ stock: 10 }, { stock: 4 }]);
    const shopper = await makeUser(db);
    const admin = await makeUser(db, "admin");
    const receipt = await purchase(checkout, shopper, [
      { variantId: a!.id, quantity: 3 },
      { variantId: b!.id, quantity: 4 },
    ]);
    expect(await getInventoryRecord(db, a!.id)).toMatchObject({ currentStock: 7, availableStock: 7 });
    expect(await getInventoryRecord(db, b!.id)).toMatchObject({ currentStock: 0, availableStock: 0 });

    const payments = countingProvider();
    const deps: CancelDeps = { db, payments };
    const result = await cancelOrder(deps, { orderId: receipt.orderId, actor: admin.id, note: "Customer asked" });
    expect(result).toMatchObject({ cancelledNow: true, refunded: true });
    expect(result.order.status).toBe("cancelled");
    expect(result.order.refundId).toMatch(/^re_test_/);
    expect(result.order.refundedAt).toBeInstanceOf(Date);

    expect(await getInventoryRecord(db, a!.id)).toMatchObject({ currentStock: 10, reservedStock: 0, availableStock: 10 });
    expect(await getInventoryRecord(db, b!.id)).toMatchObject({ currentStock: 4, availableStock: 4 });
    const [restocked] = await listMovements(db, a!.id);
    expect(restocked).toMatchObject({ type: "restock", quantity: 3, previousStock: 7, newStock: 10, orderId: receipt.orderId, actor: admin.id });
    expect(restocked!.reason).toBe(`Cancelled: order EH-${receipt.orderNumber}`);
    expect(await chargeOf(receipt.orderId)).toMatchObject({ refundedCents: receipt.totalCents });
    expect(payments.refunds).toEqual([{ paymentId: (await orderRow(receipt.orderId)).paymentId, amountCents: receipt.totalCents, key: `refund:order:${receipt.orderId}` }]);

    // Asked again: nothing more is refunded, restocked or written.
    const again = await cancelOrder(deps, { orderId: receipt.orderId, actor: admin.id });
    expect(again).toMatchObject({ cancelledNow: false, refunded: true });
    expect(again.order.refundId).toBe(result.order.refundId);
    expect(payments.refunds).toHaveLength(1);
    expect(await getInventoryRecord(db, a!.id)).toMatchObject({ currentStock: 10 });
    expect((await historyOf(receipt.orderId)).map((h) => [h.fromStatus, h.toStatus, h.actor, h.note])).toEqual([
      [null, "pending", shopper.id, "Order placed"],
      ["pending", "processing", "system", "Payment received"],
      ["processing", "cancelled", admin.id, "Customer asked"],
    ]);
    // A cancelled order cannot move on.
    await expectRefused(shipOrder(db, { orderId: receipt.orderId, actor: admin.id, trackingNumber: "1Z999AA10123456784" }), /cancelled order cannot be marked shipped/);
  });

  it("called twice at once cancels, restocks and refunds once", async () => {
    const { variants: [v] } = await makeProduct(db, 3000, [{ stock: 5 }]);
    const shopper = await makeUser(db);
    const receipt = await purchase(checkout, shopper, [{ variantId: v!.id, quantity: 2 }]);
    const payments = countingProvider();
    const results = await Promise.all([1, 2, 3].map(() => cancelOrder({ db, payments }, { orderId: receipt.orderId, actor: "system" })));
    expect(results.filter((r) => r.cancelledNow)).toHaveLength(1);
    expect(results.every((r) => r.refunded)).toBe(true);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 5, reservedStock: 0 });
    expect((await historyOf(receipt.orderId)).filter((h) => h.toStatus === "cancelled")).toHaveLength(1);
    // Every refund asked carries the order's one key, so the provider pays back once.
    expect(new Set(payments.refunds.map((r) => r.key))).toEqual(new Set([`refund:order:${receipt.orderId}`]));
    expect(await chargeOf(receipt.orderId)).toMatchObject({ refundedCents: receipt.totalCents });
  });

  it("keeps the cancellation when the refund fails, and retries the refund when asked again", async () => {
    const { variants: [v] } = await makeProduct(db, 3000, [{ stock: 5 }]);
    const shopper = await makeUser(db);
    const receipt = await purchase(checkout, shopper, [{ variantId: v!.id, quantity: 2 }]);
    const payments = countingProvider(1);
    const errors: string[] = [];
    const deps: CancelDeps = { db, payments, onError: (_e, what) => errors.push(what) };

    const first = await cancelOrder(deps, { orderId: receipt.orderId, actor: "system" });
    expect(first).toMatchObject({ cancelledNow: true, refunded: false });
    expect(errors).toEqual([`refund of order ${receipt.orderId} failed`]);
    expect(await orderRow(receipt.orderId)).toMatchObject({ status: "cancelled", refundId: null, refundedAt: null });
    expect(await chargeOf(receipt.orderId)).toMatchObject({ refundedCents: 0 });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 5 });

    const retry = await cancelOrder(deps, { orderId: receipt.orderId, actor: "system" });
    expect(retry).toMatchObject({ cancelledNow: false, refunded: true });
    expect(await orderRow(receipt.orderId)).toMatchObject({ refundId: expect.stringMatching(/^re_test_/) });
    expect(await chargeOf(receipt.orderId)).toMatchObject({ refundedCents: receipt.totalCents });
    // The stock was put back once.
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 5 });
  });

  it("is refused once the order has shipped: no stock moves and nothing is refunded", async () => {
    const { variants: [v] } = await makeProduct(db, 3000, [{ stock: 5 }]);
    const shopper = await makeUser(db);
    const receipt = await purchase(checkout, shopper, [{ variantId: v!.id, quantity: 2 }]);
    await shipOrder(db, { orderId: receipt.orderId, actor: "system", trackingNumber: "9400100000000000000000" });
    const payments = countingProvider();
    await expectRefused(cancelOrder({ db, payments }, { orderId: receipt.orderId, actor: "system" }), /shipped and can no longer be cancelled/);
    expect(await orderRow(receipt.orderId)).toMatchObject({ status: "shipped", refundId: null });
    expect(payments.refunds).toEqual([]);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 3 });
  });
});

describe("a customer's orders", () => {
  it("are theirs alone: another customer lists none of them and opens none of them", async () => {
    const { variants: [v] } = await makeProduct(db, 2500, [{ stock: 10 }]);
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const receipt = await purchase(checkout, owner, [{ variantId: v!.id, quantity: 1 }]);
    expect((await listOrdersOfCustomer(db, owner.id)).orders.map((o) => o.id)).toEqual([receipt.orderId]);
    expect((await listOrdersOfCustomer(db, other.id)).orders).toEqual([]);
    expect(await findOrderOfCustomer(db, owner.id, receipt.orderId)).not.toBeNull();
    expect(await findOrderOfCustomer(db, other.id, receipt.orderId)).toBeNull();
    expect(await findOrderOfCustomer(db, other.id, "nosuchorder00000")).toBeNull();
  });

  it("list newest first, filtered by status, a page at a time", async () => {
    const { variants: [v] } = await makeProduct(db, 1000, [{ stock: 50 }]);
    const shopper = await makeUser(db);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await purchase(checkout, shopper, [{ variantId: v!.id, quantity: i + 1 }]));
    const [first, second, third] = placed;
    await shipOrder(db, { orderId: second!.orderId, actor: "system", trackingNumber: "1Z999AA10123456784" });
    await cancelOrder({ db, payments: checkout.payments }, { orderId: third!.orderId, actor: "system" });

    const all = await listOrdersOfCustomer(db, shopper.id);
    expect(all.orders.map((o) => [o.id, o.status])).toEqual([
      [third!.orderId, "cancelled"],
      [second!.orderId, "shipped"],
      [first!.orderId, "processing"],
    ]);
    const shipped = all.orders[1]!;
    expect(shipped).toMatchObject({ number: `EH-${second!.orderNumber}`, totalCents: second!.totalCents, trackingNumber: "1Z999AA10123456784", itemCount: 2 });
    expect(shipped.items.map((i) => [i.name, i.quantity, i.unitPriceCents])).toEqual([[second!.lines[0]!.name, 2, 1000]]);

    expect((await listOrdersOfCustomer(db, shopper.id, { status: "processing" })).orders.map((o) => o.id)).toEqual([first!.orderId]);
    expect((await listOrdersOfCustomer(db, shopper.id, { status: "shipped" })).orders.map((o) => o.id)).toEqual([second!.orderId]);
    expect((await listOrdersOfCustomer(db, shopper.id, { status: "cancelled" })).orders.map((o) => o.id)).toEqual([third!.orderId]);
    expect((await listOrdersOfCustomer(db, shopper.id, { status: "delivered" })).orders).toEqual([]);

    const page1 = await listOrdersOfCustomer(db, shopper.id, { pageSize: 2 });
    const page2 = await listOrdersOfCustomer(db, shopper.id, { pageSize: 2, page: 2 });
    expect([page1.hasMore, page2.hasMore]).toEqual([true, false]);
    expect([...page1.orders, ...page2.orders].map((o) => o.id)).toEqual(all.orders.map((o) => o.id));
  });

  it("read from their snapshot after the product is renamed and repriced, the variant deleted and the product removed", async () => {
    const { product, variants: [kept, gone] } = await makeProduct(db, 5500, [{ stock: 10, size: "M", color: "Black" }, { stock: 10, size: "L", color: "White", priceCents: 6000 }], "Harlem Classic Tee");
    const shopper = await makeUser(db);
    const receipt = await purchase(checkout, shopper, [
      { variantId: kept!.id, quantity: 1 },
      { variantId: gone!.id, quantity: 2 },
    ]);
    const snapshot = (lines: { name: string; sku: string; size: string | null; color: string | null; unitPriceCents: number; quantity: number }[]) =>
      lines.map((l) => [l.name, l.sku, l.size, l.color, l.unitPriceCents, l.quantity]);
    const expected = [
      ["Harlem Classic Tee", kept!.sku, "M", "Black", 5500, 1],
      ["Harlem Classic Tee", gone!.sku, "L", "White", 6000, 2],
    ];

    await db.update(products).set({ name: "Renamed Tee", basePriceCents: 9900 }).where(eq(products.id, product.id));
    await db.update(variants).set({ sku: "NEW-SKU", priceCents: 100 }).where(eq(variants.id, kept!.id));
    expect(snapshot((await findOrderOfCustomer(db, shopper.id, receipt.orderId))!.items)).toEqual(expected);

    await db.delete(variants).where(eq(variants.id, gone!.id));
    const afterDelete = (await findOrderOfCustomer(db, shopper.id, receipt.orderId))!;
    expect(snapshot(afterDelete.items)).toEqual(expected);
    expect(afterDelete.items.map((i) => i.variantId)).toEqual([kept!.id, null]);
    expect(afterDelete).toMatchObject({ subtotalCents: 17500, taxCents: 1400, totalCents: 18900 });

    await db.delete(variants).where(eq(variants.productId, product.id));
    await db.delete(products).where(eq(products.id, product.id));
    const afterRemoval = (await findOrderOfCustomer(db, shopper.id, receipt.orderId))!;
    expect(snapshot(afterRemoval.items)).toEqual(expected);
    expect(afterRemoval.items.map((i) => [i.productId, i.variantId])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect((await listOrdersOfCustomer(db, shopper.id)).orders[0]!.items).toHaveLength(2);
    // And the order can still be cancelled: the deleted variants have nothing left to restock.
    const cancelled = await cancelOrder({ db, payments: checkout.payments }, { orderId: receipt.orderId, actor: "system" });
    expect(cancelled).toMatchObject({ cancelledNow: true, refunded: true });
  });

  it("show the addresses, the masked card and the history", async () => {
    const { variants: [v] } = await makeProduct(db, 2500, [{ stock: 10 }]);
    const shopper = await makeUser(db);
    const receipt = await purchase(checkout, shopper, [{ variantId: v!.id, quantity: 1 }]);
    const detail = (await findOrderOfCustomer(db, shopper.id, receipt.orderId))!;
    expect(detail.paymentMethod).toBe("Visa ending in 4242");
    expect(JSON.stringify(detail)).not.toContain("4242424242424242");
    expect(detail.shippingAddress).toEqual({ name: "Ana Rivera", street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" });
    expect(detail.history.map((h) => [h.toStatus, h.by, h.note])).toEqual([
      ["pending", "customer", "Order placed"],
      ["processing", "store", "Payment received"],
    ]);
  });
});

describe("reordering", () => {
  /** A delivered order of the given lines, bought by a new customer whose cart is then empty. */
  async function deliveredOrder(lines: { variantId: number; quantity: number }[]) {
    const shopper = await makeUser(db);
    const receipt = await purchase(checkout, shopper, lines);
    await shipOrder(db, { orderId: receipt.orderId, actor: "system", trackingNumber: "1Z999AA10123456784" });
    await markDelivered(db, { orderId: receipt.orderId, actor: "system" });
    expect((await getCart(db, receipt.cartId)).lines).toEqual([]);
    return { shopper, receipt };
  }

  it("puts every line back in the cart when all are still sold and in stock", async () => {
    const { variants: [a, b] } = await makeProduct(db, 5500, [{ stock: 10 }, { stock: 10 }]);
    const { shopper, receipt } = await deliveredOrder([
      { variantId: a!.id, quantity: 2 },
      { variantId: b!.id, quantity: 1 },
    ]);
    const result = await reorder(db, { userId: shopper.id, orderId: receipt.orderId, cartId: receipt.cartId });
    expect(result.addedUnits).toBe(3);
    expect(result.outcomes.every((o) => o.message === null)).toBe(true);
    expect((await getCart(db, receipt.cartId)).lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [a!.id, 2],
      [b!.id, 1],
    ]);
    // Nothing is reserved by a cart.
    expect(await getInventoryRecord(db, a!.id)).toMatchObject({ currentStock: 8, reservedStock: 0 });
  });

  it("adds what is left, skips what is gone or sold out, and says why for each", async () => {
    const { variants: [plenty, scarce, soldOut, deleted] } = await makeProduct(db, 4000, [{ stock: 10 }, { stock: 10 }, { stock: 10 }, { stock: 10 }], "Crown Hoodie");
    const { product: withdrawnProduct, variants: [withdrawn] } = await makeProduct(db, 3500, [{ stock: 10 }], "Logo Cap");
    const { shopper, receipt } = await deliveredOrder([
      { variantId: plenty!.id, quantity: 1 },
      { variantId: scarce!.id, quantity: 3 },
      { variantId: soldOut!.id, quantity: 2 },
      { variantId: deleted!.id, quantity: 1 },
      { variantId: withdrawn!.id, quantity: 1 },
    ]);
    await db.update(variants).set({ onHand: 1 }).where(eq(variants.id, scarce!.id));
    await db.update(variants).set({ onHand: 2, reserved: 2 }).where(eq(variants.id, soldOut!.id));
    await db.delete(variants).where(eq(variants.id, deleted!.id));
    await db.update(products).set({ status: "archived" }).where(eq(products.id, withdrawnProduct.id));

    const result = await reorder(db, { userId: shopper.id, orderId: receipt.orderId, cartId: receipt.cartId });
    expect(result.addedUnits).toBe(2);
    expect(result.outcomes.map((o) => [o.added, o.reason, o.message && sayIn("en", o.message)])).toEqual([
      [1, null, null],
      [1, "limited_stock", `Crown Hoodie (${scarce!.size}): added 1 of 3; only 1 in stock.`],
      [0, "out_of_stock", `Crown Hoodie (${soldOut!.size}) is out of stock.`],
      [0, "unavailable", `Crown Hoodie (${deleted!.size}) is no longer available.`],
      [0, "unavailable", `Logo Cap (${withdrawn!.size}) is no longer available.`],
    ]);
    expect((await getCart(db, receipt.cartId)).lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [plenty!.id, 1],
      [scarce!.id, 1],
    ]);
  });

  it("respects what the cart already holds and the 99 limit", async () => {
    const { variants: [v, w] } = await makeProduct(db, 500, [{ stock: 500 }, { stock: 500 }]);
    const { shopper, receipt } = await deliveredOrder([
      { variantId: v!.id, quantity: 5 },
      { variantId: w!.id, quantity: 1 },
    ]);
    await addToCart(db, receipt.cartId, { variantId: v!.id, quantity: 97 });
    await addToCart(db, receipt.cartId, { variantId: w!.id, quantity: 99 });
    const result = await reorder(db, { userId: shopper.id, orderId: receipt.orderId, cartId: receipt.cartId });
    expect(result.addedUnits).toBe(2);
    expect(result.outcomes.map((o) => o.reason)).toEqual(["cart_limit", "cart_limit"]);
    expect((await getCart(db, receipt.cartId)).lines.map((l) => l.quantity)).toEqual([99, 99]);
  });

  it("is only for the customer's own delivered orders", async () => {
    const { variants: [v] } = await makeProduct(db, 500, [{ stock: 50 }]);
    const shopper = await makeUser(db);
    const receipt = await purchase(checkout, shopper, [{ variantId: v!.id, quantity: 1 }]);
    await expect(reorder(db, { userId: shopper.id, orderId: receipt.orderId, cartId: receipt.cartId })).rejects.toMatchObject({ code: "orders.not_reorderable" });

    const delivered = await deliveredOrder([{ variantId: v!.id, quantity: 1 }]);
    const other = await makeUser(db);
    const otherCart = (await purchase(checkout, other, [{ variantId: v!.id, quantity: 1 }])).cartId;
    await expect(reorder(db, { userId: other.id, orderId: delivered.receipt.orderId, cartId: otherCart })).rejects.toMatchObject({ code: "orders.not_found" });
    // Nor into someone else's cart.
    await expect(reorder(db, { userId: delivered.shopper.id, orderId: delivered.receipt.orderId, cartId: otherCart })).rejects.toMatchObject({ code: "cart.line_not_found" });
    expect((await getCart(db, otherCart)).lines).toEqual([]);
  });
});

describe("order lines after the catalogue changes", () => {
  it("keep product and variant ids while they exist (set null only on delete)", async () => {
    const { variants: [v] } = await makeProduct(db, 500, [{ stock: 5 }]);
    const shopper = await makeUser(db);
    const receipt = await purchase(checkout, shopper, [{ variantId: v!.id, quantity: 1 }]);
    await db.update(variants).set({ active: false }).where(eq(variants.id, v!.id));
    const [line] = await db.select().from(orderItems).where(and(eq(orderItems.orderId, receipt.orderId)));
    expect(line).toMatchObject({ variantId: v!.id, productId: v!.productId });
  });
});
