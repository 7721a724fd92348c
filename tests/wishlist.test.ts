import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCartForUser, getCart } from "../core/cart/index.ts";
import {
  createWishlist,
  deleteWishlist,
  getWishlist,
  listWishlists,
  lookupSharedWishlist,
  moveItemToCart,
  removeItem,
  removeProductFromWishlists,
  renameWishlist,
  saveItem,
  savedProductIds,
  setWishlistSharing,
  SHARE_CODE_ALPHABET,
  SHARE_LOOKUP_THROTTLE,
  shareLookupThrottleKey,
  updateItem,
  updateItemSchema,
  type WishlistError,
} from "../core/wishlist/index.ts";
import { openDatabase, type Database, type Db } from "../db/client.ts";
import { products, rateLimits, variants, wishlistItems } from "../db/schema/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { englishFirst } from "./field-words.ts";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.destroy());

/** A tee in S and M, Black and White (White M costs more), like the catalogue's. */
async function tee(stock = { sBlack: 5, mBlack: 0, mWhite: 2 }) {
  return makeProduct(db, 5500, [
    { size: "S", color: "Black", stock: stock.sBlack },
    { size: "M", color: "Black", stock: stock.mBlack },
    { size: "M", color: "White", stock: stock.mWhite, priceCents: 6000 },
  ]);
}

async function refusal(promise: Promise<unknown>): Promise<WishlistError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected the command to be refused").toBeTruthy();
  return error as WishlistError;
}

describe("saving to a wishlist", () => {
  it("creates “My Favorites” on first use and saves the item with its options, medium priority and the time", async () => {
    const user = await makeUser(db);
    const { product, variants: [sBlack] } = await tee();
    expect(await listWishlists(db, user.id)).toEqual([]);
    const before = Date.now();
    const { listId } = await saveItem(db, user.id, { productId: product.id, size: "S", color: "Black" });

    const lists = await listWishlists(db, user.id);
    expect(lists.map((l) => [l.name, l.itemCount, l.isPublic, l.shareCode])).toEqual([["My Favorites", 1, false, null]]);
    const list = await getWishlist(db, user.id, listId);
    const [item] = list!.items;
    expect(item).toMatchObject({ productName: product.name, size: "S", color: "Black", priority: "medium", notes: "" });
    expect(item!.addedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(item!.offer).toMatchObject({ variantId: sBlack!.id, priceCents: 5500, availability: "in_stock", available: 5 });
    expect(await savedProductIds(db, user.id)).toEqual([product.id]);

    // The next save goes to the same list.
    const other = await tee();
    expect((await saveItem(db, user.id, { productId: other.product.id, size: null, color: null })).listId).toBe(listId);
    expect(await listWishlists(db, user.id)).toHaveLength(1);
  });

  it("makes one “My Favorites” when two first saves arrive at once", async () => {
    const user = await makeUser(db);
    const [a, b, c] = await Promise.all([tee(), tee(), tee()]);
    await Promise.all([a, b, c].map((p) => saveItem(db, user.id, { productId: p.product.id, size: null, color: null })));
    const lists = await listWishlists(db, user.id);
    expect(lists.map((l) => [l.name, l.itemCount])).toEqual([["My Favorites", 3]]);
  });

  it("refuses the same product, size and colour twice with “Item already in wishlist”, and the product shows as saved", async () => {
    const user = await makeUser(db);
    const { product } = await tee();
    await saveItem(db, user.id, { productId: product.id, size: "M", color: "White" });
    const duplicate = await refusal(saveItem(db, user.id, { productId: product.id, size: "M", color: "White" }));
    expect(duplicate).toMatchObject({ code: "wishlist.item_exists", message: "Item already in wishlist" });
    expect(await savedProductIds(db, user.id, [product.id])).toEqual([product.id]);

    // No options twice is a duplicate too (the unique key treats the empty options as equal).
    await saveItem(db, user.id, { productId: product.id, size: null, color: null });
    expect(await refusal(saveItem(db, user.id, { productId: product.id, size: null, color: null }))).toMatchObject({ message: "Item already in wishlist" });
    // Another colour is another item.
    await saveItem(db, user.id, { productId: product.id, size: "S", color: "Black" });
    const [list] = await listWishlists(db, user.id);
    expect(list!.itemCount).toBe(3);
  });

  it("refuses options the product does not come in, and products withdrawn from the shop", async () => {
    const user = await makeUser(db);
    const { product } = await tee();
    expect(await refusal(saveItem(db, user.id, { productId: product.id, size: "XXL", color: "Black" }))).toMatchObject({
      message: "That size and color combination is not available.",
    });
    await db.update(products).set({ status: "archived" }).where(eq(products.id, product.id));
    expect(await refusal(saveItem(db, user.id, { productId: product.id, size: null, color: null }))).toMatchObject({ code: "wishlist.product_not_found" });
    expect(await refusal(saveItem(db, user.id, { productId: 999_999, size: null, color: null }))).toMatchObject({ code: "wishlist.product_not_found" });
    expect(await listWishlists(db, user.id)).toEqual([]);
  });

  it("the heart's remove takes the product out of every list", async () => {
    const user = await makeUser(db);
    const { product } = await tee();
    const { listId } = await saveItem(db, user.id, { productId: product.id, size: null, color: null });
    const birthday = await createWishlist(db, user.id, { name: "Birthday", description: "" });
    await saveItem(db, user.id, { productId: product.id, size: "S", color: "Black", listId: birthday });
    expect(await removeProductFromWishlists(db, user.id, product.id)).toBe(2);
    expect(await savedProductIds(db, user.id)).toEqual([]);
    expect((await getWishlist(db, user.id, listId))!.items).toEqual([]);
  });
});

describe("priorities, notes and prices", () => {
  it("keeps priority and notes, lists high first, and prices from today's catalogue", async () => {
    const user = await makeUser(db);
    const { product, variants: [, , mWhite] } = await tee();
    const first = await saveItem(db, user.id, { productId: product.id, size: "M", color: "White" });
    const second = await saveItem(db, user.id, { productId: product.id, size: null, color: null });
    await updateItem(db, user.id, updateItemSchema.parse({ itemId: String(second.itemId), priority: "high", notes: "  For the block party\r\nsize M  " }));
    await updateItem(db, user.id, { itemId: first.itemId, priority: "low", notes: "" });

    // The price changes after saving: the list shows today's.
    await db.update(variants).set({ priceCents: 6500 }).where(eq(variants.id, mWhite!.id));
    const list = await getWishlist(db, user.id, first.listId);
    expect(list!.items.map((i) => [i.priority, i.notes, i.offer.priceCents])).toEqual([
      ["high", "For the block party\nsize M", 5500],
      ["low", "", 6500],
    ]);
    expect(list!.items[0]!.offer).toMatchObject({ priceVaries: true, available: 7, variantId: null });
    expect(list!.items[0]!.offer.choices).toHaveLength(3);
  });

  it("refuses a priority other than high, medium or low, and notes over 500 characters", () => {
    expect(updateItemSchema.safeParse({ itemId: "1", priority: "urgent", notes: "" }).success).toBe(false);
    const tooLong = updateItemSchema.safeParse({ itemId: "1", priority: "low", notes: "x".repeat(501) });
    expect(tooLong.success).toBe(false);
    expect(englishFirst(tooLong.error!)).toBe("Notes can be at most 500 characters.");
    expect(updateItemSchema.parse({ itemId: "1", priority: "medium" })).toEqual({ itemId: 1, priority: "medium", notes: "" });
  });
});

describe("moving to the cart", () => {
  it("adds one of the saved variant to the cart and takes it off the list", async () => {
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    const { product, variants: [sBlack] } = await tee();
    const { itemId, listId } = await saveItem(db, user.id, { productId: product.id, size: "S", color: "Black" });
    await moveItemToCart(db, user.id, { itemId }, cartId);
    expect((await getCart(db, cartId)).lines.map((l) => [l.variantId, l.quantity])).toEqual([[sBlack!.id, 1]]);
    expect((await getWishlist(db, user.id, listId))!.items).toEqual([]);
  });

  it("respects stock: a sold-out variant stays on the list and nothing reaches the cart", async () => {
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    const { product } = await tee();
    const { itemId, listId } = await saveItem(db, user.id, { productId: product.id, size: "M", color: "Black" });
    expect(await refusal(moveItemToCart(db, user.id, { itemId }, cartId))).toMatchObject({ code: "cart.insufficient_stock" });
    expect((await getCart(db, cartId)).lines).toEqual([]);
    expect((await getWishlist(db, user.id, listId))!.items).toHaveLength(1);
  });

  it("asks which size and colour when none was saved, and takes only one that fits", async () => {
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    const { product, variants: [, , mWhite] } = await tee();
    const elsewhere = await tee();
    const { itemId } = await saveItem(db, user.id, { productId: product.id, size: null, color: null });
    expect(await refusal(moveItemToCart(db, user.id, { itemId }, cartId))).toMatchObject({ message: "Please choose a size and color." });
    // Another product's variant is not a choice.
    expect(await refusal(moveItemToCart(db, user.id, { itemId, variantId: elsewhere.variants[0]!.id }, cartId))).toMatchObject({
      code: "wishlist.invalid_options",
    });
    await moveItemToCart(db, user.id, { itemId, variantId: mWhite!.id }, cartId);
    expect((await getCart(db, cartId)).lines.map((l) => [l.variantId, l.unitPriceCents])).toEqual([[mWhite!.id, 6000]]);
  });
});

describe("lists belong to their owner", () => {
  it("another user's list and items cannot be read or changed: they are answered like missing ones", async () => {
    const owner = await makeUser(db);
    const intruder = await makeUser(db);
    const { product } = await tee();
    const { itemId, listId } = await saveItem(db, owner.id, { productId: product.id, size: "S", color: "Black" });
    const intruderCart = await createCartForUser(db, intruder.id);

    expect(await getWishlist(db, intruder.id, listId)).toBeNull();
    const attempts: [string, () => Promise<unknown>][] = [
      ["update item", () => updateItem(db, intruder.id, { itemId, priority: "low", notes: "mine now" })],
      ["remove item", () => removeItem(db, intruder.id, itemId)],
      ["move item", () => moveItemToCart(db, intruder.id, { itemId }, intruderCart)],
      ["rename list", () => renameWishlist(db, intruder.id, { listId, name: "Hijacked", description: "" })],
      ["delete list", () => deleteWishlist(db, intruder.id, listId)],
      ["share list", () => setWishlistSharing(db, intruder.id, { listId, visibility: "public" })],
      ["save into list", () => saveItem(db, intruder.id, { productId: product.id, size: "M", color: "White", listId })],
    ];
    for (const [label, attempt] of attempts) {
      const error = await refusal(attempt());
      expect(error.code, label).toMatch(/^wishlist\.(item_)?not_found$/);
    }
    const list = await getWishlist(db, owner.id, listId);
    expect(list).toMatchObject({ name: "My Favorites", isPublic: false, shareCode: null, itemCount: 1 });
    expect(list!.items[0]).toMatchObject({ priority: "medium", notes: "" });
    expect((await getCart(db, intruderCart)).lines).toEqual([]);
  });

  it("creates, renames and deletes further lists; the first list stays", async () => {
    const user = await makeUser(db);
    const { product } = await tee();
    const gifts = await createWishlist(db, user.id, { name: "Gifts", description: "For the cousins" });
    // Creating a list first makes "My Favorites", so the heart's list is always the first.
    expect((await listWishlists(db, user.id)).map((l) => l.name)).toEqual(["My Favorites", "Gifts"]);
    await saveItem(db, user.id, { productId: product.id, size: null, color: null, listId: gifts });
    await renameWishlist(db, user.id, { listId: gifts, name: "Holiday gifts", description: "" });
    expect((await getWishlist(db, user.id, gifts))).toMatchObject({ name: "Holiday gifts", description: "", itemCount: 1 });

    const [first] = await listWishlists(db, user.id);
    expect(await refusal(deleteWishlist(db, user.id, first!.id))).toMatchObject({ code: "wishlist.first_list" });
    await deleteWishlist(db, user.id, gifts);
    expect((await listWishlists(db, user.id)).map((l) => l.name)).toEqual(["My Favorites"]);
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.wishlistId, gifts))).toEqual([]);
  });
});

describe("sharing", () => {
  it("public gives a 6-character code that shows the list without emails or ids; private stops it; public again gives a new code", async () => {
    const user = await makeUser(db);
    const { product } = await tee();
    const { listId, itemId } = await saveItem(db, user.id, { productId: product.id, size: "S", color: "Black" });
    await updateItem(db, user.id, { itemId, priority: "high", notes: "Size S please" });

    const code = await setWishlistSharing(db, user.id, { listId, visibility: "public" });
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect([...code!].every((c) => SHARE_CODE_ALPHABET.includes(c))).toBe(true);
    // Asking again keeps the link that was handed out.
    expect(await setWishlistSharing(db, user.id, { listId, visibility: "public" })).toBe(code);

    const shared = await lookupSharedWishlist(db, code!, "198.51.100.1");
    expect(shared).toMatchObject({ name: "My Favorites", items: [{ productName: product.name, size: "S", color: "Black", notes: "Size S please", priority: "high" }] });
    const json = JSON.stringify(shared);
    expect(json).not.toContain(user.email);
    expect(json).not.toContain(user.id);
    expect(json).not.toMatch(/"(id|userId|listId|wishlistId|variantId|productId|choices)"/);

    expect(await setWishlistSharing(db, user.id, { listId, visibility: "private" })).toBeNull();
    expect(await lookupSharedWishlist(db, code!, "198.51.100.1")).toBeNull();
    expect(await getWishlist(db, user.id, listId)).toMatchObject({ isPublic: false, shareCode: null });

    const again = await setWishlistSharing(db, user.id, { listId, visibility: "public" });
    expect(again).toMatch(/^[A-Z0-9]{6}$/);
    expect(again).not.toBe(code);
    expect(await lookupSharedWishlist(db, code!, "198.51.100.1")).toBeNull();
    expect(await lookupSharedWishlist(db, again!, "198.51.100.1")).not.toBeNull();
  });

  it("draws again when a code is taken", async () => {
    const a = await makeUser(db);
    const b = await makeUser(db);
    const { product } = await tee();
    const listA = (await saveItem(db, a.id, { productId: product.id, size: null, color: null })).listId;
    const listB = (await saveItem(db, b.id, { productId: product.id, size: null, color: null })).listId;
    const fixed = (indexes: number[]) => {
      let i = 0;
      return () => indexes[i++ % indexes.length]!;
    };
    const taken = await setWishlistSharing(db, a.id, { listId: listA, visibility: "public" }, fixed([0, 0, 0, 0, 0, 0]));
    expect(taken).toBe("222222");
    // The first draw collides with A's code; the second is free.
    const code = await setWishlistSharing(db, b.id, { listId: listB, visibility: "public" }, fixed([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]));
    expect(code).toBe("333333");
    expect(await getWishlist(db, b.id, listB)).toMatchObject({ isPublic: true, shareCode: "333333" });
  });

  it("throttles lookups per client address, counted in the database (shared by every process)", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    // On PostgreSQL half the lookups come through a second connection pool, as from another app process.
    let second: Database | null = null;
    if (usingPostgres()) second = await openDatabase({ databaseUrl: database.url!, poolSize: 2 });
    try {
      for (let i = 0; i < SHARE_LOOKUP_THROTTLE.limit; i++) {
        const via = second && i % 2 === 1 ? second.db : db;
        expect(await lookupSharedWishlist(via, `ZZZZ${SHARE_CODE_ALPHABET[i % 31]}${SHARE_CODE_ALPHABET[(i * 7) % 31]}`, ip)).toBeNull();
      }
      const throttled = await refusal(lookupSharedWishlist(second?.db ?? db, "ZZZZZZ", ip));
      expect(throttled).toMatchObject({ code: "wishlist.rate_limited", message: "Too many wishlist lookups from your address. Please try again in a few minutes." });
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, shareLookupThrottleKey(ip)));
      expect(row!.count).toBe(SHARE_LOOKUP_THROTTLE.limit + 1);
      // Another address is not affected.
      expect(await lookupSharedWishlist(db, "ZZZZZZ", "203.0.113.250")).toBeNull();
    } finally {
      await second?.close();
    }
  });
});
