import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A photograph an administrator uploaded for a story, a look, an event or a playlist cover: resized once
 * into MEDIA_WIDTHS in AVIF and WebP and kept in the media store under `key` (core/media). Each picture
 * belongs to one owner row (which points at it, ON DELETE SET NULL); the description (alt) stays on the
 * owner, beside the drawn art it replaces. When its owner lets it go, the row is deleted and its files are
 * deleted after the commit.
 */
export const pictures = pgTable("pictures", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  widths: integer("widths").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PictureRow = typeof pictures.$inferSelect;
