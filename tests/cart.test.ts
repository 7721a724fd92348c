import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addByOptionsSchema,
  addToCart,
  addToCartSchema,
  clearCart,
  createCart,
  findVariantByOptions,
  getCart,
  removeLine,
  setLineQuantity,
  setQuantitySchema,
} from "../core/cart/index.ts";
import { isDomainError } from "../core/shared/errors.ts";
import { products, variants } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { englishFirst } from "./field-words.ts";

let database: TestDatabase;
let cartId: string;
let tee: { id: number; productId: number; black: number; blackL: number; white: number; scarce: number };

async function makeProduct(slug: string, basePriceCents: number, rows: { size?: string; color?: string; stock: number; priceCents?: number }[]) {
  const [product] = await database.db
    .insert(products)
    .values({ slug, name: slug.replace(/-/g, " "), description: "A test product.", basePriceCents, category: "apparel", artKind: "tee" })
    .returning();
  const made = await database.db
    .insert(variants)
    .values(
      rows.map((r, i) => ({
        productId: product!.id,
        sku: `${slug}-${i}`,
        size: r.size ?? null,
        color: r.color ?? null,
        onHand: r.stock,
        priceCents: r.priceCents ?? null,
        lowStockThreshold: 2,
      })),
    )
    .returning();
  return { product: product!, variants: made };
}

/** Expects a domain error and returns its message. */
async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return error.message;
    throw error;
  }
  throw new Error("expected the command to be refused");
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { product, variants: v } = await makeProduct("test-tee", 5500, [
    { size: "M", color: "Black", stock: 10 },
    { size: "L", color: "Black", stock: 10 },
    { size: "M", color: "White", stock: 10, priceCents: 6000 },
    { size: "S", color: "Red", stock: 2 },
  ]);
  tee = { id: product.id, productId: product.id, black: v[0]!.id, blackL: v[1]!.id, white: v[2]!.id, scarce: v[3]!.id };
});
afterAll(() => database?.destroy());
beforeEach(async () => {
  cartId = await createCart(database.db);
});

describe("adding to the cart", () => {
  it("adds a line priced from the database and raises its quantity when the same variant is added again", async () => {
    await addToCart(database.db, cartId, { variantId: tee.black, quantity: 1 });
    await addToCart(database.db, cartId, { variantId: tee.black, quantity: 2 });
    const cart = await getCart(database.db, cartId);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ variantId: tee.black, quantity: 3, unitPriceCents: 5500, lineTotalCents: 16500, size: "M", color: "Black" });
    expect(cart).toMatchObject({ subtotalCents: 16500, itemCount: 3 });
  });

  it("keeps another size or colour of the same product as its own line with its own price", async () => {
    await addToCart(database.db, cartId, { variantId: tee.black, quantity: 1 });
    await addToCart(database.db, cartId, { variantId: tee.white, quantity: 2 });
    const cart = await getCart(database.db, cartId);
    expect(cart.lines.map((l) => [l.color, l.quantity, l.unitPriceCents])).toEqual([
      ["Black", 1, 5500],
      ["White", 2, 6000],
    ]);
    expect(cart.subtotalCents).toBe(17500);
  });

  it("refuses more than is available, counting what the cart already holds, and changes nothing", async () => {
    await addToCart(database.db, cartId, { variantId: tee.scarce, quantity: 2 });
    const message = await rejection(addToCart(database.db, cartId, { variantId: tee.scarce, quantity: 1 }));
    expect(message).toBe("Only 2 of test tee (S, Red) available, and your cart already has 2.");
    expect((await getCart(database.db, cartId)).itemCount).toBe(2);
  });

  it("counts reserved units as unavailable", async () => {
    await database.db.update(variants).set({ reserved: 9 }).where(eq(variants.id, tee.blackL));
    try {
      expect(await rejection(addToCart(database.db, cartId, { variantId: tee.blackL, quantity: 2 }))).toBe(
        "Only 1 of test tee (L, Black) available.",
      );
    } finally {
      await database.db.update(variants).set({ reserved: 0 }).where(eq(variants.id, tee.blackL));
    }
  });

  it("refuses unknown and withdrawn items", async () => {
    expect(await rejection(addToCart(database.db, cartId, { variantId: 999_999, quantity: 1 }))).toBe("This item is no longer available.");
    const { variants: [gone] } = await makeProduct("withdrawn-cap", 3500, [{ color: "Black", stock: 5 }]);
    await database.db.update(variants).set({ active: false }).where(eq(variants.id, gone!.id));
    expect(await rejection(addToCart(database.db, cartId, { variantId: gone!.id, quantity: 1 }))).toBe("This item is no longer available.");
    expect((await getCart(database.db, cartId)).lines).toHaveLength(0);
  });

  it("stops a line at 99", async () => {
    const { variants: [plenty] } = await makeProduct("plenty-socks", 1200, [{ stock: 500 }]);
    await addToCart(database.db, cartId, { variantId: plenty!.id, quantity: 99 });
    expect(await rejection(addToCart(database.db, cartId, { variantId: plenty!.id, quantity: 1 }))).toBe(
      "You can have at most 99 of one item in your cart.",
    );
  });

  it("finds the variant from the chosen options, and says what is missing", async () => {
    expect(await findVariantByOptions(database.db, { productId: tee.productId, size: "M", color: "White" })).toBe(tee.white);
    expect(await rejection(findVariantByOptions(database.db, { productId: tee.productId, size: null, color: null }))).toBe(
      "Please choose a size and a color.",
    );
    expect(await rejection(findVariantByOptions(database.db, { productId: tee.productId, size: "XL", color: "Black" }))).toBe(
      "That size and color combination is not available.",
    );
  });
});

describe("changing the cart", () => {
  it("changes the quantity of one line only, leaving other lines of the same product alone", async () => {
    await addToCart(database.db, cartId, { variantId: tee.black, quantity: 1 });
    await addToCart(database.db, cartId, { variantId: tee.white, quantity: 1 });
    await setLineQuantity(database.db, cartId, { variantId: tee.white, quantity: 4 });
    const cart = await getCart(database.db, cartId);
    expect(cart.lines.map((l) => l.quantity)).toEqual([1, 4]);
    expect(cart.subtotalCents).toBe(5500 + 4 * 6000);
  });

  it("removes a line when its quantity is set to 0 or less", async () => {
    await addToCart(database.db, cartId, { variantId: tee.black, quantity: 1 });
    await addToCart(database.db, cartId, { variantId: tee.white, quantity: 1 });
    await setLineQuantity(database.db, cartId, { variantId: tee.black, quantity: 0 });
    await setLineQuantity(database.db, cartId, { variantId: tee.white, quantity: -2 });
    expect((await getCart(database.db, cartId)).lines).toEqual([]);
  });

  it("refuses a quantity above what is available and keeps the old one", async () => {
    await addToCart(database.db, cartId, { variantId: tee.scarce, quantity: 1 });
    expect(await rejection(setLineQuantity(database.db, cartId, { variantId: tee.scarce, quantity: 3 }))).toBe(
      "Only 2 of test tee (S, Red) available.",
    );
    expect((await getCart(database.db, cartId)).lines[0]!.quantity).toBe(1);
  });

  it("removes one line, and clears the whole cart", async () => {
    await addToCart(database.db, cartId, { variantId: tee.black, quantity: 1 });
    await addToCart(database.db, cartId, { variantId: tee.white, quantity: 1 });
    await removeLine(database.db, cartId, tee.black);
    expect((await getCart(database.db, cartId)).lines.map((l) => l.variantId)).toEqual([tee.white]);
    await clearCart(database.db, cartId);
    expect(await getCart(database.db, cartId)).toMatchObject({ lines: [], subtotalCents: 0, itemCount: 0 });
  });

  it("keeps each cart to itself", async () => {
    const other = await createCart(database.db);
    await addToCart(database.db, other, { variantId: tee.black, quantity: 2 });
    await clearCart(database.db, cartId);
    expect((await getCart(database.db, other)).itemCount).toBe(2);
    expect((await getCart(database.db, cartId)).itemCount).toBe(0);
  });

  it("shows today's price when the catalogue changes", async () => {
    await addToCart(database.db, cartId, { variantId: tee.black, quantity: 1 });
    await database.db.update(products).set({ basePriceCents: 5000 }).where(eq(products.id, tee.productId));
    try {
      expect((await getCart(database.db, cartId)).subtotalCents).toBe(5000);
    } finally {
      await database.db.update(products).set({ basePriceCents: 5500 }).where(eq(products.id, tee.productId));
    }
  });
});

describe("cart input", () => {
  it("accepts whole quantities from 1 to 99 only", () => {
    expect(addToCartSchema.safeParse({ variantId: "4", quantity: "2" }).data).toEqual({ variantId: 4, quantity: 2 });
    for (const quantity of ["0", "100", "1.5", "abc", "", "-1"]) {
      const result = addToCartSchema.safeParse({ variantId: "4", quantity });
      expect(result.success, quantity).toBe(false);
      expect(result.error && englishFirst(result.error)).toBe("Quantity must be a whole number from 1 to 99.");
    }
    expect(setQuantitySchema.safeParse({ variantId: "4", quantity: "0" }).data).toEqual({ variantId: 4, quantity: 0 });
  });

  it("ignores forged fields such as a price", () => {
    const parsed = addByOptionsSchema.parse({ productId: "7", size: "M", color: "", quantity: "1", priceCents: "1" });
    expect(parsed).toEqual({ productId: 7, size: "M", color: null, quantity: 1 });
  });

  it("refuses a variant id that is not a number", () => {
    expect(addToCartSchema.safeParse({ variantId: "1 or 1=1", quantity: "1" }).success).toBe(false);
  });
});
