import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { collectionProducts, collections, collectionTranslations, products, productSlugRedirects, productTranslations, reviews, variants, type Category } from "../../db/schema/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import type { ShopQuery } from "./inputs.ts";
import { productReleaseAt } from "./release.ts";
import { SHOP_PAGE_SIZE } from "./rules.ts";
import { averageRating, type VariantOption } from "./rules.ts";
import { escapeLike } from "../shared/paging.ts";
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

export interface ShopPage {
  items: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

const productColumns = {
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

/** A search word matches when it is contained in the text, or close to a word in it (a typo). */
const TYPO_SIMILARITY = 0.5;

function searchTerms(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .map((t) => t.replace(/[^\p{L}\p{N}'-]/gu, ""))
    .filter((t) => t.length > 0)
    .slice(0, 6);
}

/**
 * What the shop lists: active merchandise. Ticket products are sold through the cart too, but are seen
 * only on their event's page (core/events), never in the shop, search, collections or the sitemap.
 */
export const shopListed = and(eq(products.active, true), eq(products.kind, "merch"))!;

/**
 * What the shop lists for a query, searched in the page's language: in English, each word is looked for in
 * the product's name, tags, category and description (its search text); on a page in another language also
 * in the product's description in that language, so a word of either finds it.
 */
export async function listProducts(db: Db, query: ShopQuery, locale: Locale = DEFAULT_LOCALE): Promise<ShopPage> {
  const where: SQL[] = [shopListed];
  if (query.category !== "all") where.push(eq(products.category, query.category));
  if (query.collection) {
    where.push(
      sql`${products.id} in (select ${collectionProducts.productId} from ${collectionProducts}
        join ${collections} on ${collections.id} = ${collectionProducts.collectionId}
        where ${collections.slug} = ${query.collection})`,
    );
  }
  const terms = searchTerms(query.q);
  // Words made only of symbols match nothing, rather than everything.
  if (query.q && terms.length === 0) where.push(sql`false`);
  // Null for a product without a translation (it is found by its English texts alone).
  const translated =
    locale === DEFAULT_LOCALE
      ? null
      : sql<string | null>`(select lower(${productTranslations.description}) from ${productTranslations}
          where ${productTranslations.productId} = "products"."id" and ${productTranslations.locale} = ${locale})`;
  const matches = (document: SQL | typeof products.searchText, term: string) =>
    sql`(${document} like ${`%${escapeLike(term)}%`} or word_similarity(${term}, ${document}) >= ${TYPO_SIMILARITY})`;
  let relevance: SQL | null = null;
  for (const term of terms) {
    where.push(translated ? sql`(${matches(products.searchText, term)} or ${matches(translated, term)})` : matches(products.searchText, term));
    // greatest() passes over the null of a missing translation.
    const score = translated
      ? sql`greatest(word_similarity(${term}, ${products.searchText}), word_similarity(${term}, ${translated}))`
      : sql`word_similarity(${term}, ${products.searchText})`;
    relevance = relevance ? sql`${relevance} + ${score}` : score;
  }
  const condition = and(...where);

  const order: SQL[] = [];
  switch (query.sort) {
    case "price-asc":
      order.push(asc(products.basePriceCents));
      break;
    case "price-desc":
      order.push(desc(products.basePriceCents));
      break;
    case "newest":
      order.push(desc(products.createdAt));
      break;
    case "featured":
      if (relevance) order.push(sql`${relevance} desc`);
      order.push(desc(products.featured), asc(products.featuredRank));
      break;
  }
  order.push(asc(products.id)); // a stable order, so paging never repeats or skips a product

  const pageOf = async (page: number) =>
    db
      .select({
        ...productColumns,
        // One round trip: the page, the total, each product's variants and its rating as JSON.
        total: sql<number>`(count(*) over ())::int`,
        variants: variantsJson,
        rating: productRatingColumn,
      })
      .from(products)
      .where(condition)
      .orderBy(...order)
      .limit(SHOP_PAGE_SIZE)
      .offset((page - 1) * SHOP_PAGE_SIZE);
  let rows = await pageOf(query.page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the end: show the last page there is.
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(condition);
    total = counted?.n ?? 0;
    if (total > 0) {
      rows = await pageOf(Math.ceil(total / SHOP_PAGE_SIZE));
    }
  }
  const pageCount = Math.max(1, Math.ceil(total / SHOP_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  // The page's photographs in one more query, for all its products at once.
  const images = await imagesByProduct(db, rows.map((r) => r.id));
  return {
    items: rows.map(({ total: _total, variants: json, rating, ...row }) => ({
      ...row,
      variants: parseVariants(json, row.basePriceCents),
      rating: parseRating(rating),
      images: images.get(row.id) ?? [],
    })),
    total,
    page,
    pageCount,
    pageSize: SHOP_PAGE_SIZE,
  };
}

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

const variantsJson = sql<VariantJson[] | null>`(
  select json_agg(json_build_object(
    'id', v.id, 'sku', v.sku, 'size', v.size, 'color', v.color, 'priceCents', v.price_cents,
    'onHand', v.on_hand, 'available', v.available, 'lowStockThreshold', v.low_stock_threshold,
    'limitPerCustomer', v.limit_per_customer
  ) order by v.id)
  from ${variants} v where v.product_id = "products"."id" and v.active)`; // qualified: a bare "id" would be the variant's own

function parseVariants(json: VariantJson[] | string | null, basePriceCents: number): CatalogVariant[] {
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

/** A product's page: its summary and what search engines are told of it. */
export interface ProductDetail extends ProductSummary {
  seoTitle: string | null;
  seoDescription: string | null;
  /**
   * The moment of its timed release (ISO) while that is still to come by the database's clock: the page
   * shows it and counts down; null once it is on sale (or was never scheduled).
   */
  onSaleAt: string | null;
  /** How long until then, by the database's clock when the page was read (a countdown starts from it). */
  msUntilOnSale: number | null;
}

/** A product's release moment while it is still to come, by the database's clock (never a process's). */
const upcomingReleaseColumn = sql<Date | null>`case when ${productReleaseAt} > now() then ${productReleaseAt} end`.mapWith(products.onSaleAt);
const msUntilReleaseColumn = sql<number | null>`case when ${productReleaseAt} > now() then ceil(extract(epoch from ${productReleaseAt} - now()) * 1000) end`.mapWith(Number);

/**
 * A product's page in a language: the description and search texts of its translation when it has one
 * (a translation without its own search texts falls back to the translated description and the name,
 * never to the English ones), else the English of the products row.
 */
export async function getProductBySlug(db: Db, slug: string, locale: Locale = DEFAULT_LOCALE): Promise<ProductDetail | null> {
  const translated = locale !== DEFAULT_LOCALE;
  const texts = translated
    ? {
        description: sql<string>`coalesce(${productTranslations.description}, ${products.description})`,
        seoTitle: sql<string | null>`case when ${productTranslations.productId} is null then ${products.seoTitle} else ${productTranslations.seoTitle} end`,
        seoDescription: sql<string | null>`case when ${productTranslations.productId} is null then ${products.seoDescription} else ${productTranslations.seoDescription} end`,
      }
    : { description: products.description, seoTitle: products.seoTitle, seoDescription: products.seoDescription };
  const [row] = await db
    .select({ ...productColumns, ...texts, variants: variantsJson, rating: productRatingColumn, onSaleAt: upcomingReleaseColumn, msUntilOnSale: msUntilReleaseColumn })
    .from(products)
    .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, translated ? locale : "")))
    .where(and(eq(products.slug, slug), shopListed))
    .limit(1);
  if (!row) return null;
  const { variants: json, rating, onSaleAt, msUntilOnSale, ...product } = row;
  const images = await imagesByProduct(db, [product.id]);
  return {
    ...product,
    variants: parseVariants(json, product.basePriceCents),
    rating: parseRating(rating),
    images: images.get(product.id) ?? [],
    onSaleAt: onSaleAt ? onSaleAt.toISOString() : null,
    msUntilOnSale: onSaleAt && msUntilOnSale !== null ? Number(msUntilOnSale) : null,
  };
}

/** Every active product's slug and last change, for the sitemap. */
export async function listProductSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(shopListed)
    .orderBy(asc(products.id));
}

export interface CollectionSummary {
  slug: string;
  name: string;
  description: string;
  season: string | null;
  featured: boolean;
  itemCount: number;
  /** A few products to show on the collection's card. */
  preview: { slug: string; name: string; artKind: string; color: string | null }[];
}

/**
 * A collection's texts in a language, for a query over `collections` that left-joins `join`: the description
 * and season of its translation when it has one (a season only where the collection has one; a translation
 * without a season shows the English one), else the English. The name is the brand's, in every language.
 */
export function collectionTextColumns(locale: Locale) {
  if (locale === DEFAULT_LOCALE) {
    return { columns: { description: collections.description, season: collections.season }, join: and(eq(collectionTranslations.collectionId, collections.id), sql`false`)! };
  }
  return {
    columns: {
      description: sql<string>`coalesce(${collectionTranslations.description}, ${collections.description})`,
      season: sql<string | null>`case when ${collections.season} is null then null else coalesce(${collectionTranslations.season}, ${collections.season}) end`,
    },
    join: and(eq(collectionTranslations.collectionId, collections.id), eq(collectionTranslations.locale, locale))!,
  };
}

/** The collections page's cards, in the page's language. */
export async function listCollections(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<CollectionSummary[]> {
  const texts = collectionTextColumns(locale);
  const rows = await db
    .select({
      id: collections.id,
      slug: collections.slug,
      name: collections.name,
      ...texts.columns,
      featured: collections.featured,
    })
    .from(collections)
    .leftJoin(collectionTranslations, texts.join)
    .orderBy(asc(collections.position), asc(collections.id));
  if (rows.length === 0) return [];
  const members = await db
    .select({
      collectionId: collectionProducts.collectionId,
      slug: products.slug,
      name: products.name,
      artKind: products.artKind,
      color: sql<string | null>`(select ${variants.color} from ${variants} where ${variants.productId} = ${products.id} order by ${variants.id} limit 1)`,
    })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(and(inArray(collectionProducts.collectionId, rows.map((r) => r.id)), shopListed))
    .orderBy(asc(collectionProducts.position), asc(products.id));
  return rows.map((c) => {
    const mine = members.filter((m) => m.collectionId === c.id);
    return {
      slug: c.slug,
      name: c.name,
      description: c.description,
      season: c.season,
      featured: c.featured,
      itemCount: mine.length,
      preview: mine.slice(0, 4).map(({ slug, name, artKind, color }) => ({ slug, name, artKind, color })),
    };
  });
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

/** The current slug of a product once known by `slug`, while shoppers may see it; null otherwise. */
export async function findRenamedProduct(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.slug, slug), shopListed));
  return row?.slug ?? null;
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
