import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { collectionProducts, collections, collectionTranslations, products, productTranslations, stockMovements, variants } from "../schema/index.ts";
import { lowStockThreshold, makeSku, searchDocument } from "../../core/catalog/index.ts";
import { dollarsToCents } from "../../core/shared/money.ts";
import { seedEvents } from "./events.ts";
import { raiseStockAlerts } from "../../core/inventory/index.ts";
import { seedCollections, seedProducts, type SeedProduct } from "./catalogue.ts";
import { seedProductDescriptionsEs } from "./catalogue-es.ts";
import { seedCollectionsEs } from "./collections-es.ts";

const DAY_MS = 86_400_000;

function productCode(p: SeedProduct): string {
  return p.slug
    .split("-")
    .map((w) => w.slice(0, 3))
    .join("")
    .slice(0, 12);
}

/**
 * Writes the sample catalogue. Idempotent: products and collections are matched by slug, variants by SKU;
 * a variant that exists keeps its live stock, so seeding again never undoes sales or restocks.
 */
export async function seedCatalogue(db: Db, now = new Date()): Promise<{ products: number; variants: number }> {
  const written = await seedShop(db, now);
  await seedEvents(db, now);
  return written;
}

async function seedShop(db: Db, now: Date): Promise<{ products: number; variants: number }> {
  return db.transaction(async (tx) => {
    let variantCount = 0;
    const idBySlug = new Map<string, number>();
    for (const p of seedProducts) {
      const basePriceCents = dollarsToCents(p.basePrice);
      const values = {
        slug: p.slug,
        name: p.name,
        description: p.description,
        basePriceCents,
        category: p.category,
        artKind: p.artKind,
        featured: p.featured ?? false,
        featuredRank: p.featuredRank ?? 1000,
        hasWbDesign: p.hasWbDesign ?? false,
        tags: p.tags,
        searchText: searchDocument(p),
        createdBy: "seed",
        createdAt: new Date(now.getTime() - p.createdDaysAgo * DAY_MS),
      };
      const { createdAt: _createdAt, ...updatable } = values;
      const [row] = await tx
        .insert(products)
        .values(values)
        .onConflictDoUpdate({ target: products.slug, set: { ...updatable, updatedAt: now } })
        .returning({ id: products.id });
      idBySlug.set(p.slug, row!.id);
      const descriptionEs = seedProductDescriptionsEs[p.slug];
      if (descriptionEs) {
        await tx
          .insert(productTranslations)
          .values({ productId: row!.id, locale: "es", description: descriptionEs })
          .onConflictDoUpdate({ target: [productTranslations.productId, productTranslations.locale], set: { description: descriptionEs } });
      }

      const code = productCode(p);
      const inserted = await tx
        .insert(variants)
        .values(
          p.variants.map((v) => ({
            productId: row!.id,
            sku: makeSku(code, v.size ?? null, v.color ?? null),
            size: v.size ?? null,
            color: v.color ?? null,
            priceCents: v.price === undefined ? null : dollarsToCents(v.price),
            onHand: v.stock,
            lowStockThreshold: lowStockThreshold(v.stock),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: variants.id, onHand: variants.onHand });
      variantCount += p.variants.length;
      const stocked = inserted.filter((v) => v.onHand > 0);
      if (stocked.length) {
        await tx.insert(stockMovements).values(
          stocked.map((v) => ({
            variantId: v.id,
            type: "restock" as const,
            quantity: v.onHand,
            previousStock: 0,
            newStock: v.onHand,
            reason: "Initial stock",
            actor: "seed",
          })),
        );
      }
      // The sample stock as the inventory's rule reads it: a variant sold out or low from the start has its alert.
      await raiseStockAlerts(tx, inserted.map((v) => v.id));
    }

    for (const c of seedCollections) {
      const [row] = await tx
        .insert(collections)
        .values({
          slug: c.slug,
          name: c.name,
          description: c.description,
          season: c.season ?? null,
          featured: c.featured ?? false,
          position: c.position,
        })
        .onConflictDoUpdate({
          target: collections.slug,
          set: { name: c.name, description: c.description, season: c.season ?? null, featured: c.featured ?? false, position: c.position },
        })
        .returning({ id: collections.id });
      const es = seedCollectionsEs[c.slug];
      if (es) {
        const texts = { description: es.description, season: es.season ?? null };
        await tx
          .insert(collectionTranslations)
          .values({ collectionId: row!.id, locale: "es", ...texts })
          .onConflictDoUpdate({ target: [collectionTranslations.collectionId, collectionTranslations.locale], set: texts });
      }
      await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, row!.id));
      const members = c.products.map((slug, position) => {
        const productId = idBySlug.get(slug);
        if (productId === undefined) throw new Error(`Collection ${c.slug} names an unknown product ${slug}`);
        return { collectionId: row!.id, productId, position };
      });
      if (members.length) await tx.insert(collectionProducts).values(members);
    }
    return { products: seedProducts.length, variants: variantCount };
  });
}

/** Seeds only a database that has no products yet (the embedded database's first start). */
export async function seedIfEmpty(db: Db, onSeeding?: () => void): Promise<{ products: number; variants: number } | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if ((row?.n ?? 0) > 0) return null;
  onSeeding?.();
  return seedCatalogue(db);
}

/** Empties the store: drops every table, the migration journal and the job queue (pg-boss makes it again at start). */
export async function dropEverything(db: Db): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema if exists pgboss cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
}

