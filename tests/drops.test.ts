import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, createCartForUser, getCart } from "../core/cart/index.ts";
import { getProductBySlug } from "../core/catalog/index.ts";
import { placeOrder, type CheckoutDeps } from "../core/checkout/index.ts";
import { getInventoryRecord } from "../core/inventory/index.ts";
import { collectionFormSchema, createCollection, getCollectionPage, updateCollection } from "../core/lookbook/index.ts";
import type { AdminActor } from "../core/admin/index.ts";
import { createTestProvider } from "../core/payments/index.ts";
import { newToken } from "../core/shared/ids.ts";
import type { Db } from "../db/client.ts";
import { collections, products } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { refusal } from "./refusal.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { BILLING, GOOD_CARD, SHIPPING } from "./purchase.ts";

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
    const input = { userId: user.id, cartId, idempotencyKey: newToken(), billing: BILLING, shipping: SHIPPING, card: GOOD_CARD };
    expect(await refusal(placeOrder(yearAhead, input))).toEqual({ code: "cart.not_on_sale_yet", status: 409, message: "Drop Hoodie is not on sale yet." });
    // Nothing was held or charged: the whole attempt was refused.
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ reservedStock: 0, currentStock: 5 });
    expect(await getInventoryRecord(db, other!.id)).toMatchObject({ reservedStock: 0, currentStock: 5 });

    await releaseIn(product.id, -1);
    const placed = await placeOrder(deps, { ...input, idempotencyKey: newToken() });
    expect(placed.kind).toBe("completed");
  });
});

describe("a collection-wide drop", () => {
  const admin: AdminActor = { id: "admin-drops", email: "drops-admin@east-harlem.test", role: "admin", clientIp: "203.0.113.10" };
  const passJobs = async (productId: number) => {
    const result = await db.execute(sql`select data from pgboss.job where name = 'restock-alerts' and (data->>'productId')::int = ${productId} order by created_on`);
    return ((result as unknown as { rows?: { data: unknown }[] }).rows ?? (result as never)) as { data: { productId: number; onSaleAt?: string | null } }[];
  };

  it("holds every product of the collection until its moment, by the database's clock; a product's own later moment still holds", async () => {
    const { product: tee, variants: [teeSize] } = await makeProduct(db, 4000, [{ stock: 5 }], "Capsule Tee");
    const { product: cap, variants: [capSize] } = await makeProduct(db, 3000, [{ stock: 5 }], "Capsule Cap");
    const cartId = await createCartForUser(db, (await makeUser(db)).id);
    await addToCart(db, cartId, { variantId: capSize!.id, quantity: 1 });
    const slug = `capsule-${Date.now()}`;
    const form = (onSaleAt: string) => collectionFormSchema.parse({ name: "Capsule", slug, description: "One night only.", season: "", onSaleAt, products: `${tee.slug}\n${cap.slug}` });
    // Saved far ahead: both products are upcoming, in the shop, on their pages and in the cart's line.
    const { id } = await createCollection(db, admin, form("2099-06-01T20:00"), database.jobs);
    expect((await getProductBySlug(db, tee.slug))!.onSaleAt).toBe(new Date("2099-06-02T00:00:00Z").toISOString());
    expect(await refusal(addToCart(db, cartId, { variantId: teeSize!.id, quantity: 1 }))).toEqual({ code: "cart.not_on_sale_yet", status: 409, message: "Capsule Tee is not on sale yet." });
    expect((await getCart(db, cartId)).lines.find((l) => l.variantId === capSize!.id)?.notOnSaleUntil).toEqual(expect.any(String));
    const page = await getCollectionPage(db, slug);
    expect(page!.collection.upcoming).toBe(true);
    // The drop's Notify me pass is scheduled for each product, at the collection's moment.
    expect((await passJobs(tee.id)).map((j) => j.data)).toEqual([{ productId: tee.id, onSaleAt: new Date("2099-06-02T00:00:00Z").toISOString() }]);

    // The collection's moment comes (set by the database's clock): both open, unless the product's own is later.
    await db.update(products).set({ onSaleAt: sql`now() + interval '1 hour'` }).where(eq(products.id, cap.id));
    await db.update(collections).set({ onSaleAt: sql`now() - interval '1 second'` }).where(eq(collections.id, id));
    await addToCart(db, cartId, { variantId: teeSize!.id, quantity: 1 });
    expect((await getProductBySlug(db, tee.slug))!.onSaleAt).toBeNull();
    expect((await getProductBySlug(db, cap.slug))!.onSaleAt).not.toBeNull();
    expect((await getCollectionPage(db, slug))!.collection.upcoming).toBe(false);
    await db.update(products).set({ onSaleAt: null }).where(eq(products.id, cap.id));

    // Moved ahead again from the back office, then cleared: cleared opens the products at once, with their pass now.
    await updateCollection(db, admin, id, form("2099-07-01T20:00"), database.jobs);
    expect((await getProductBySlug(db, cap.slug))!.onSaleAt).toBe(new Date("2099-07-02T00:00:00Z").toISOString());
    await updateCollection(db, admin, id, form(""), database.jobs);
    expect((await getProductBySlug(db, cap.slug))!.onSaleAt).toBeNull();
    expect((await passJobs(cap.id)).map((j) => j.data).at(-1)).toEqual({ productId: cap.id, onSaleAt: null });
    // A product taken out of an upcoming collection is on sale again.
    await updateCollection(db, admin, id, form("2099-07-01T20:00"), database.jobs);
    await updateCollection(db, admin, id, collectionFormSchema.parse({ name: "Capsule", slug, description: "One night only.", season: "", onSaleAt: "2099-07-01T20:00", products: tee.slug }), database.jobs);
    expect((await getProductBySlug(db, cap.slug))!.onSaleAt).toBeNull();
    expect((await getProductBySlug(db, tee.slug))!.onSaleAt).not.toBeNull();
  });
});
