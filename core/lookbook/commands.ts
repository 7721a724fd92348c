import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { collectionProducts, collections, collectionTranslations, lookHotspots, looks, lookTranslations, products } from "../../db/schema/index.ts";
import { recordAudit, type AdminActor } from "../admin/index.ts";
import { scheduleDropAlerts } from "../alerts/index.ts";
import { releaseMoments } from "../catalog/index.ts";
import { withPicture, type PictureChange } from "../media/index.ts";
import { uniqueViolation } from "../shared/db-errors.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { collectionNotFound, LookbookError, lookbookText, lookNotFound, unknownProducts } from "./errors.ts";
import type { CollectionForm, HotspotForm, LookForm } from "./inputs.ts";
import { memberIds } from "./queries.ts";

/** The back office's writes to collections and their looks; each runs in one transaction with its audit row. */

const slugTaken = () => new LookbookError("lookbook.slug_taken", lookbookText("admin.domain.collectionSlugTaken"), { field: "slug" });

/** The slugs of a collection's products, in its order (what its audit rows record). */
async function memberSlugs(tx: Db, collectionId: number): Promise<string[]> {
  const rows = await tx
    .select({ slug: products.slug })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(collectionProducts.position);
  return rows.map((r) => r.slug);
}

/** Product ids for slugs, in the same order; any unknown slug refuses the whole save. */
async function productIds(tx: Db, slugs: string[], field: string): Promise<number[]> {
  if (slugs.length === 0) return [];
  const rows = await tx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, slugs));
  const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
  const unknown = slugs.filter((s) => !bySlug.has(s));
  if (unknown.length) throw unknownProducts(unknown, field);
  return slugs.map((s) => bySlug.get(s)!);
}

async function writeMembers(tx: Db, collectionId: number, ids: number[]): Promise<void> {
  await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
  if (ids.length) await tx.insert(collectionProducts).values(ids.map((productId, position) => ({ collectionId, productId, position })));
}

function collectionValues(form: CollectionForm) {
  return { name: form.name, slug: form.slug, description: form.description, season: form.season, featured: form.featured, onSaleAt: form.onSaleAt };
}

/** A collection's Spanish texts as the form edits them (both null: it has none). */
interface CollectionSpanish {
  descriptionEs: string | null;
  seasonEs: string | null;
}

async function collectionSpanish(tx: Db, collectionId: number): Promise<CollectionSpanish> {
  const [row] = await tx
    .select()
    .from(collectionTranslations)
    .where(and(eq(collectionTranslations.collectionId, collectionId), eq(collectionTranslations.locale, "es")));
  return { descriptionEs: row?.description ?? null, seasonEs: row?.season ?? null };
}

/** Writes the form's Spanish texts: a Spanish description makes or updates the translation; none removes it. */
async function saveCollectionSpanish(tx: Db, collectionId: number, form: CollectionForm): Promise<void> {
  const where = and(eq(collectionTranslations.collectionId, collectionId), eq(collectionTranslations.locale, "es"));
  if (form.descriptionEs === null) {
    await tx.delete(collectionTranslations).where(where);
    return;
  }
  const texts = { description: form.descriptionEs, season: form.seasonEs };
  await tx
    .insert(collectionTranslations)
    .values({ collectionId, locale: "es", ...texts })
    .onConflictDoUpdate({ target: [collectionTranslations.collectionId, collectionTranslations.locale], set: texts });
}

function lookValues(form: LookForm) {
  return { title: form.title, caption: form.caption, imageSrc: form.imageSrc, imageAlt: form.imageAlt, position: form.position };
}

/** A look's Spanish texts as the form edits them (all null: it has none). */
interface LookSpanish {
  titleEs: string | null;
  captionEs: string | null;
  imageAltEs: string | null;
}

async function lookSpanish(tx: Db, lookId: number): Promise<LookSpanish> {
  const [row] = await tx
    .select()
    .from(lookTranslations)
    .where(and(eq(lookTranslations.lookId, lookId), eq(lookTranslations.locale, "es")));
  return { titleEs: row?.title ?? null, captionEs: row?.caption ?? null, imageAltEs: row?.imageAlt ?? null };
}

/** Writes the form's Spanish texts (the form has all three or none): all three make or update the translation; none removes it. */
async function saveLookSpanish(tx: Db, lookId: number, form: LookForm): Promise<void> {
  const where = and(eq(lookTranslations.lookId, lookId), eq(lookTranslations.locale, "es"));
  if (form.titleEs === null || form.captionEs === null || form.imageAltEs === null) {
    await tx.delete(lookTranslations).where(where);
    return;
  }
  const texts = { title: form.titleEs, caption: form.captionEs, imageAlt: form.imageAltEs };
  await tx
    .insert(lookTranslations)
    .values({ lookId, locale: "es", ...texts })
    .onConflictDoUpdate({ target: [lookTranslations.lookId, lookTranslations.locale], set: texts });
}

/** One featured collection at a time: featuring this one unfeatures the others. */
async function unfeatureOthers(tx: Db, id: number): Promise<void> {
  await tx.update(collections).set({ featured: false }).where(and(eq(collections.featured, true), ne(collections.id, id)));
}

/**
 * The drops a collection's save starts or moves (ADR 0031): for each product that was or is a
 * member, its release before the save and after it (productReleaseAt), handed to core/alerts, which
 * schedules the Notify me pass at the new moment or runs it now when the drop opened at once.
 */
async function scheduleMemberDrops(tx: Db, jobs: JobQueue | undefined, productIds: number[], before: Map<number, Date | null>): Promise<void> {
  if (!jobs || productIds.length === 0) return;
  const after = await releaseMoments(tx, productIds);
  for (const id of productIds) await scheduleDropAlerts(tx, jobs, id, before.get(id) ?? null, after.get(id) ?? null);
}

export async function createCollection(db: Db, actor: AdminActor, form: CollectionForm, jobs?: JobQueue): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      if ((await tx.select({ id: collections.id }).from(collections).where(eq(collections.slug, form.slug))).length) throw slugTaken();
      const ids = await productIds(tx, form.products, "products");
      const releasesBefore = await releaseMoments(tx, ids);
      const last = await tx.select({ position: collections.position }).from(collections);
      const position = Math.max(0, ...last.map((r) => r.position)) + 1;
      const [row] = await tx.insert(collections).values({ ...collectionValues(form), position }).returning({ id: collections.id });
      await saveCollectionSpanish(tx, row!.id, form);
      await writeMembers(tx, row!.id, ids);
      await scheduleMemberDrops(tx, jobs, ids, releasesBefore);
      if (form.featured) await unfeatureOthers(tx, row!.id);
      await recordAudit(tx, actor, { entity: "collection", entityId: row!.id, action: "create", after: form });
      return { id: row!.id };
    });
  } catch (error) {
    if (uniqueViolation(error) === "collections_slug_unique") throw slugTaken();
    throw error;
  }
}

/** Saves the collection's fields and its products in the order given. */
export async function updateCollection(db: Db, actor: AdminActor, id: number, form: CollectionForm, jobs?: JobQueue): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(collections).where(eq(collections.id, id)).for("update");
      if (!before) throw collectionNotFound();
      if ((await tx.select({ id: collections.id }).from(collections).where(and(eq(collections.slug, form.slug), ne(collections.id, id)))).length) throw slugTaken();
      const beforeSlugs = await memberSlugs(tx, id);
      const beforeEs = await collectionSpanish(tx, id);
      const ids = await productIds(tx, form.products, "products");
      const members = [...new Set([...(await memberIds(tx, id)), ...ids])];
      const releasesBefore = await releaseMoments(tx, members);
      await tx.update(collections).set(collectionValues(form)).where(eq(collections.id, id));
      await saveCollectionSpanish(tx, id, form);
      await writeMembers(tx, id, ids);
      await scheduleMemberDrops(tx, jobs, members, releasesBefore);
      if (form.featured) await unfeatureOthers(tx, id);
      await recordAudit(tx, actor, {
        entity: "collection",
        entityId: id,
        action: "update",
        before: { name: before.name, slug: before.slug, description: before.description, season: before.season, featured: before.featured, onSaleAt: before.onSaleAt, products: beforeSlugs, ...beforeEs },
        after: form,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === "collections_slug_unique") throw slugTaken();
    throw error;
  }
}

/** Adds a look; `picture` may carry an uploaded photograph (shown instead of the drawn art). */
export async function addLook(db: Db, actor: AdminActor, collectionId: number, form: LookForm, picture?: PictureChange): Promise<{ id: number }> {
  return withPicture(db, picture, async (tx, photo) => {
    const [collection] = await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, collectionId)).for("update");
    if (!collection) throw collectionNotFound();
    const pictureId = await photo.choose(null);
    const [row] = await tx
      .insert(looks)
      .values({ ...lookValues(form), collectionId, pictureId })
      .returning({ id: looks.id });
    await saveLookSpanish(tx, row!.id, form);
    await recordAudit(tx, actor, { entity: "look", entityId: row!.id, action: "create", after: { collectionId, ...form, pictureId } });
    return { id: row!.id };
  });
}

async function lockLook(tx: Db, collectionId: number, lookId: number) {
  const [row] = await tx.select().from(looks).where(and(eq(looks.id, lookId), eq(looks.collectionId, collectionId))).for("update");
  if (!row) throw lookNotFound();
  return row;
}

/** Saves a look; a new upload replaces its photograph, `keep: false` goes back to the drawn art. */
export async function updateLook(db: Db, actor: AdminActor, collectionId: number, lookId: number, form: LookForm, picture?: PictureChange): Promise<void> {
  await withPicture(db, picture, async (tx, photo) => {
    const before = await lockLook(tx, collectionId, lookId);
    const beforeEs = await lookSpanish(tx, lookId);
    const pictureId = await photo.choose(before.pictureId);
    await tx
      .update(looks)
      .set({ ...lookValues(form), pictureId })
      .where(eq(looks.id, lookId));
    await saveLookSpanish(tx, lookId, form);
    const { id: _id, createdAt: _c, ...was } = before;
    await recordAudit(tx, actor, { entity: "look", entityId: lookId, action: "update", before: { ...was, ...beforeEs }, after: { collectionId, ...form, pictureId } });
  });
}

/** Removes a look with its hotspots; its photograph's files are deleted after the commit (when a store is given). */
export async function removeLook(db: Db, actor: AdminActor, collectionId: number, lookId: number, picture?: PictureChange): Promise<void> {
  await withPicture(db, picture, async (tx, photo) => {
    const before = await lockLook(tx, collectionId, lookId);
    const beforeEs = await lookSpanish(tx, lookId);
    await tx.delete(looks).where(eq(looks.id, lookId));
    if (picture) await photo.release(before.pictureId);
    const { id: _id, createdAt: _c, ...was } = before;
    await recordAudit(tx, actor, { entity: "look", entityId: lookId, action: "delete", before: { ...was, ...beforeEs } });
  });
}

export async function addHotspot(db: Db, actor: AdminActor, collectionId: number, lookId: number, form: HotspotForm): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockLook(tx, collectionId, lookId);
    const [productId] = await productIds(tx, [form.product], "product");
    const count = (await tx.select({ id: lookHotspots.id }).from(lookHotspots).where(eq(lookHotspots.lookId, lookId))).length;
    const [row] = await tx.insert(lookHotspots).values({ lookId, productId: productId!, xPercent: form.x, yPercent: form.y, position: count }).returning({ id: lookHotspots.id });
    await recordAudit(tx, actor, { entity: "look_hotspot", entityId: row!.id, action: "create", after: { lookId, ...form } });
    return { id: row!.id };
  });
}

export async function removeHotspot(db: Db, actor: AdminActor, collectionId: number, lookId: number, hotspotId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLook(tx, collectionId, lookId);
    const [gone] = await tx.delete(lookHotspots).where(and(eq(lookHotspots.id, hotspotId), eq(lookHotspots.lookId, lookId))).returning();
    if (!gone) throw lookNotFound();
    await recordAudit(tx, actor, { entity: "look_hotspot", entityId: hotspotId, action: "delete", before: { lookId, productId: gone.productId, x: gone.xPercent, y: gone.yPercent } });
  });
}

/**
 * Deletes a collection with its product list and its looks (their hotspots and photographs too; the products
 * themselves stay in the shop). The featured collection is refused: the shop's featured place would be empty,
 * so another is featured first.
 */
export async function deleteCollection(db: Db, actor: AdminActor, id: number, picture: PictureChange, jobs?: JobQueue): Promise<void> {
  await withPicture(db, { store: picture.store, onError: picture.onError }, async (tx, photo) => {
    const [before] = await tx.select().from(collections).where(eq(collections.id, id)).for("update");
    if (!before) throw collectionNotFound();
    if (before.featured) throw new LookbookError("lookbook.collection_featured", lookbookText("admin.domain.collectionFeatured"));
    const members = await memberSlugs(tx, id);
    const beforeEs = await collectionSpanish(tx, id);
    const itsLooks = await tx.select({ id: looks.id, title: looks.title, pictureId: looks.pictureId }).from(looks).where(eq(looks.collectionId, id));
    // An upcoming collection-wide drop deleted opens its products at once (unless their own moment holds them).
    const memberProducts = await memberIds(tx, id);
    const releasesBefore = await releaseMoments(tx, memberProducts);
    await tx.delete(collections).where(eq(collections.id, id));
    await scheduleMemberDrops(tx, jobs, memberProducts, releasesBefore);
    for (const look of itsLooks) await photo.release(look.pictureId);
    await recordAudit(tx, actor, {
      entity: "collection",
      entityId: id,
      action: "delete",
      before: { name: before.name, slug: before.slug, description: before.description, season: before.season, onSaleAt: before.onSaleAt, ...beforeEs, products: members, looks: itsLooks.map((l) => ({ id: l.id, title: l.title })) },
    });
  });
}
