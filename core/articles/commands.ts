import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { articles, articleTranslations } from "../../db/schema/index.ts";
import { recordAudit, type AdminActor } from "../admin/index.ts";
import { withPicture, type PictureChange } from "../media/index.ts";
import { uniqueViolation } from "../shared/db-errors.ts";
import { mergeTexts, noTexts, type Texts } from "../shared/translations.ts";
import { ArticleError, articleNotFound, articleText } from "./errors.ts";
import type { ArticleForm } from "./inputs.ts";
import { slugFromTitle } from "./rules.ts";

/** The back office's writes to stories; each runs in one transaction with its audit row. */

type ArticleRow = typeof articles.$inferSelect;

/** A story's Spanish texts as the form edits them and the audit log keeps them (null: none, the English shows). */
type SpanishTexts = Texts<"titleEs" | "categoryEs" | "excerptEs" | "bodyEs" | "imageAltEs">;

const NO_SPANISH: SpanishTexts = { titleEs: null, categoryEs: null, excerptEs: null, bodyEs: null, imageAltEs: null };

const spanishRow = (id: number) => and(eq(articleTranslations.articleId, id), eq(articleTranslations.locale, "es"));

async function spanishOf(tx: Db, id: number): Promise<SpanishTexts> {
  const [row] = await tx.select().from(articleTranslations).where(spanishRow(id));
  return row ? { titleEs: row.title, categoryEs: row.category, excerptEs: row.excerpt, bodyEs: row.body, imageAltEs: row.imageAlt } : NO_SPANISH;
}

/** Writes the form's Spanish texts over those before (ADR 0025's rule for each text); none left removes the translation. */
async function saveSpanish(tx: Db, id: number, before: SpanishTexts, form: ArticleForm): Promise<SpanishTexts> {
  const es = mergeTexts(before, form);
  if (noTexts(es)) {
    await tx.delete(articleTranslations).where(spanishRow(id));
    return es;
  }
  const values = { title: es.titleEs, category: es.categoryEs, excerpt: es.excerptEs, body: es.bodyEs, imageAlt: es.imageAltEs };
  await tx
    .insert(articleTranslations)
    .values({ articleId: id, locale: "es", ...values })
    .onConflictDoUpdate({ target: [articleTranslations.articleId, articleTranslations.locale], set: values });
  return es;
}

function snapshot(a: ArticleRow, es: SpanishTexts) {
  return {
    slug: a.slug,
    title: a.title,
    category: a.category,
    author: a.author,
    excerpt: a.excerpt,
    body: a.body,
    imageSrc: a.imageSrc,
    imageAlt: a.imageAlt,
    pictureId: a.pictureId,
    featured: a.featured,
    status: a.status,
    publishedAt: a.publishedAt?.toISOString() ?? null,
    ...es,
  };
}

const slugTaken = () => new ArticleError("articles.slug_taken", articleText("admin.domain.storySlugTaken"), { field: "slug" });

function mapUniqueViolation(error: unknown): never {
  if (uniqueViolation(error) === "articles_slug_unique") throw slugTaken();
  throw error;
}

function values(form: ArticleForm) {
  return {
    title: form.title,
    category: form.category,
    author: form.author,
    excerpt: form.excerpt,
    body: form.body,
    imageSrc: form.imageSrc,
    imageAlt: form.imageAlt,
    featured: form.featured,
  };
}

/** One featured story at a time: featuring this one unfeatures the others (audited with it). */
async function unfeatureOthers(tx: Db, id: number): Promise<void> {
  await tx.update(articles).set({ featured: false }).where(and(eq(articles.featured, true), ne(articles.id, id)));
}

/**
 * A new story, always a draft; its address is made from the title when left empty. `picture` carries an
 * uploaded photograph (checked and stored before the transaction; its files removed if the save fails).
 */
export async function createArticle(db: Db, actor: AdminActor, form: ArticleForm, picture?: PictureChange): Promise<{ id: number; slug: string }> {
  try {
    return await withPicture(db, picture, async (tx, photo) => {
      let slug = form.slug ?? slugFromTitle(form.title);
      if (form.slug === null) {
        for (let n = 2; (await tx.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug))).length > 0; n++) {
          slug = `${slugFromTitle(form.title)}-${n}`;
        }
      } else if ((await tx.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug))).length > 0) {
        throw slugTaken();
      }
      const [row] = await tx
        .insert(articles)
        .values({ ...values(form), slug, status: "draft", pictureId: await photo.choose(null) })
        .returning();
      if (form.featured) await unfeatureOthers(tx, row!.id);
      const es = await saveSpanish(tx, row!.id, NO_SPANISH, form);
      await recordAudit(tx, actor, { entity: "article", entityId: row!.id, action: "create", after: snapshot(row!, es) });
      return { id: row!.id, slug };
    });
  } catch (error) {
    return mapUniqueViolation(error);
  }
}

/**
 * Saves the story's fields (its status is changed by publish and unpublish only) and its photograph: a new
 * upload replaces the one before, `keep: false` goes back to the drawn art (the replaced files are deleted
 * after the commit).
 */
export async function updateArticle(db: Db, actor: AdminActor, id: number, form: ArticleForm, picture?: PictureChange): Promise<{ slug: string }> {
  try {
    return await withPicture(db, picture, async (tx, photo) => {
      const [before] = await tx.select().from(articles).where(eq(articles.id, id)).for("update");
      if (!before) throw articleNotFound();
      const esBefore = await spanishOf(tx, id);
      const slug = form.slug ?? before.slug;
      if (slug !== before.slug && (await tx.select({ id: articles.id }).from(articles).where(and(eq(articles.slug, slug), ne(articles.id, id)))).length > 0) {
        throw slugTaken();
      }
      const [after] = await tx
        .update(articles)
        .set({ ...values(form), slug, pictureId: await photo.choose(before.pictureId), updatedAt: new Date() })
        .where(eq(articles.id, id))
        .returning();
      if (form.featured) await unfeatureOthers(tx, id);
      const esAfter = await saveSpanish(tx, id, esBefore, form);
      await recordAudit(tx, actor, { entity: "article", entityId: id, action: "update", before: snapshot(before, esBefore), after: snapshot(after!, esAfter) });
      return { slug };
    });
  } catch (error) {
    return mapUniqueViolation(error);
  }
}

/**
 * Publishes (shoppers see it at /culture/<slug>, dated now the first time) or unpublishes (back to a draft:
 * its page answers 404 again). Publishing again after an unpublish keeps the first date.
 */
export async function setArticleStatus(db: Db, actor: AdminActor, id: number, intent: "publish" | "unpublish", now = new Date()): Promise<{ slug: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(articles).where(eq(articles.id, id)).for("update");
    if (!before) throw articleNotFound();
    const status = intent === "publish" ? "published" : "draft";
    const [after] = await tx
      .update(articles)
      .set({ status, publishedAt: before.publishedAt ?? (status === "published" ? now : null), updatedAt: now })
      .where(eq(articles.id, id))
      .returning();
    await recordAudit(tx, actor, { entity: "article", entityId: id, action: intent, before: { status: before.status }, after: { status: after!.status, publishedAt: after!.publishedAt?.toISOString() ?? null } });
    return { slug: after!.slug };
  });
}

/**
 * Deletes a story that shoppers do not see (a draft, or one unpublished): a published one must be unpublished
 * first, so a live page never disappears by one click. Its photograph goes with it (files after the commit).
 */
export async function deleteArticle(db: Db, actor: AdminActor, id: number, picture: PictureChange): Promise<void> {
  await withPicture(db, { store: picture.store, onError: picture.onError }, async (tx, photo) => {
    const [before] = await tx.select().from(articles).where(eq(articles.id, id)).for("update");
    if (!before) throw articleNotFound();
    if (before.status === "published") throw new ArticleError("articles.published", articleText("admin.domain.storyPublished"));
    const es = await spanishOf(tx, id);
    // Its translation goes with it (the foreign key cascades); the audit row keeps both languages.
    await tx.delete(articles).where(eq(articles.id, id));
    await photo.release(before.pictureId);
    await recordAudit(tx, actor, { entity: "article", entityId: id, action: "delete", before: snapshot(before, es) });
  });
}
