import { and, asc, eq, sql, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { collectionProducts, collections, collectionTranslations, lookHotspots, looks, lookTranslations, pictures, products } from "../../db/schema/index.ts";
import { collectionTextColumns, listProductsByIds, type ProductSummary } from "../catalog/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import { cultureImage, type CultureImage } from "../articles/index.ts";
import { pictureView } from "../media/index.ts";

export interface CollectionInfo {
  id: number;
  slug: string;
  name: string;
  description: string;
  season: string | null;
  featured: boolean;
  position: number;
  /** A collection-wide drop's moment (null: none); `upcoming` while it is still to come by the database's clock. */
  onSaleAt: Date | null;
  upcoming: boolean;
}

export interface CollectionPage {
  collection: CollectionInfo;
  /** Its products shoppers may see, in the collection's order (the item count is their number). */
  products: ProductSummary[];
  lookCount: number;
}

/** A look's Spanish texts as the back office edits them. */
export interface LookSpanish {
  title: string;
  caption: string;
  imageAlt: string;
}

/** A look in a language: its title, caption and picture description are its translation's when it has one. */
export interface LookView {
  id: number;
  title: string;
  caption: string;
  image: CultureImage;
  imageSrc: string;
  imageAlt: string;
  /** Its Spanish texts (null: none, Spanish pages show the English). */
  es: LookSpanish | null;
  /** The uploaded photograph shown as `image`, or null: the drawn art. */
  pictureId: number | null;
  position: number;
  hotspots: { id: number; x: number; y: number; product: ProductSummary }[];
}

const collectionColumns = {
  id: collections.id,
  slug: collections.slug,
  name: collections.name,
  description: collections.description,
  season: collections.season,
  featured: collections.featured,
  position: collections.position,
  onSaleAt: collections.onSaleAt,
  upcoming: sql<boolean>`coalesce(${collections.onSaleAt} > now(), false)`,
};

/** A collection with its texts in `locale` (the English ones where it has no translation). */
async function findCollection(db: Db, where: ReturnType<typeof eq>, locale: Locale = DEFAULT_LOCALE): Promise<CollectionInfo | null> {
  const texts = collectionTextColumns(locale);
  const [row] = await db
    .select({ ...collectionColumns, ...texts.columns })
    .from(collections)
    .leftJoin(collectionTranslations, texts.join)
    .where(where)
    .limit(1);
  return row ?? null;
}

/** The ids of a collection's products, in its order. */
export async function memberIds(db: Db, collectionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: collectionProducts.productId })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId));
  return rows.map((r) => r.id);
}

async function countLooks(db: Db, collectionId: number): Promise<number> {
  return (await db.select({ id: looks.id }).from(looks).where(eq(looks.collectionId, collectionId))).length;
}

/** /collections/<slug>: the collection in the page's language and its active products in order; null when there is none. */
export async function getCollectionPage(db: Db, slug: string, locale: Locale = DEFAULT_LOCALE): Promise<CollectionPage | null> {
  const collection = await findCollection(db, eq(collections.slug, slug), locale);
  if (!collection) return null;
  const items = await listProductsByIds(db, await memberIds(db, collection.id));
  return { collection, products: items, lookCount: await countLooks(db, collection.id) };
}

/** The name of a collection by its slug (the shop's filter chip); null when there is none. */
export async function collectionName(db: Db, slug: string): Promise<string | null> {
  return (await findCollection(db, eq(collections.slug, slug)))?.name ?? null;
}

async function looksOf(db: Db, collectionId: number, shopperView: boolean, locale: Locale = DEFAULT_LOCALE): Promise<LookView[]> {
  const joined = await db
    .select()
    .from(looks)
    .leftJoin(pictures, eq(pictures.id, looks.pictureId))
    .leftJoin(lookTranslations, and(eq(lookTranslations.lookId, looks.id), eq(lookTranslations.locale, "es")))
    .where(eq(looks.collectionId, collectionId))
    .orderBy(asc(looks.position), asc(looks.id));
  const lookRows = joined.map((r) => {
    const es = r.look_translations ? { title: r.look_translations.title, caption: r.look_translations.caption, imageAlt: r.look_translations.imageAlt } : null;
    // The page's texts: Spanish ones on a Spanish page when the look has them.
    const shown = locale !== DEFAULT_LOCALE && es ? es : { title: r.looks.title, caption: r.looks.caption, imageAlt: r.looks.imageAlt };
    return { ...r.looks, ...shown, es, picture: r.pictures };
  });
  if (lookRows.length === 0) return [];
  const spots = await db
    .select({ id: lookHotspots.id, lookId: lookHotspots.lookId, productId: lookHotspots.productId, x: lookHotspots.xPercent, y: lookHotspots.yPercent })
    .from(lookHotspots)
    .innerJoin(products, eq(products.id, lookHotspots.productId))
    .where(and(inArray(lookHotspots.lookId, lookRows.map((l) => l.id)), shopperView ? eq(products.active, true) : undefined))
    .orderBy(asc(lookHotspots.position), asc(lookHotspots.id));
  const summaries = new Map((await listAnyProducts(db, [...new Set(spots.map((s) => s.productId))], shopperView)).map((p) => [p.id, p]));
  return lookRows.map((l) => ({
    id: l.id,
    title: l.title,
    caption: l.caption,
    image: l.picture ? pictureView(l.picture, l.imageAlt) : cultureImage(l.imageSrc, l.imageAlt),
    imageSrc: l.imageSrc,
    imageAlt: l.imageAlt,
    es: l.es,
    pictureId: l.picture?.id ?? null,
    position: l.position,
    hotspots: spots.flatMap((s) => {
      const product = summaries.get(s.productId);
      return s.lookId === l.id && product ? [{ id: s.id, x: s.x, y: s.y, product }] : [];
    }),
  }));
}

/** Shoppers see active products only; the back office sees every hotspot, so it can remove a withdrawn one. */
async function listAnyProducts(db: Db, ids: number[], activeOnly: boolean): Promise<ProductSummary[]> {
  if (activeOnly) return listProductsByIds(db, ids);
  const active = await listProductsByIds(db, ids);
  const found = new Set(active.map((p) => p.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length === 0) return active;
  const rows = await db.select().from(products).where(inArray(products.id, missing));
  return [
    ...active,
    ...rows.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: `${p.name} (not on sale)`,
      description: p.description,
      category: p.category,
      artKind: p.artKind,
      basePriceCents: p.basePriceCents,
      currency: p.currency,
      tags: p.tags,
      featured: p.featured,
      createdAt: p.createdAt,
      variants: [],
      rating: null,
      images: [],
      // The back office's view of a withdrawn product: nothing to sell either way.
      upcoming: false,
      byRaffle: false,
      limitPerCustomer: p.limitPerCustomer,
      signInRequired: p.signInRequired,
    })),
  ];
}

/**
 * /collections/<slug>/lookbook: the collection and its looks with their hotspots, in the page's language;
 * null when there is no such collection.
 */
export async function getLookbook(db: Db, slug: string, locale: Locale = DEFAULT_LOCALE): Promise<{ collection: CollectionInfo; looks: LookView[] } | null> {
  const collection = await findCollection(db, eq(collections.slug, slug), locale);
  if (!collection) return null;
  return { collection, looks: await looksOf(db, collection.id, true, locale) };
}

export interface AdminCollection extends CollectionInfo {
  /** Its Spanish texts (null: none, Spanish pages show the English). */
  es: { description: string; season: string | null } | null;
  productSlugs: string[];
  looks: LookView[];
}

/** The back office's view of one collection (its English texts, and its Spanish ones apart): every member's slug in order (drafts too) and its looks. */
export async function getAdminCollection(db: Db, id: number): Promise<AdminCollection | null> {
  const collection = await findCollection(db, eq(collections.id, id));
  if (!collection) return null;
  const [es] = await db
    .select({ description: collectionTranslations.description, season: collectionTranslations.season })
    .from(collectionTranslations)
    .where(and(eq(collectionTranslations.collectionId, id), eq(collectionTranslations.locale, "es")));
  const members = await db
    .select({ slug: products.slug })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(eq(collectionProducts.collectionId, id))
    .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId));
  return { ...collection, es: es ?? null, productSlugs: members.map((m) => m.slug), looks: await looksOf(db, id, false) };
}

/** Every collection for the back office's list, with its number of products and looks. */
export async function listAdminCollections(db: Db): Promise<(CollectionInfo & { productCount: number; lookCount: number })[]> {
  const rows = await db.select(collectionColumns).from(collections).orderBy(asc(collections.position), asc(collections.id));
  const out = [];
  for (const c of rows) {
    out.push({ ...c, productCount: (await memberIds(db, c.id)).length, lookCount: await countLooks(db, c.id) });
  }
  return out;
}

/** Products a hotspot may name, for the back office's picker: every active product by name. */
export async function listProductChoices(db: Db): Promise<{ slug: string; name: string }[]> {
  return db.select({ slug: products.slug, name: products.name }).from(products).where(eq(products.active, true)).orderBy(asc(products.name));
}
