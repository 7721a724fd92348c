/** A product's page: the product by its slug in the page's language, and where an old slug leads now. */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productSlugRedirects, productTranslations } from "../../db/schema/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import { imagesByProduct } from "../media/index.ts";
import { productReleaseAt } from "./release.ts";
import { parseRating, parseVariants, productColumns, productRatingColumn, shopListed, variantsJson, type ProductSummary } from "./queries.ts";

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

/** The current slug of a product once known by `slug`, while shoppers may see it; null otherwise. */
export async function findRenamedProduct(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.slug, slug), shopListed));
  return row?.slug ?? null;
}
