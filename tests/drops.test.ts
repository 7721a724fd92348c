import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, createCartForUser, getCart } from "../core/cart/index.ts";
import { getProductBySlug } from "../core/catalog/index.ts";
import { placeOrder, type CheckoutDeps } from "../core/checkout/index.ts";
import { getInventoryRecord } from "../core/inventory/index.ts";
import { createTestProvider } from "../core/payments/index.ts";
import { isDomainError } from "../core/shared/errors.ts";
import { newToken } from "../core/shared/ids.ts";
import type { Db } from "../db/client.ts";
import { products } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { BILLING, GOOD_CARD } from "./purchase.ts";

/*
 * Timed releases (issue 18): before its moment a product is seen but not sold, by the cart or by checkout;
 * the moment is read against the database's clock, so these tests set it relative to the database's now().
 */

let database: TestDatabase;
let db: Db;
let deps: CheckoutDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  deps = { db, payments: createTestProvider(db), jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000 };
});
afterAll(() => database?.destroy());

/** Schedules the product's release this long after the database's now() (negative: already past). */
async function releaseIn(productId: number, seconds: number) {
  await db
    .update(products)
    .set({ onSaleAt: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(products.id, productId));
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("a timed release", () => {
  it("is refused at add to cart before its moment, with a clear message, and accepted once it has come", async () => {
    const { product, variants: [v] } = await makeProduct(db, 9000, [{ stock: 5 }], "Drop Jacket");
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    await releaseIn(product.id, 3600);

    expect(await refusal(addToCart(db, cartId, { variantId: v!.id, quantity: 1 }))).toEqual({
      code: "cart.not_on_sale_yet",
      status: 409,
      message: "Drop Jacket is not on sale yet.",
    });
    expect((await getCart(db, cartId)).lines).toEqual([]);

    await releaseIn(product.id, -1);
    await addToCart(db, cartId, { variantId: v!.id, quantity: 1 });
    expect((await getCart(db, cartId)).lines.map((l) => [l.variantId, l.quantity, l.notOnSaleUntil])).toEqual([[v!.id, 1, null]]);
  });

  it("opens at the moment the database's clock reaches it: refused a moment before, sold a moment after", async () => {
    const { product, variants: [v] } = await makeProduct(db, 9000, [{ stock: 5 }]);
    const cartId = await createCartForUser(db, (await makeUser(db)).id);
    await releaseIn(product.id, 1.5);
    expect((await refusal(addToCart(db, cartId, { variantId: v!.id, quantity: 1 }))).code).toBe("cart.not_on_sale_yet");
    // The page reads the same clock: the moment is still to come, less than 1.5 s away.
    const page = await getProductBySlug(db, product.slug);
    expect(page!.onSaleAt).not.toBeNull();
    expect(page!.msUntilOnSale).toBeGreaterThan(0);
    expect(page!.msUntilOnSale).toBeLessThanOrEqual(1500);

    await new Promise((resolve) => setTimeout(resolve, 1700));
    await addToCart(db, cartId, { variantId: v!.id, quantity: 1 });
    expect((await getCart(db, cartId)).itemCount).toBe(1);
    const opened = await getProductBySlug(db, product.slug);
    expect([opened!.onSaleAt, opened!.msUntilOnSale]).toEqual([null, null]);
  });

  it("is refused at checkout for a line put in the cart before the release was scheduled, whatever the process's clock says", async () => {
    const { product, variants: [v] } = await makeProduct(db, 9000, [{ stock: 5 }], "Drop Hoodie");
    const { variants: [other] } = await makeProduct(db, 2000, [{ stock: 5 }]);
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    await addToCart(db, cartId, { variantId: v!.id, quantity: 1 });
    await addToCart(db, cartId, { variantId: other!.id, quantity: 1 });
    await releaseIn(product.id, 3600);

    const cart = await getCart(db, cartId);
    expect(cart.lines.find((l) => l.variantId === v!.id)?.notOnSaleUntil).toEqual(expect.any(String));
    // This process's clock a year ahead changes nothing: the database's clock decides.
    const yearAhead = { ...deps, now: () => new Date(Date.now() + 365 * 86_400_000) };
    const input = { userId: user.id, cartId, idempotencyKey: newToken(), billing: BILLING, card: GOOD_CARD };
    expect(await refusal(placeOrder(yearAhead, input))).toEqual({ code: "cart.not_on_sale_yet", status: 409, message: "Drop Hoodie is not on sale yet." });
    // Nothing was held or charged: the whole attempt was refused.
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ reservedStock: 0, currentStock: 5 });
    expect(await getInventoryRecord(db, other!.id)).toMatchObject({ reservedStock: 0, currentStock: 5 });

    await releaseIn(product.id, -1);
    const placed = await placeOrder(deps, { ...input, idempotencyKey: newToken() });
    expect(placed.kind).toBe("completed");
  });
});
