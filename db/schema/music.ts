import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { pictures } from "./pictures.ts";

/**
 * A playlist of the Music page: the featured mix ("Vol. 1") or one of the playlist cards. Its track count
 * and length are never stored: they are counted and summed from its tracks, whose durations are read from
 * the audio files themselves.
 */
export const playlists = pgTable(
  "playlists",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    /** Shown above the title, e.g. "Vol. 1"; empty for none. */
    label: text("label").notNull().default(""),
    description: text("description").notNull().default(""),
    /** A path of the brand's own art under /images (e.g. "/images/playlist-1.svg"). */
    coverSrc: text("cover_src").notNull(),
    coverAlt: text("cover_alt").notNull().default(""),
    /** An uploaded photograph shown instead of the drawn cover; null: the drawn cover (coverSrc). */
    coverPictureId: integer("cover_picture_id").references(() => pictures.id, { onDelete: "set null" }),
    /** The featured mix: at most one playlist is (a partial unique index holds it). */
    featured: boolean("featured").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("playlists_one_featured").on(t.featured).where(sql`${t.featured}`), index("playlists_position_idx").on(t.position)],
);

/**
 * A playlist's texts in a language other than English (the playlists row holds the English ones). Each is
 * optional: one left null shows the English. A mix's name may stay; its tracks' titles and artists always do.
 */
export const playlistTranslations = pgTable(
  "playlist_translations",
  {
    playlistId: integer("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    title: text("title"),
    label: text("label"),
    description: text("description"),
    coverAlt: text("cover_alt"),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.locale] }),
    check("playlist_translations_locale_check", sql`${t.locale} in ('es')`),
    check("playlist_translations_some_text", sql`num_nonnulls(${t.title}, ${t.label}, ${t.description}, ${t.coverAlt}) > 0`),
  ],
);

/** A track of a playlist: an audio file in the audio store (DATA_DIR/media/audio), under a name that never changes. */
export const tracks = pgTable(
  "tracks",
  {
    id: serial("id").primaryKey(),
    playlistId: integer("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    /** Read from the file when it was stored (music-metadata), never typed in. */
    durationMs: integer("duration_ms").notNull(),
    /** The file's name in the audio store, e.g. "tracks/abc123.mp3" (random per upload: immutable). */
    fileKey: text("file_key").notNull().unique(),
    /** audio/mpeg, audio/ogg or audio/mp4: decided from the file's content. */
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tracks_playlist_position_idx").on(t.playlistId, t.position),
    check("tracks_duration_positive", sql`${t.durationMs} > 0`),
    check("tracks_size_positive", sql`${t.sizeBytes} > 0`),
  ],
);

export type PlaylistRow = typeof playlists.$inferSelect;
export type TrackRow = typeof tracks.$inferSelect;
