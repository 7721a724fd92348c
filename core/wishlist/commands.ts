import { randomInt } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, users, variants, wishlistItems, wishlists } from "../../db/schema/index.ts";
import { addToCart } from "../cart/index.ts";
import { uniqueViolation } from "../shared/db-errors.ts";
import {
  alreadyInWishlist,
  itemNotFound,
  listNotFound,
  productNotFound,
  WishlistError,
  wishlistText,
} from "./errors.ts";
import { offerVariantsOf } from "./queries.ts";
import {
  DEFAULT_PRIORITY,
  DEFAULT_WISHLIST_NAME,
  generateShareCode,
  itemOffer,
  MAX_ITEMS_PER_WISHLIST,
  MAX_WISHLISTS,
  SHARE_CODE_ATTEMPTS,
  type WishlistPriority,
} from "./rules.ts";

// Every command takes the viewer's id from the session and matches rows on it, so a list or item id
// of someone else's finds nothing and is answered exactly like a missing one.

/** Serialises a user's list-creating changes (two first saves at once must not make two "My Favorites"). */
async function lockUser(tx: Db, userId: string): Promise<void> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
  if (rows.length === 0) throw listNotFound();
}

/** The user's first (oldest) list: the heart saves there. Callers hold the user lock. */
async function firstListId(tx: Db, userId: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: wishlists.id })
    .from(wishlists)
    .where(eq(wishlists.userId, userId))
    .orderBy(asc(wishlists.createdAt), asc(wishlists.id))
    .limit(1);
  return row?.id ?? null;
}

/** The first list, "My Favorites", made on first use. Callers hold the user lock. */
async function ensureDefaultList(tx: Db, userId: string): Promise<number> {
  const existing = await firstListId(tx, userId);
  if (existing !== null) return existing;
  const [made] = await tx.insert(wishlists).values({ userId, name: DEFAULT_WISHLIST_NAME }).returning({ id: wishlists.id });
  return made!.id;
}

async function lockOwnList(tx: Db, userId: string, listId: number) {
  const [list] = await tx
    .select({ id: wishlists.id, isPublic: wishlists.isPublic, shareCode: wishlists.shareCode })
    .from(wishlists)
    .where(and(eq(wishlists.id, listId), eq(wishlists.userId, userId)))
    .for("update");
  if (!list) throw listNotFound();
  return list;
}

export interface SaveItemInput {
  productId: number;
  size: string | null;
  color: string | null;
  /** Absent: the first list (made on first use). */
  listId?: number;
  notes?: string;
  priority?: WishlistPriority;
}

/**
 * Saves a product, with the size and colour when chosen. The same product, size and colour in the same
 * list again is refused with "Item already in wishlist" (the unique key decides, so two tabs cannot both add).
 */
export async function saveItem(db: Db, userId: string, input: SaveItemInput): Promise<{ itemId: number; listId: number }> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.active, true), eq(products.kind, "merch")));
    if (!product) throw productNotFound();
    const options = await tx
      .select({ id: variants.id, size: variants.size, color: variants.color })
      .from(variants)
      .where(and(eq(variants.productId, product.id), eq(variants.active, true)));
    const fits = options.filter(
      (v) => (input.size === null || v.size === input.size) && (input.color === null || v.color === input.color),
    );
    if (fits.length === 0) {
      throw options.length === 0 ? productNotFound() : new WishlistError("wishlist.invalid_options", wishlistText("cart.domain.comboUnavailable"));
    }
    // The variant is recorded when the chosen options name exactly one.
    const variantId = (input.size !== null || input.color !== null) && fits.length === 1 ? fits[0]!.id : null;

    await lockUser(tx, userId);
    const listId = input.listId ?? (await ensureDefaultList(tx, userId));
    await lockOwnList(tx, userId, listId);
    const [held] = await tx.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.wishlistId, listId));
    if (Number(held?.n ?? 0) >= MAX_ITEMS_PER_WISHLIST) throw new WishlistError("wishlist.limit", wishlistText("shop.wishlist.listFull"));

    const [inserted] = await tx
      .insert(wishlistItems)
      .values({
        wishlistId: listId,
        userId,
        productId: product.id,
        variantId,
        size: input.size,
        color: input.color,
        notes: input.notes ?? "",
        priority: input.priority ?? DEFAULT_PRIORITY,
      })
      .onConflictDoNothing()
      .returning({ id: wishlistItems.id });
    if (!inserted) throw alreadyInWishlist(listId);
    await tx.update(wishlists).set({ updatedAt: new Date() }).where(eq(wishlists.id, listId));
    return { itemId: inserted.id, listId };
  });
}

/** The heart's "remove": the product leaves every list of the user (the heart shows saved while it is in any). */
export async function removeProductFromWishlists(db: Db, userId: string, productId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
      .returning({ listId: wishlistItems.wishlistId });
    for (const listId of new Set(removed.map((r) => r.listId))) {
      await tx.update(wishlists).set({ updatedAt: new Date() }).where(eq(wishlists.id, listId));
    }
    return removed.length;
  });
}

export async function removeItem(db: Db, userId: string, itemId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.id, itemId), eq(wishlistItems.userId, userId)))
      .returning({ listId: wishlistItems.wishlistId });
    if (!removed) throw itemNotFound();
    await tx.update(wishlists).set({ updatedAt: new Date() }).where(eq(wishlists.id, removed.listId));
  });
}

export async function updateItem(db: Db, userId: string, input: { itemId: number; priority: WishlistPriority; notes: string }): Promise<void> {
  const updated = await db
    .update(wishlistItems)
    .set({ priority: input.priority, notes: input.notes })
    .where(and(eq(wishlistItems.id, input.itemId), eq(wishlistItems.userId, userId)))
    .returning({ id: wishlistItems.id });
  if (updated.length === 0) throw itemNotFound();
}

/**
 * A further list. "My Favorites" is made first if the user has no list yet, so the first list (the heart's)
 * is always that one.
 */
export async function createWishlist(db: Db, userId: string, input: { name: string; description: string }): Promise<number> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await ensureDefaultList(tx, userId);
    const [held] = await tx.select({ n: count() }).from(wishlists).where(eq(wishlists.userId, userId));
    if (Number(held?.n ?? 0) >= MAX_WISHLISTS) throw new WishlistError("wishlist.limit", wishlistText("wishlist.domain.tooManyLists", { max: MAX_WISHLISTS }));
    const [made] = await tx
      .insert(wishlists)
      .values({ userId, name: input.name, description: input.description })
      .returning({ id: wishlists.id });
    return made!.id;
  });
}

export async function renameWishlist(db: Db, userId: string, input: { listId: number; name: string; description: string }): Promise<void> {
  const updated = await db
    .update(wishlists)
    .set({ name: input.name, description: input.description, updatedAt: new Date() })
    .where(and(eq(wishlists.id, input.listId), eq(wishlists.userId, userId)))
    .returning({ id: wishlists.id });
  if (updated.length === 0) throw listNotFound();
}

/** Deletes a further list and its items. The first list stays: it is where the heart saves. */
export async function deleteWishlist(db: Db, userId: string, listId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await lockOwnList(tx, userId, listId);
    if ((await firstListId(tx, userId)) === listId) {
      throw new WishlistError("wishlist.first_list", wishlistText("wishlist.domain.firstListStays"));
    }
    await tx.delete(wishlists).where(and(eq(wishlists.id, listId), eq(wishlists.userId, userId)));
  });
}

const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== null;

/**
 * Public: the list gets a fresh share code (kept if it is public already). Private: the code is cleared,
 * so the old link answers 404, and making it public again gives a new code.
 */
export async function setWishlistSharing(
  db: Db,
  userId: string,
  input: { listId: number; visibility: "public" | "private" },
  randomIndex: (n: number) => number = randomInt,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const list = await lockOwnList(tx, userId, input.listId);
    if (input.visibility === "private") {
      await tx.update(wishlists).set({ isPublic: false, shareCode: null, updatedAt: new Date() }).where(eq(wishlists.id, list.id));
      return null;
    }
    if (list.isPublic && list.shareCode) return list.shareCode;
    for (let attempt = 0; attempt < SHARE_CODE_ATTEMPTS; attempt++) {
      const code = generateShareCode(randomIndex);
      try {
        // A savepoint, so a colliding code (the unique key) does not abort the whole transaction.
        await tx.transaction(async (sp) => {
          await sp.update(wishlists).set({ isPublic: true, shareCode: code, updatedAt: new Date() }).where(eq(wishlists.id, list.id));
        });
        return code;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`no free share code after ${SHARE_CODE_ATTEMPTS} attempts`);
  });
}

/**
 * Moves a saved item into the cart (quantity 1) and out of the list, in one transaction: the cart's own
 * command checks today's stock and the line limit, and if it refuses, the item stays saved.
 * `variantId` is needed only when the saved options do not name one variant.
 */
export async function moveItemToCart(
  db: Db,
  userId: string,
  input: { itemId: number; variantId?: number | undefined },
  cartId: string,
): Promise<{ productId: number; variantId: number; unitPriceCents: number }> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({
        id: wishlistItems.id,
        listId: wishlistItems.wishlistId,
        productId: wishlistItems.productId,
        variantId: wishlistItems.variantId,
        size: wishlistItems.size,
        color: wishlistItems.color,
        productActive: products.active,
        basePriceCents: products.basePriceCents,
      })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(and(eq(wishlistItems.id, input.itemId), eq(wishlistItems.userId, userId)))
      .for("update", { of: wishlistItems });
    if (!item) throw itemNotFound();
    const options = (await offerVariantsOf(tx, [item])).get(item.productId) ?? [];
    const offer = itemOffer(item, options, item.productActive);
    if (offer.availability === "unavailable") throw productNotFound();
    const variantId = offer.variantId ?? offer.choices.find((v) => v.id === input.variantId)?.id;
    if (variantId === undefined) throw new WishlistError("wishlist.invalid_options", wishlistText("wishlist.domain.chooseOption"));
    const added = await addToCart(tx, cartId, { variantId, quantity: 1 });
    await tx.delete(wishlistItems).where(eq(wishlistItems.id, item.id));
    await tx.update(wishlists).set({ updatedAt: new Date() }).where(eq(wishlists.id, item.listId));
    return { ...added, variantId };
  });
}
