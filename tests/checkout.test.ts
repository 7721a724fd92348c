import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, createCartForUser, getCart } from "../core/cart/index.ts";
import { placeOrder, releaseExpiredReservations, settleAttempt, SOLD_OUT_REFUNDED, type CheckoutDeps, type PlaceOrderInput } from "../core/checkout/index.ts";
import { getInventoryRecord, listMovements } from "../core/inventory/index.ts";
import { createTestProvider, type CardInput, type PaymentProvider } from "../core/payments/index.ts";
import { newToken } from "../core/shared/ids.ts";
import type { TextRef } from "../core/shared/text.ts";
import { englishTexts } from "./field-words.ts";
import type { Db } from "../db/client.ts";
import { checkoutAttempts, orderItems, orders, orderStatusHistory, products, testCharges, variants } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { BILLING, DECLINED_CARD, GOOD_CARD, NO_FUNDS_CARD, SHIPPING } from "./purchase.ts";

let database: TestDatabase;
let db: Db;
let deps: CheckoutDeps;


beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  deps = { db, payments: createTestProvider(db), jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000 };
});
afterAll(() => database?.destroy());

/** A customer with a cart holding the given lines. */
async function shopper(lines: { variantId: number; quantity: number }[]) {
  const user = await makeUser(db);
  const cartId = await createCartForUser(db, user.id);
  for (const line of lines) await addToCart(db, cartId, line);
  return { user, cartId };
}

function input(user: { id: string }, cartId: string, card: CardInput | undefined = GOOD_CARD, key = newToken()): PlaceOrderInput {
  return { userId: user.id, cartId, idempotencyKey: key, billing: BILLING, shipping: SHIPPING, card };
}

async function chargesFor(key: string) {
  return db.select().from(testCharges).where(eq(testCharges.idempotencyKey, key));
}

describe("placing an order with the test card processor", () => {
  it("prices from the database, charges the total in cents once, and writes a processing order with snapshot lines", async () => {
    const { product, variants: [a, b] } = await makeProduct(db, 5500, [{ stock: 10 }, { stock: 4, priceCents: 1999 }]);
    const { user, cartId } = await shopper([
      { variantId: a!.id, quantity: 2 },
      { variantId: b!.id, quantity: 3 },
    ]);
    // The price changes after the item went into the cart: the order is priced when it is placed.
    await db.update(products).set({ basePriceCents: 5000 }).where(eq(products.id, product.id));
    const key = newToken();
    const result = await placeOrder(deps, input(user, cartId, GOOD_CARD, key));
    expect(result.kind).toBe("completed");
    if (result.kind !== "completed") return;
    const subtotal = 2 * 5000 + 3 * 1999; // 15997
    expect(result.receipt).toMatchObject({ subtotalCents: subtotal, taxCents: 1280, shippingCents: 0, totalCents: subtotal + 1280 }); // 1279.76 -> 1280

    const [order] = await db.select().from(orders).where(eq(orders.id, result.receipt.orderId));
    expect(order).toMatchObject({ userId: user.id, status: "processing", totalCents: 17277, cardBrand: "visa", cardLast4: "4242", customerEmail: BILLING.email });
    expect(order!.billingAddress).toEqual({ name: "Ana Rivera", street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.map((i) => [i.sku, i.unitPriceCents, i.quantity, i.lineTotalCents])).toEqual(
      expect.arrayContaining([
        [a!.sku, 5000, 2, 10000],
        [b!.sku, 1999, 3, 5997],
      ]),
    );
    const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order!.id)).orderBy(orderStatusHistory.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, "pending", user.id],
      ["pending", "processing", "system"],
    ]);

    const [charge] = await chargesFor(key);
    expect(charge).toMatchObject({ amountCents: 17277, status: "succeeded", last4: "4242" });
    expect(JSON.stringify(charge)).not.toContain("4242424242424242");

    // Stock committed: on hand and reserved down together, a sale movement names the order.
    expect(await getInventoryRecord(db, a!.id)).toMatchObject({ currentStock: 8, reservedStock: 0 });
    expect(await getInventoryRecord(db, b!.id)).toMatchObject({ currentStock: 1, reservedStock: 0 });
    const [sale] = await listMovements(db, a!.id);
    expect(sale).toMatchObject({ type: "sale", quantity: 2, previousStock: 10, newStock: 8, orderId: order!.id });
    // The cart is emptied.
    expect((await getCart(db, cartId)).lines).toEqual([]);
  });

  it.each([
    ["declined", DECLINED_CARD, "Your card was declined."],
    ["insufficient funds", NO_FUNDS_CARD, "Your card has insufficient funds."],
  ])("a %s card releases the reservation, keeps the cart and creates no order", async (_label, card, message) => {
    const { variants: [v] } = await makeProduct(db, 4500, [{ stock: 3 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 2 }]);
    const result = await placeOrder(deps, input(user, cartId, card));
    expect(result).toMatchObject({ kind: "failed", message });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 3, reservedStock: 0, availableStock: 3 });
    expect((await getCart(db, cartId)).lines.map((l) => l.quantity)).toEqual([2]);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    const [release] = await listMovements(db, v!.id);
    expect(release).toMatchObject({ type: "release", quantity: 2 });
  });

  it("names every short line with what was asked and what is available, and reserves nothing", async () => {
    const { variants: [a, b, c] } = await makeProduct(db, 3500, [{ stock: 5 }, { stock: 5 }, { stock: 5 }]);
    const { user, cartId } = await shopper([
      { variantId: a!.id, quantity: 4 },
      { variantId: b!.id, quantity: 2 },
      { variantId: c!.id, quantity: 5 },
    ]);
    // Someone else buys in between: a is down to 1, c to 3.
    const other = await shopper([
      { variantId: a!.id, quantity: 4 },
      { variantId: c!.id, quantity: 2 },
    ]);
    expect((await placeOrder(deps, input(other.user, other.cartId))).kind).toBe("completed");

    const result = await placeOrder(deps, input(user, cartId));
    expect(result.kind).toBe("insufficient_stock");
    if (result.kind !== "insufficient_stock") return;
    expect(result.lines.map((l) => [l.variantId, l.requested, l.available])).toEqual([
      [a!.id, 4, 1],
      [c!.id, 5, 3],
    ]);
    expect(result.lines[0]!.name).toMatch(/^Item /);
    expect(await getInventoryRecord(db, b!.id)).toMatchObject({ reservedStock: 0, availableStock: 5 });
    expect(await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.userId, user.id))).toEqual([]);
  });

  it("is idempotent: the same checkout submitted 3 times at once gives one order and one charge", async () => {
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 10 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 2 }]);
    const key = newToken();
    const results = await Promise.all([1, 2, 3].map(() => placeOrder(deps, input(user, cartId, GOOD_CARD, key))));
    expect(results.map((r) => r.kind)).toEqual(["completed", "completed", "completed"]);
    const orderIds = new Set(results.map((r) => (r.kind === "completed" ? r.receipt.orderId : null)));
    expect(orderIds.size).toBe(1);
    expect(results.filter((r) => r.kind === "completed" && r.fresh)).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await chargesFor(key)).toHaveLength(1);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 8, reservedStock: 0 });
    // Submitted again later, it answers with the same order.
    const again = await placeOrder(deps, input(user, cartId, GOOD_CARD, key));
    expect(again.kind === "completed" && again.receipt.orderId).toBe([...orderIds][0]);
  });

  it("shoppers paying for the same variant at the same moment all get their order", async () => {
    // On PostgreSQL these settle in parallel transactions that each write order lines for the variant
    // before committing its stock (this once deadlocked; see core/inventory lockVariants).
    const { variants: [v] } = await makeProduct(db, 4500, [{ stock: 12 }]);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => shopper([{ variantId: v!.id, quantity: 1 }])));
    const results = await Promise.all(buyers.map(({ user, cartId }) => placeOrder(deps, input(user, cartId))));
    expect(results.map((r) => r.kind)).toEqual(Array(12).fill("completed"));
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 0, reservedStock: 0 });
    const sales = (await listMovements(db, v!.id)).filter((m) => m.type === "sale");
    expect(sales).toHaveLength(12);
  });

  it("refuses an empty cart", async () => {
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    await expect(placeOrder(deps, input(user, cartId))).rejects.toThrow("Your cart is empty");
  });

  it("does not let another user reuse someone's checkout key", async () => {
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 10 }]);
    const first = await shopper([{ variantId: v!.id, quantity: 1 }]);
    const key = newToken();
    expect((await placeOrder(deps, input(first.user, first.cartId, GOOD_CARD, key))).kind).toBe("completed");
    const second = await shopper([{ variantId: v!.id, quantity: 1 }]);
    await expect(placeOrder(deps, input(second.user, second.cartId, GOOD_CARD, key))).rejects.toThrow(/expired/);
  });
});

describe("the shipping address", () => {
  const NO_ADDRESS = { ...BILLING, street: "", city: "", state: "", zipCode: "" };

  it("is required for a cart that ships: refused without one, each field named, nothing held or charged", async () => {
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 4 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 2 }]);
    const key = newToken();
    const refused = await placeOrder(deps, { ...input(user, cartId, GOOD_CARD, key), shipping: null }).then(
      () => null,
      (error: unknown) => error as { code: string; status: number; details: { fields: Record<string, TextRef> } },
    );
    expect(refused).toMatchObject({ code: "checkout.shipping_required", status: 400 });
    expect({ fields: englishTexts(refused!.details.fields) }).toMatchObject({
      fields: { street: "Enter the street address.", city: "Enter the city.", state: "Enter the state, province or region.", zipCode: "Enter the ZIP or postal code." },
    });
    expect(await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.userId, user.id))).toEqual([]);
    expect(await chargesFor(key)).toEqual([]);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ reservedStock: 0, availableStock: 4 });
  });

  it("is where the order ships, and billed there too when no billing address was given", async () => {
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 4 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 1 }]);
    const placed = await placeOrder(deps, { ...input(user, cartId), billing: NO_ADDRESS, shipping: { ...SHIPPING, street: "1 East 116th St", zipCode: "10029" } });
    if (placed.kind !== "completed") throw new Error(placed.kind);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.receipt.orderId));
    const shipTo = { name: "Ana Rivera", street: "1 East 116th St", city: "New York", state: "NY", zipCode: "10029", country: "US" };
    expect(order).toMatchObject({ shippingAddress: shipTo, billingAddress: shipTo, addressKey: "1 east 116th st|10029|us" });
  });

  it("keeps a billing address given apart from it", async () => {
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 4 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 1 }]);
    const placed = await placeOrder(deps, { ...input(user, cartId), shipping: { ...SHIPPING, street: "1 East 116th St", zipCode: "10029" } });
    if (placed.kind !== "completed") throw new Error(placed.kind);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.receipt.orderId));
    expect(order!.shippingAddress).toMatchObject({ street: "1 East 116th St" });
    expect(order!.billingAddress).toMatchObject({ street: BILLING.street, zipCode: BILLING.zipCode });
  });
});

/** A provider whose payments wait for the shopper's browser (as Stripe's do); records cancellations. */
function awaitingProvider(): PaymentProvider & { cancelled: string[]; refunded: string[] } {
  const cancelled: string[] = [];
  const refunded: string[] = [];
  return {
    name: "stripe",
    cancelled,
    refunded,
    async startPayment(request) {
      return { status: "requires_confirmation", paymentId: `pi_${request.idempotencyKey.slice(0, 12)}`, clientSecret: `pi_secret_${request.attemptId}` };
    },
    async lookup({ idempotencyKey, attemptId }) {
      const paymentId = `pi_${idempotencyKey.slice(0, 12)}`;
      if (cancelled.includes(paymentId)) return { status: "failed", paymentId, code: "canceled", message: "Payment failed" };
      return { status: "requires_confirmation", paymentId, clientSecret: `pi_secret_${attemptId}` };
    },
    async abandon({ idempotencyKey }) {
      const paymentId = `pi_${idempotencyKey.slice(0, 12)}`;
      cancelled.push(paymentId);
      return { status: "failed", paymentId, code: "canceled", message: "Payment failed" };
    },
    async refund(paymentId) {
      refunded.push(paymentId);
      return { refundId: `re_${paymentId}` };
    },
    async cancel(paymentId) {
      cancelled.push(paymentId);
    },
  };
}

describe("reservations that are never paid", () => {
  it("holds the stock until the expiry, then the sweeper releases it and abandons the payment", async () => {
    const payments = awaitingProvider();
    let now = new Date("2026-11-22T12:00:00Z");
    const pending: CheckoutDeps = { db, payments, jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000, now: () => now };
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 5 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 3 }]);
    const result = await placeOrder(pending, input(user, cartId, undefined));
    expect(result.kind).toBe("requires_confirmation");
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ reservedStock: 3, availableStock: 2 });

    now = new Date("2026-11-22T12:14:00Z");
    expect(await releaseExpiredReservations(pending)).toBe(0);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ reservedStock: 3 });

    now = new Date("2026-11-22T12:16:00Z");
    expect(await releaseExpiredReservations(pending)).toBe(1);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 5, reservedStock: 0, availableStock: 5 });
    const [attempt] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.userId, user.id));
    expect(attempt!.status).toBe("expired");
    expect(payments.cancelled).toEqual([attempt!.paymentId]);
    // The cart is still there to try again, and a second sweep finds nothing.
    expect((await getCart(db, cartId)).itemCount).toBe(3);
    expect(await releaseExpiredReservations(pending)).toBe(0);
  });

  it("several sweepers at once release each reservation once", async () => {
    const payments = awaitingProvider();
    let now = new Date("2026-11-22T12:00:00Z");
    const pending: CheckoutDeps = { db, payments, jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 60_000, now: () => now };
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 20 }]);
    for (let i = 0; i < 4; i++) {
      const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 2 }]);
      expect((await placeOrder(pending, input(user, cartId, undefined))).kind).toBe("requires_confirmation");
    }
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ reservedStock: 8 });
    now = new Date("2026-11-22T12:05:00Z");
    const released = await Promise.all([releaseExpiredReservations(pending), releaseExpiredReservations(pending), releaseExpiredReservations(pending)]);
    expect(released.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 20, reservedStock: 0 });
    const releases = (await listMovements(db, v!.id)).filter((m) => m.type === "release");
    expect(releases).toHaveLength(4);
  });

  it("a payment arriving after the expiry takes the stock again, or is refunded when it sold out", async () => {
    const payments = awaitingProvider();
    let now = new Date("2026-11-22T12:00:00Z");
    const pending: CheckoutDeps = { db, payments, jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 60_000, now: () => now };
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 2 }]);
    const late = await shopper([{ variantId: v!.id, quantity: 1 }]);
    const lost = await shopper([{ variantId: v!.id, quantity: 2 }]);
    const lateResult = await placeOrder(pending, input(late.user, late.cartId, undefined));
    now = new Date("2026-11-22T12:05:00Z");
    await releaseExpiredReservations(pending);
    if (lateResult.kind !== "requires_confirmation") throw new Error(lateResult.kind);

    const settled = await settleAttempt(pending, lateResult.attemptId, { paymentId: "pi_late", brand: "visa", last4: "4242" });
    expect(settled.kind).toBe("completed");
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 1, reservedStock: 0 });
    // Settling the same payment again changes nothing.
    const twice = await settleAttempt(pending, lateResult.attemptId, { paymentId: "pi_late", brand: "visa", last4: "4242" });
    expect(twice).toMatchObject({ kind: "completed", fresh: false });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 1 });

    // Two wanted, one left: this late payment is refunded and no order is made.
    now = new Date("2026-11-22T12:06:00Z");
    const lostResult = await placeOrder(pending, input(lost.user, lost.cartId, undefined));
    expect(lostResult.kind).toBe("insufficient_stock");
    await db.update(variants).set({ onHand: 3 }).where(eq(variants.id, v!.id));
    const retry = await placeOrder(pending, input(lost.user, lost.cartId, undefined));
    if (retry.kind !== "requires_confirmation") throw new Error(retry.kind);
    now = new Date("2026-11-22T12:10:00Z");
    await releaseExpiredReservations(pending);
    await db.update(variants).set({ onHand: 1 }).where(eq(variants.id, v!.id));
    const refunded = await settleAttempt(pending, retry.attemptId, { paymentId: "pi_lost", brand: "visa", last4: "4242" });
    expect(refunded).toEqual({ kind: "refunded", message: SOLD_OUT_REFUNDED });
    expect(payments.refunded).toEqual(["pi_lost"]);
    expect(await db.select().from(orders).where(and(eq(orders.userId, lost.user.id)))).toEqual([]);
  });
});
