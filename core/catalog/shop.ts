/** The shop's listing: active merchandise by category or collection, searched in the page's language, sorted and paged. */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { collectionProducts, collections, products, productTranslations } from "../../db/schema/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import { escapeLike } from "../shared/paging.ts";
import { imagesByProduct } from "../media/index.ts";
import type { ShopQuery } from "./inputs.ts";
import { SHOP_PAGE_SIZE } from "./rules.ts";
import { parseRating, parseVariants, productColumns, productRatingColumn, shopListed, variantsJson, type ProductSummary } from "./queries.ts";

export interface ShopPage {
  items: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

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
