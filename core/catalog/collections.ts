/** The collections page: each collection's texts in the page's language and a few of its products. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { collectionProducts, collections, collectionTranslations, products, variants } from "../../db/schema/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import { shopListed } from "./queries.ts";

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
