import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, productSlugRedirects, productTranslations } from "../../db/schema/index.ts";
import { CatalogError, catalogText, isArtKind, productChanged, productNotFound, releaseMoments, searchDocument, type ProductForm } from "../catalog/index.ts";
import { scheduleDropAlerts, scheduleReactivationPass } from "../alerts/index.ts";
import { queueSettingsOf, saveQueueSettings } from "../queue/index.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { uniqueViolation } from "../shared/db-errors.ts";
import { recordAudit, type AdminActor } from "./commands.ts";

/**
 * The back office's writes to the catalogue: products here, their variants in variant-commands.ts. Each runs in one transaction
 * with its audit row. A product carries a version raised by every save of it or its variants: a save
 * made from an older version (someone else saved in between) is refused, never applied over theirs.
 */

type ProductRow = typeof products.$inferSelect;

/** A product's Spanish texts as the form edits them (all null: it has none). */
interface SpanishTexts {
  descriptionEs: string | null;
  seoTitleEs: string | null;
  seoDescriptionEs: string | null;
}

/** The product's waiting-room settings as the audit log keeps them beside the product (ADR 0034). */
async function queueSnapshot(tx: Db, productId: number) {
  const q = await queueSettingsOf(tx, productId);
  return { queueCapacity: q.capacity, queueRatePerMinute: q.ratePerMinute, queueCheckoutMinutes: q.checkoutMinutes };
}

async function saveQueue(tx: Db, productId: number, form: ProductForm) {
  await saveQueueSettings(tx, productId, { capacity: form.queueCapacity, ratePerMinute: form.queueRatePerMinute, checkoutMinutes: form.queueCheckoutMinutes });
  return queueSnapshot(tx, productId);
}

async function spanishTexts(tx: Db, productId: number): Promise<SpanishTexts> {
  const [row] = await tx
    .select()
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, "es")));
  return { descriptionEs: row?.description ?? null, seoTitleEs: row?.seoTitle ?? null, seoDescriptionEs: row?.seoDescription ?? null };
}

/**
 * Writes the form's Spanish texts: a Spanish description makes or updates the translation; none removes it
 * (its search texts go with it: without a description the Spanish page shows the English texts).
 */
async function saveSpanishTexts(tx: Db, productId: number, form: ProductForm): Promise<SpanishTexts> {
  if (form.descriptionEs === null) {
    await tx.delete(productTranslations).where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, "es")));
    return { descriptionEs: null, seoTitleEs: null, seoDescriptionEs: null };
  }
  const values = { description: form.descriptionEs, seoTitle: form.seoTitleEs, seoDescription: form.seoDescriptionEs };
  await tx
    .insert(productTranslations)
    .values({ productId, locale: "es", ...values })
    .onConflictDoUpdate({ target: [productTranslations.productId, productTranslations.locale], set: values });
  return { descriptionEs: form.descriptionEs, seoTitleEs: form.seoTitleEs, seoDescriptionEs: form.seoDescriptionEs };
}

/** What the audit log keeps of a product (its searchable text and counters left out), with its Spanish texts. */
function productSnapshot(p: ProductRow, es: SpanishTexts) {
  return {
    ...es,
    name: p.name,
    slug: p.slug,
    description: p.description,
    category: p.category,
    artKind: p.artKind,
    basePriceCents: p.basePriceCents,
    tags: p.tags,
    featured: p.featured,
    status: p.status,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    onSaleAt: p.onSaleAt ? p.onSaleAt.toISOString() : null,
    limitPerCustomer: p.limitPerCustomer,
    signInRequired: p.signInRequired,
  };
}

/** Locks the product for the rest of the transaction and checks the version the form was made from. */
export async function lockProductVersion(tx: Db, productId: number, expectedVersion: number): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
  if (!row) throw productNotFound();
  if (row.version !== expectedVersion) throw productChanged();
  return row;
}

/** Raises the product's version: the save is done, forms made before it are now out of date. */
export async function bumpProductVersion(tx: Db, productId: number): Promise<number> {
  const [row] = await tx
    .update(products)
    .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(eq(products.id, productId))
    .returning({ version: products.version });
  return row!.version;
}

/** A slug made from a name: "Harlem Classic Tee" -> "harlem-classic-tee". */
export function slugFromName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "product";
}

/** Another product's current slug refuses it; an old slug of another product is handed over (its redirect ends). */
async function claimSlug(tx: Db, slug: string, productId: number | null): Promise<void> {
  const taken = await tx
    .select({ id: products.id })
    .from(products)
    .where(productId === null ? eq(products.slug, slug) : and(eq(products.slug, slug), ne(products.id, productId)));
  if (taken.length > 0) throw new CatalogError("catalog.slug_taken", catalogText("admin.domain.productSlugTaken"), { field: "slug" });
  await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, slug));
}

export function mapUniqueViolation(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === "products_slug_unique") throw new CatalogError("catalog.slug_taken", catalogText("admin.domain.productSlugTaken"), { field: "slug" });
  if (constraint === "variants_sku_unique") throw new CatalogError("catalog.sku_taken", catalogText("admin.domain.skuTaken"), { field: "sku" });
  if (constraint === "variants_product_options_unique") throw new CatalogError("catalog.options_taken", catalogText("admin.domain.optionsTaken"), { field: "size" });
  throw error;
}

function checkArt(artKind: string): void {
  if (!isArtKind(artKind)) throw new CatalogError("catalog.unknown_art", catalogText("admin.domain.unknownArt"), { field: "artKind" });
}

function productValues(form: ProductForm) {
  return {
    name: form.name,
    description: form.description,
    category: form.category,
    artKind: form.artKind,
    basePriceCents: form.basePriceCents,
    tags: form.tags,
    featured: form.featured,
    status: form.status,
    seoTitle: form.seoTitle,
    seoDescription: form.seoDescription,
    onSaleAt: form.onSaleAt,
    limitPerCustomer: form.limitPerCustomer,
    signInRequired: form.signInRequired,
    searchText: searchDocument(form),
  };
}

/** A new product (a draft unless the form says otherwise); its slug is made from the name when left empty. */
export async function createProduct(db: Db, actor: AdminActor, form: ProductForm, jobs?: JobQueue): Promise<{ id: number; slug: string }> {
  checkArt(form.artKind);
  try {
    return await db.transaction(async (tx) => {
      let slug = form.slug ?? slugFromName(form.name);
      if (form.slug === null) {
        // A made-up slug never collides: a number is added until it is free.
        for (let n = 2; (await tx.select({ id: products.id }).from(products).where(eq(products.slug, slug))).length > 0; n++) {
          slug = `${slugFromName(form.name)}-${n}`;
        }
      }
      await claimSlug(tx, slug, null);
      const [row] = await tx
        .insert(products)
        .values({ ...productValues(form), slug, createdBy: actor.id })
        .returning();
      const es = await saveSpanishTexts(tx, row!.id, form);
      const queue = await saveQueue(tx, row!.id, form);
      await recordAudit(tx, actor, { entity: "product", entityId: row!.id, action: "create", after: { ...productSnapshot(row!, es), ...queue } });
      if (jobs) await scheduleDropAlerts(tx, jobs, row!.id, null, row!.onSaleAt);
      return { id: row!.id, slug };
    });
  } catch (error) {
    return mapUniqueViolation(error);
  }
}

/** Saves the product form. A changed slug keeps the old one as a redirect to the new. */
/** `jobs`: a drop moment saved here gets its "Notify me" pass scheduled in this transaction (core/alerts). */
export async function updateProduct(db: Db, actor: AdminActor, productId: number, expectedVersion: number, form: ProductForm, jobs?: JobQueue): Promise<{ slug: string }> {
  checkArt(form.artKind);
  try {
    return await db.transaction(async (tx) => {
      const before = await lockProductVersion(tx, productId, expectedVersion);
      const releaseBefore = (await releaseMoments(tx, [productId])).get(productId) ?? null;
      const esBefore = await spanishTexts(tx, productId);
      const queueBefore = await queueSnapshot(tx, productId);
      const slug = form.slug ?? before.slug;
      if (slug !== before.slug) {
        await claimSlug(tx, slug, productId);
        await tx
          .insert(productSlugRedirects)
          .values({ slug: before.slug, productId })
          .onConflictDoUpdate({ target: productSlugRedirects.slug, set: { productId, createdAt: new Date() } });
      }
      const [after] = await tx
        .update(products)
        .set({ ...productValues(form), slug, version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(eq(products.id, productId))
        .returning();
      const esAfter = await saveSpanishTexts(tx, productId, form);
      const queueAfter = await saveQueue(tx, productId, form);
      // The release as shoppers meet it: the later of the product's own moment and its collections'.
      if (jobs) await scheduleDropAlerts(tx, jobs, productId, releaseBefore, (await releaseMoments(tx, [productId])).get(productId) ?? null);
      if (jobs) await scheduleReactivationPass(tx, jobs, productId, before.status === "active", after!.status === "active");
      await recordAudit(tx, actor, { entity: "product", entityId: productId, action: "update", before: { ...productSnapshot(before, esBefore), ...queueBefore }, after: { ...productSnapshot(after!, esAfter), ...queueAfter } });
      return { slug };
    });
  } catch (error) {
    return mapUniqueViolation(error);
  }
}
