import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, createCart, createCartForUser, findLimitBreach, getCart, addressKeyOf } from "../core/cart/index.ts";
import { placeOrder, type CheckoutDeps } from "../core/checkout/index.ts";
import { cancelOrder } from "../core/orders/index.ts";
import { createTestProvider, type PaymentProvider } from "../core/payments/index.ts";
import { isDomainError } from "../core/shared/errors.ts";
import { newToken } from "../core/shared/ids.ts";
import type { Db } from "../db/client.ts";
import { checkoutAttempts, orders, products, variants } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { refusal } from "./refusal.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { BILLING, GOOD_CARD, SHIPPING } from "./purchase.ts";

/*
 * Limits per customer for limited drops (issue 18, ADR 0033): counted across the cart, open checkouts and
 * orders that stand, by account, and at checkout by shipping address and card; refused at add to cart and
 * again at checkout, where checkouts of one customer are serialised.
 */

let database: TestDatabase;
let db: Db;
let deps: CheckoutDeps;
let payments: PaymentProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  payments = createTestProvider(db);
  deps = { db, payments, jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000 };
});
afterAll(() => database?.destroy());

/** A drop of one variant with a limit per customer. */
async function drop(limit: number, name = "Founders 2024 Varsity Jacket", stock = 20) {
  const made = await makeProduct(db, 25000, [{ stock }], name);
  await db.update(products).set({ limitPerCustomer: limit }).where(eq(products.id, made.product.id));
  return { product: made.product, variant: made.variants[0]! };
}

/** Checkout as the page does; `shipping` overrides the shipping address. */
function checkout(userId: string, cartId: string, options: { shipping?: Partial<typeof SHIPPING>; card?: typeof GOOD_CARD; deps?: CheckoutDeps } = {}) {
  return placeOrder(options.deps ?? deps, { userId, cartId, idempotencyKey: newToken(), billing: { ...BILLING, email: `${userId}@east-harlem.test` }, shipping: { ...SHIPPING, ...options.shipping }, card: options.card ?? GOOD_CARD });
}

/** A payment the browser still has to confirm (Stripe's way): the attempt stays open, holding its stock. */
const pendingDeps = (): CheckoutDeps => ({
  ...deps,
  payments: { ...payments, startPayment: async (request) => ({ status: "requires_confirmation", paymentId: `pi_${request.attemptId}`, clientSecret: `secret_${request.attemptId}` }) },
});

describe("the rule", () => {
  it("holds a product's limit across its variants and a variant's own limit, and folds addresses", () => {
    const line = { variantId: 1, productId: 9, name: "Jacket", options: "M", quantity: 1, productLimit: 2, variantLimit: null };
    const none = { byProduct: new Map<number, number>(), byVariant: new Map<number, number>() };
    expect(findLimitBreach([line, { ...line, variantId: 2 }], none)).toBeNull();
    expect(findLimitBreach([line, { ...line, variantId: 2, quantity: 2 }], none)).toEqual({ item: "Jacket", limit: 2, held: 0 });
    expect(findLimitBreach([{ ...line, productLimit: null, variantLimit: 1 }], { ...none, byVariant: new Map([[1, 1]]) })).toEqual({ item: "Jacket (M)", limit: 1, held: 1 });
    expect(addressKeyOf({ street: "  2150  Third   AVE ", zipCode: " 10035", country: "us" })).toBe("2150 third ave|10035|us");
    expect(addressKeyOf({ street: " ", zipCode: "10035", country: "US" })).toBeNull();
  });
});

describe("a limit per customer", () => {
  it("refuses a second unit in the cart with a clear message", async () => {
    const { variant } = await drop(1);
    const cartId = await createCartForUser(db, (await makeUser(db)).id);
    await addToCart(db, cartId, { variantId: variant.id, quantity: 1 });
    expect(await refusal(addToCart(db, cartId, { variantId: variant.id, quantity: 1 }))).toEqual({
      code: "cart.customer_limit",
      status: 409,
      message: "You can buy at most 1 Founders 2024 Varsity Jacket per customer.",
    });
    expect((await getCart(db, cartId)).lines.map((l) => l.quantity)).toEqual([1]);
  });

  it("counts an order already paid, and a cancelled order frees the limit", async () => {
    const { variant } = await drop(1);
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    await addToCart(db, cartId, { variantId: variant.id, quantity: 1 });
    const placed = await checkout(user.id, cartId);
    expect(placed.kind).toBe("completed");
    expect(await refusal(addToCart(db, cartId, { variantId: variant.id, quantity: 1 }))).toMatchObject({ code: "cart.customer_limit" });

    if (placed.kind !== "completed") return;
    await cancelOrder({ db, payments, jobs: database.jobs }, { orderId: placed.receipt.orderId, actor: user.id });
    await addToCart(db, cartId, { variantId: variant.id, quantity: 1 });
    expect((await checkout(user.id, cartId)).kind).toBe("completed");
  });

  it("lets only one of two open checkouts of one customer pass", async () => {
    const { variant } = await drop(1);
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    await addToCart(db, cartId, { variantId: variant.id, quantity: 1 });
    // The first checkout's attempt starts and waits on the browser to confirm the payment, holding its unit.
    expect((await checkout(user.id, cartId, { deps: pendingDeps() })).kind).toBe("requires_confirmation");
    // A second checkout of the same cart (another tab) never holds a second unit beside it: the cart has one
    // payment in flight (ADR 0038), so the first one's payment, still waiting for the browser, is closed and
    // its unit let go before the second takes one and is paid.
    expect((await checkout(user.id, cartId)).kind).toBe("completed");
    const attempts = await db.select({ status: checkoutAttempts.status }).from(checkoutAttempts).where(eq(checkoutAttempts.userId, user.id));
    expect(attempts.map((a) => a.status).sort()).toEqual(["completed", "failed"]);
    const [stock] = await db.select({ onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(eq(variants.id, variant.id));
    expect(stock).toEqual({ onHand: 19, reserved: 0 });
  });

  it("lets only one of two racing checkouts pass when two accounts ship to one address", async () => {
    const { variant } = await drop(1);
    const carts: { userId: string; cartId: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const user = await makeUser(db);
      const cartId = await createCartForUser(db, user.id);
      // Each account alone is under the limit: its cart takes the unit.
      await addToCart(db, cartId, { variantId: variant.id, quantity: 1 });
      carts.push({ userId: user.id, cartId });
    }
    // Both press Pay at once, with different cards, to the same address: the address's lock lets one count
    // the other's attempt (on PostgreSQL they truly run at once; PGlite runs them one after the other).
    const pending = pendingDeps();
    const cards = [GOOD_CARD, { ...GOOD_CARD, number: "5555555555554444" }];
    const outcomes = await Promise.allSettled(carts.map((c, i) => checkout(c.userId, c.cartId, { deps: pending, card: cards[i]! })));
    const passed = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(passed.map((o) => o.value.kind)).toEqual(["requires_confirmation"]);
    expect(refused.map((r) => (isDomainError(r.reason) ? r.reason.code : String(r.reason)))).toEqual(["cart.customer_limit"]);
    const [stock] = await db.select({ reserved: variants.reserved }).from(variants).where(eq(variants.id, variant.id));
    expect(stock!.reserved).toBe(1);
  });

  it("refuses at checkout the same shipping address on another account, written differently", async () => {
    const { variant } = await drop(1);
    const first = await makeUser(db);
    const firstCart = await createCartForUser(db, first.id);
    await addToCart(db, firstCart, { variantId: variant.id, quantity: 1 });
    expect((await checkout(first.id, firstCart)).kind).toBe("completed");
    const [order] = await db.select({ addressKey: orders.addressKey, cardFingerprint: orders.cardFingerprint }).from(orders).where(eq(orders.userId, first.id));
    expect(order!.addressKey).toBe("2150 third ave|10035|us");
    expect(order!.cardFingerprint).toMatch(/^[0-9a-f]{32}$/);

    const other = await makeUser(db);
    const otherCart = await createCartForUser(db, other.id);
    // The account has bought none: the cart takes it.
    await addToCart(db, otherCart, { variantId: variant.id, quantity: 1 });
    const otherCard = { ...GOOD_CARD, number: "5555555555554444" };
    expect(await refusal(checkout(other.id, otherCart, { shipping: { street: " 2150 third  ave ", zipCode: "10035 " }, card: otherCard }))).toMatchObject({
      code: "cart.customer_limit",
    });
    // Another address, but the same card: refused too.
    expect(await refusal(checkout(other.id, otherCart, { shipping: { street: "1 Main St" } }))).toMatchObject({ code: "cart.customer_limit" });
    // Another address and another card: sold.
    expect((await checkout(other.id, otherCart, { shipping: { street: "1 Main St" }, card: otherCard })).kind).toBe("completed");
  });

  it("refuses a guest when the product requires sign-in or has a limit", async () => {
    const { product, variant } = await drop(1, "Guest Drop");
    const guestCart = await createCart(db);
    expect(await refusal(addToCart(db, guestCart, { variantId: variant.id, quantity: 1 }))).toEqual({ code: "cart.sign_in_required", status: 401, message: "Sign in to buy Guest Drop." });
    await db.update(products).set({ limitPerCustomer: null, signInRequired: true }).where(eq(products.id, product.id));
    expect((await refusal(addToCart(db, guestCart, { variantId: variant.id, quantity: 1 }))).code).toBe("cart.sign_in_required");
    await db.update(products).set({ signInRequired: false }).where(eq(products.id, product.id));
    await addToCart(db, guestCart, { variantId: variant.id, quantity: 1 });
  });

  it("holds a variant's own limit", async () => {
    const made = await makeProduct(db, 9000, [{ stock: 9, size: "M" }, { stock: 9, size: "L" }], "Sized Drop");
    const [m, l] = made.variants;
    await db.update(variants).set({ limitPerCustomer: 2 }).where(eq(variants.id, m!.id));
    const cartId = await createCartForUser(db, (await makeUser(db)).id);
    await addToCart(db, cartId, { variantId: m!.id, quantity: 2 });
    await addToCart(db, cartId, { variantId: l!.id, quantity: 3 });
    expect(await refusal(addToCart(db, cartId, { variantId: m!.id, quantity: 1 }))).toMatchObject({ code: "cart.customer_limit", message: "You can buy at most 2 Sized Drop (M) per customer." });
  });
});
