import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, variants, wishlistItems, wishlists, type Category } from "../../db/schema/index.ts";
import { consume } from "../accounts/index.ts";
import { artUrl } from "../catalog/index.ts";
import { imageForColor, imagesByProduct, type ProductImageView } from "../media/index.ts";
import { tooManyLookups } from "./errors.ts";
import {
  compareItems,
  itemOffer,
  SHARE_LOOKUP_THROTTLE,
  shareLookupThrottleKey,
  type ItemOffer,
  type OfferVariant,
  type WishlistPriority,
} from "./rules.ts";

export interface WishlistSummary {
  id: number;
  name: string;
  description: string;
  isPublic: boolean;
  /** Set while the list is public. */
  shareCode: string | null;
  itemCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface WishlistItemView {
  id: number;
  productSlug: string;
  productName: string;
  category: Category;
  /** The drawn art for the saved colour. */
  image: string;
  /** The uploaded photo for the saved colour, shown instead of the art when there is one. */
  photo: ProductImageView | null;
  size: string | null;
  color: string | null;
  notes: string;
  priority: WishlistPriority;
  addedAt: Date;
  /** Today's price and stock from the catalogue. */
  offer: ItemOffer;
}

export interface WishlistDetail extends WishlistSummary {
  items: WishlistItemView[];
}

/** What anyone with the link sees: no owner, no email, no list, item or variant ids. */
export interface SharedWishlist {
  name: string;
  description: string;
  items: (Omit<WishlistItemView, "id" | "offer"> & { offer: Pick<ItemOffer, "priceCents" | "priceVaries" | "availability" | "available"> })[];
}

const summaryColumns = {
  id: wishlists.id,
  name: wishlists.name,
  description: wishlists.description,
  isPublic: wishlists.isPublic,
  shareCode: wishlists.shareCode,
  createdAt: wishlists.createdAt,
  updatedAt: wishlists.updatedAt,
};

/** The viewer's lists, oldest first (the first is the one the heart saves to), with their item counts. */
export async function listWishlists(db: Db, userId: string): Promise<WishlistSummary[]> {
  const rows = await db
    .select({ ...summaryColumns, itemCount: count(wishlistItems.id) })
    .from(wishlists)
    .leftJoin(wishlistItems, eq(wishlistItems.wishlistId, wishlists.id))
    .where(eq(wishlists.userId, userId))
    .groupBy(wishlists.id)
    .orderBy(asc(wishlists.createdAt), asc(wishlists.id));
  return rows.map((r) => ({ ...r, itemCount: Number(r.itemCount) }));
}

/**
 * One of the viewer's lists with its items priced from today's catalogue; null when there is no such
 * list or it belongs to someone else (the two are answered alike).
 */
export async function getWishlist(db: Db, userId: string, listId: number): Promise<WishlistDetail | null> {
  const [list] = await db
    .select(summaryColumns)
    .from(wishlists)
    .where(and(eq(wishlists.id, listId), eq(wishlists.userId, userId)));
  if (!list) return null;
  const items = await itemsOf(db, list.id);
  return { ...list, itemCount: items.length, items };
}

/** The ids of the products in any of the viewer's lists (the heart shows these as saved). */
export async function savedProductIds(db: Db, userId: string, productIds?: readonly number[]): Promise<number[]> {
  if (productIds && productIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(
      productIds
        ? and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, [...productIds]))
        : eq(wishlistItems.userId, userId),
    );
  return rows.map((r) => r.productId);
}

/**
 * A public list by its share code, for anyone. Every lookup is counted against the client's address first
 * (one atomic statement, shared by all processes); over the allowance it throws a rate_limited error.
 * A private list, a revoked code and an unknown one all give null.
 */
export async function lookupSharedWishlist(db: Db, code: string, clientIp: string): Promise<SharedWishlist | null> {
  if (!(await consume(db, shareLookupThrottleKey(clientIp), SHARE_LOOKUP_THROTTLE))) throw tooManyLookups();
  const [list] = await db
    .select({ id: wishlists.id, name: wishlists.name, description: wishlists.description })
    .from(wishlists)
    .where(and(eq(wishlists.shareCode, code), eq(wishlists.isPublic, true)));
  if (!list) return null;
  const items = await itemsOf(db, list.id);
  return {
    name: list.name,
    description: list.description,
    items: items.map(({ id: _id, offer, ...item }) => ({
      ...item,
      offer: { priceCents: offer.priceCents, priceVaries: offer.priceVaries, availability: offer.availability, available: offer.available },
    })),
  };
}

/**
 * The active variants of each saved product as an item is offered them, by product id: today's price
 * (the product's base price where the variant has none) and what is available now.
 */
export async function offerVariantsOf(db: Db, saved: readonly { productId: number; basePriceCents: number }[]): Promise<Map<number, OfferVariant[]>> {
  const basePrice = new Map(saved.map((s) => [s.productId, s.basePriceCents]));
  const rows = await db
    .select({
      id: variants.id,
      productId: variants.productId,
      size: variants.size,
      color: variants.color,
      priceCents: variants.priceCents,
      available: variants.available,
    })
    .from(variants)
    .where(and(inArray(variants.productId, [...basePrice.keys()]), eq(variants.active, true)))
    .orderBy(asc(variants.id));
  const byProduct = new Map<number, OfferVariant[]>();
  for (const v of rows) {
    const option = { id: v.id, size: v.size, color: v.color, priceCents: v.priceCents ?? basePrice.get(v.productId)!, available: v.available };
    byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), option]);
  }
  return byProduct;
}

async function itemsOf(db: Db, listId: number): Promise<WishlistItemView[]> {
  const rows = await db
    .select({
      id: wishlistItems.id,
      productId: products.id,
      productSlug: products.slug,
      productName: products.name,
      productActive: products.active,
      category: products.category,
      artKind: products.artKind,
      basePriceCents: products.basePriceCents,
      variantId: wishlistItems.variantId,
      size: wishlistItems.size,
      color: wishlistItems.color,
      notes: wishlistItems.notes,
      priority: wishlistItems.priority,
      addedAt: wishlistItems.addedAt,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.wishlistId, listId));
  if (rows.length === 0) return [];
  const [byProduct, images] = await Promise.all([offerVariantsOf(db, rows), imagesByProduct(db, rows.map((r) => r.productId))]);
  return rows
    .map((r) => ({
      id: r.id,
      productSlug: r.productSlug,
      productName: r.productName,
      category: r.category,
      image: artUrl(r.artKind, r.color),
      photo: imageForColor(images.get(r.productId) ?? [], r.color),
      size: r.size,
      color: r.color,
      notes: r.notes,
      priority: r.priority,
      addedAt: r.addedAt,
      offer: itemOffer(r, byProduct.get(r.productId) ?? [], r.productActive),
    }))
    .sort(compareItems);
}
