import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { pictures } from "./pictures.ts";

export type ArticleStatus = "draft" | "published";

/**
 * Culture stories. The body is markdown, rendered on the server with raw HTML disabled; a line
 * `{{product:<slug>}}` in it embeds that product (live price, stock and add to cart).
 * A published article always has its published_at (the CHECK), so /culture can order by it.
 */
export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    author: text("author").notNull(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(),
    /** A picture under /images/ (the brand's drawn art). */
    imageSrc: text("image_src").notNull(),
    imageAlt: text("image_alt").notNull(),
    /** An uploaded photograph shown instead of the drawn art; null: the drawn art (imageSrc). */
    pictureId: integer("picture_id").references(() => pictures.id, { onDelete: "set null" }),
    status: text("status").$type<ArticleStatus>().notNull().default("draft"),
    /** The featured story leads /culture; the latest published one when none is featured. */
    featured: boolean("featured").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("articles_status_check", sql`${t.status} in ('draft', 'published')`),
    check("articles_published_at_check", sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
    index("articles_published_idx").on(t.status, t.publishedAt),
  ],
);

/**
 * A story's texts in a language other than English (the articles row holds the English ones). Each text is
 * optional: one left null shows the English (a page is never half empty), and a row holds at least one.
 * The author's name and the address stay as they are.
 */
export const articleTranslations = pgTable(
  "article_translations",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    title: text("title"),
    category: text("category"),
    excerpt: text("excerpt"),
    body: text("body"),
    imageAlt: text("image_alt"),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.locale] }),
    check("article_translations_locale_check", sql`${t.locale} in ('es')`),
    check("article_translations_some_text", sql`num_nonnulls(${t.title}, ${t.category}, ${t.excerpt}, ${t.body}, ${t.imageAlt}) > 0`),
  ],
);
