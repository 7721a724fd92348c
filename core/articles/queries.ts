import { and, asc, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { articles, articleTranslations, pictures, type ArticleStatus, type PictureRow } from "../../db/schema/index.ts";
import { getProductBySlug, type ProductSummary } from "../catalog/index.ts";
import { pictureView } from "../media/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import { escapeLike } from "../shared/paging.ts";
import { cultureImage, embeddedSlugs, readTimeMinutes, type CultureImage } from "./rules.ts";

export interface ArticleSummary {
  id: number;
  slug: string;
  title: string;
  category: string;
  author: string;
  excerpt: string;
  image: CultureImage;
  featured: boolean;
  status: ArticleStatus;
  publishedAt: Date | null;
  updatedAt: Date;
  readTimeMinutes: number;
}

export interface ArticleDetail extends ArticleSummary {
  body: string;
  /** The drawn art, shown when no photograph was uploaded (and kept as the fallback when one is). */
  imageSrc: string;
  imageAlt: string;
  /** The uploaded photograph, or null: `image` is the drawn art. */
  pictureId: number | null;
}

/** A story's Spanish texts as the back office edits them: each null when it has none (the English shows). */
export interface ArticleSpanish {
  title: string | null;
  category: string | null;
  excerpt: string | null;
  body: string | null;
  imageAlt: string | null;
}

export interface AdminArticleDetail extends ArticleDetail {
  spanish: ArticleSpanish;
}

type ArticleRow = typeof articles.$inferSelect;
type TranslationRow = typeof articleTranslations.$inferSelect;
type Joined = { articles: ArticleRow; pictures: PictureRow | null; article_translations: TranslationRow | null };

/**
 * Stories with their uploaded photograph, if any, and their texts in `locale` (one query: both are
 * left-joined; English has no translation rows, so its join finds nothing).
 */
const storyRows = (db: Db, locale: Locale) =>
  db
    .select()
    .from(articles)
    .leftJoin(pictures, eq(pictures.id, articles.pictureId))
    .leftJoin(articleTranslations, and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.locale, locale)));

/** The story as a page in the joined language shows it: each translated text where there is one, else the English. */
function toDetail({ articles: row, pictures: picture, article_translations: tr }: Joined): ArticleDetail {
  const imageAlt = tr?.imageAlt ?? row.imageAlt;
  const body = tr?.body ?? row.body;
  return {
    id: row.id,
    slug: row.slug,
    title: tr?.title ?? row.title,
    category: tr?.category ?? row.category,
    author: row.author,
    excerpt: tr?.excerpt ?? row.excerpt,
    image: picture ? pictureView(picture, imageAlt) : cultureImage(row.imageSrc, imageAlt),
    imageSrc: row.imageSrc,
    imageAlt,
    pictureId: picture?.id ?? null,
    featured: row.featured,
    status: row.status,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    readTimeMinutes: readTimeMinutes(body),
    body,
  };
}

function toSummary(row: Joined): ArticleSummary {
  const { body: _body, imageSrc: _src, imageAlt: _alt, pictureId: _picture, ...summary } = toDetail(row);
  return summary;
}

const published = eq(articles.status, "published");

/** What /culture shows in a language: the featured story (else the latest) and the other published stories, newest first. */
export async function listPublishedArticles(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<{ featured: ArticleSummary | null; latest: ArticleSummary[] }> {
  const rows = await storyRows(db, locale).where(published).orderBy(desc(articles.publishedAt), desc(articles.id));
  const all = rows.map(toSummary);
  const featured = all.find((a) => a.featured) ?? all[0] ?? null;
  return { featured, latest: all.filter((a) => a !== featured) };
}

/** A published story by its address, in a language; drafts are nobody's business but the back office's (null). */
export async function getPublishedArticle(db: Db, slug: string, locale: Locale = DEFAULT_LOCALE): Promise<ArticleDetail | null> {
  const [row] = await storyRows(db, locale).where(and(eq(articles.slug, slug), published)).limit(1);
  return row ? toDetail(row) : null;
}

/** Every published story's address and last change, for the sitemap. */
export async function listArticleSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db.select({ slug: articles.slug, updatedAt: articles.updatedAt }).from(articles).where(published).orderBy(asc(articles.id));
}

/** The products a body embeds, by slug, as the shop sees them now (a product no longer sold is missing). */
export async function embeddedProducts(db: Db, body: string): Promise<Map<string, ProductSummary>> {
  const found = new Map<string, ProductSummary>();
  for (const slug of embeddedSlugs(body)) {
    const product = await getProductBySlug(db, slug);
    if (product) found.set(slug, product);
  }
  return found;
}

/** The back office's list: every story, drafts first then the newest, optionally matching a search. */
export async function listAdminArticles(db: Db, q = ""): Promise<ArticleSummary[]> {
  const where: SQL[] = [];
  if (q.trim()) {
    const like = `%${escapeLike(q.trim())}%`;
    where.push(or(ilike(articles.title, like), ilike(articles.slug, like), ilike(articles.author, like))!);
  }
  const rows = await storyRows(db, DEFAULT_LOCALE)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(eq(articles.status, "draft")), desc(articles.updatedAt), desc(articles.id));
  return rows.map(toSummary);
}

/** A story for its editor: the English texts, and the Spanish ones beside them. */
export async function getAdminArticle(db: Db, id: number): Promise<AdminArticleDetail | null> {
  const [row] = await storyRows(db, "es").where(eq(articles.id, id)).limit(1);
  if (!row) return null;
  const tr = row.article_translations;
  return {
    ...toDetail({ ...row, article_translations: null }),
    spanish: { title: tr?.title ?? null, category: tr?.category ?? null, excerpt: tr?.excerpt ?? null, body: tr?.body ?? null, imageAlt: tr?.imageAlt ?? null },
  };
}
