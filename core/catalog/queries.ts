/** What the catalog's reads share (a product's columns, its variants and rating as JSON), the sitemap's slugs and products by id. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, reviews, variants, type Category } from "../../db/schema/index.ts";
import { productReleaseAt } from "./release.ts";
import { averageRating, type VariantOption } from "./rules.ts";
import { imagesByProduct, type ProductImageView } from "../media/index.ts";

export interface CatalogVariant extends VariantOption {
  sku: string;
  onHand: number;
  lowStockThreshold: number;
  /** This variant's own limit per customer (ADR 0033); null: none besides its product's. */
  limitPerCustomer: number | null;
}

export interface ProductSummary {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: Category;
  artKind: string;
  basePriceCents: number;
  currency: string;
  tags: string[];
  featured: boolean;
  createdAt: Date;
  variants: CatalogVariant[];
  /** Average rating and count from reviews; null while the product has none. */
  rating: { average: number; count: number } | null;
  /** Uploaded photographs in their order (empty: the drawn art is shown). */
  images: ProductImageView[];
  /** Its timed release is still to come (the database's clock): shown, not sold yet; its page counts down. */
  upcoming: boolean;
  /** Sold by raffle (ADR 0035): a raffle not finished yet; only a winner buys it, through the link mailed to them. */
  byRaffle: boolean;
  /** A limited drop: at most this many units per customer (ADR 0033); null: no limit. */
  limitPerCustomer: number | null;
  /** Only account holders can buy it: a guest is asked to sign in (also when it has a limit). */
  signInRequired: boolean;
}

export const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  category: products.category,
  artKind: products.artKind,
  basePriceCents: products.basePriceCents,
  currency: products.currency,
  tags: products.tags,
  featured: products.featured,
  createdAt: products.createdAt,
  /** A timed release still to come, by the database's clock: the product is shown but not sold yet. */
  upcoming: sql<boolean>`coalesce(${productReleaseAt} > now(), false)`,
  // Named as "products"."id": drizzle leaves columns unqualified in a one-table select (see productReleaseAt).
  byRaffle: sql<boolean>`exists (select 1 from raffles r where r.product_id = "products"."id" and r.finished_at is null)`,
  limitPerCustomer: products.limitPerCustomer,
  signInRequired: products.signInRequired,
};

/**
 * What the shop lists: active merchandise. Ticket products are sold through the cart too, but are seen
 * only on their event's page (core/events), never in the shop, search, collections or the sitemap.
 */
export const shopListed = and(eq(products.active, true), eq(products.kind, "merch"))!;

interface VariantJson {
  id: number;
  sku: string;
  size: string | null;
  color: string | null;
  priceCents: number | null;
  onHand: number;
  available: number;
  lowStockThreshold: number;
  limitPerCustomer?: number | null;
}

export const variantsJson = sql<VariantJson[] | null>`(
  select json_agg(json_build_object(
    'id', v.id, 'sku', v.sku, 'size', v.size, 'color', v.color, 'priceCents', v.price_cents,
    'onHand', v.on_hand, 'available', v.available, 'lowStockThreshold', v.low_stock_threshold,
    'limitPerCustomer', v.limit_per_customer
  ) order by v.id)
  from ${variants} v where v.product_id = "products"."id" and v.active)`; // qualified: a bare "id" would be the variant's own

export function parseVariants(json: VariantJson[] | string | null, basePriceCents: number): CatalogVariant[] {
  const list: VariantJson[] = typeof json === "string" ? JSON.parse(json) : (json ?? []);
  return list.map((v) => ({
    id: v.id,
    sku: v.sku,
    size: v.size,
    color: v.color,
    priceCents: v.priceCents ?? basePriceCents,
    available: v.available,
    onHand: v.onHand,
    lowStockThreshold: v.lowStockThreshold,
    limitPerCustomer: v.limitPerCustomer ?? null,
  }));
}

/** Every active product's slug and last change, for the sitemap. */
export async function listProductSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(shopListed)
    .orderBy(asc(products.id));
}

/**
 * A product's count and sum of visible ratings, as one JSON column of a query over `products`
 * (correlated, served by the reviews_product_idx index), read back with parseRating.
 */
export const productRatingColumn = sql<RatingJson | string | null>`(
  select json_build_object('count', count(*), 'sum', coalesce(sum(r.rating), 0))
  from ${reviews} r where r.product_id = "products"."id" and not r.hidden)`; // qualified: a bare "id" would be the review's own

interface RatingJson {
  count: number;
  sum: number;
}

/** The average (one decimal) and count, or null while the product has no visible reviews. */
export function parseRating(json: RatingJson | string | null): { average: number; count: number } | null {
  const value: RatingJson | null = typeof json === "string" ? JSON.parse(json) : json;
  const count = Number(value?.count ?? 0);
  if (!value || count === 0) return null;
  return { average: averageRating(Number(value.sum), count), count };
}

/** Active products by id, in the order of the ids given (a collection's order, a look's hotspots). */
export async function listProductsByIds(db: Db, ids: readonly number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...productColumns, variants: variantsJson, rating: productRatingColumn })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.active, true)));
  const images = await imagesByProduct(db, rows.map((r) => r.id));
  const byId = new Map(
    rows.map(({ variants: json, rating, ...row }) => [
      row.id,
      { ...row, variants: parseVariants(json, row.basePriceCents), rating: parseRating(rating), images: images.get(row.id) ?? [] },
    ]),
  );
  return ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });
}
