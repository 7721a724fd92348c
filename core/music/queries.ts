import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pictures, playlists, playlistTranslations, tracks, type PictureRow, type PlaylistRow, type TrackRow } from "../../db/schema/index.ts";
import { pictureView } from "../media/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import { audioUrl, COVER_SIZE, playlistTotals } from "./rules.ts";

/** A track as the player and the pages use it. */
export interface TrackView {
  id: number;
  title: string;
  artist: string;
  durationMs: number;
  url: string;
  mimeType: string;
}

/** A playlist with its tracks in order, and its count and length summed from them. */
export interface PlaylistView {
  id: number;
  slug: string;
  title: string;
  label: string;
  description: string;
  /** The uploaded cover photograph (with its srcsets) or the drawn cover, as pages show it. */
  cover: { src: string; alt: string; width: number; height: number; srcSetWebp?: string; srcSetAvif?: string };
  /** The drawn cover, shown when no photograph was uploaded. */
  coverSrc: string;
  coverPictureId: number | null;
  featured: boolean;
  trackCount: number;
  durationMs: number;
  tracks: TrackView[];
}

function trackView(t: TrackRow): TrackView {
  return { id: t.id, title: t.title, artist: t.artist, durationMs: t.durationMs, url: audioUrl(t.fileKey), mimeType: t.mimeType };
}

/** A playlist's Spanish texts as the back office edits them: each null when it has none (the English shows). */
export interface PlaylistSpanish {
  title: string | null;
  label: string | null;
  description: string | null;
  coverAlt: string | null;
}

type TranslationRow = typeof playlistTranslations.$inferSelect;

/** The playlist as a page in a language shows it: each translated text where there is one, else the English. */
function playlistView(p: PlaylistRow, own: TrackRow[], picture: PictureRow | null, tr: TranslationRow | null): PlaylistView {
  const list = own.map(trackView);
  const coverAlt = tr?.coverAlt ?? p.coverAlt;
  return {
    id: p.id,
    slug: p.slug,
    title: tr?.title ?? p.title,
    label: tr?.label ?? p.label,
    description: tr?.description ?? p.description,
    cover: picture ? pictureView(picture, coverAlt) : { src: p.coverSrc, alt: coverAlt, width: COVER_SIZE, height: COVER_SIZE },
    coverSrc: p.coverSrc,
    coverPictureId: picture?.id ?? null,
    featured: p.featured,
    ...playlistTotals(list),
    tracks: list,
  };
}

/** Playlists with their cover photograph and their texts in `locale` (English has no translation rows: its join finds nothing). */
const playlistRows = (db: Db, locale: Locale) =>
  db
    .select()
    .from(playlists)
    .leftJoin(pictures, eq(pictures.id, playlists.coverPictureId))
    .leftJoin(playlistTranslations, and(eq(playlistTranslations.playlistId, playlists.id), eq(playlistTranslations.locale, locale)));

/** Every playlist in its order, with its tracks, in a language (the back office lists them all, empty ones too). */
export async function listPlaylists(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<PlaylistView[]> {
  const rows = await playlistRows(db, locale).orderBy(asc(playlists.position), asc(playlists.id));
  const all = await db.select().from(tracks).orderBy(asc(tracks.playlistId), asc(tracks.position), asc(tracks.id));
  return rows.map((r) =>
    playlistView(
      r.playlists,
      all.filter((t) => t.playlistId === r.playlists.id),
      r.pictures,
      r.playlist_translations,
    ),
  );
}

/**
 * What the Music page shows in a language: the featured mix and the other playlists, only those with at least
 * one track (an empty playlist would be a card with nothing to play).
 */
export async function musicPage(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<{ featured: PlaylistView | null; playlists: PlaylistView[] }> {
  const all = (await listPlaylists(db, locale)).filter((p) => p.trackCount > 0);
  return { featured: all.find((p) => p.featured) ?? null, playlists: all.filter((p) => !p.featured) };
}

/** A playlist for its editor: the English texts, and the Spanish ones beside them. */
export async function getPlaylist(db: Db, id: number): Promise<(PlaylistView & { spanish: PlaylistSpanish }) | null> {
  const [row] = await playlistRows(db, "es").where(eq(playlists.id, id));
  if (!row) return null;
  const own = await db.select().from(tracks).where(eq(tracks.playlistId, id)).orderBy(asc(tracks.position), asc(tracks.id));
  const tr = row.playlist_translations;
  return {
    ...playlistView(row.playlists, own, row.pictures, null),
    spanish: { title: tr?.title ?? null, label: tr?.label ?? null, description: tr?.description ?? null, coverAlt: tr?.coverAlt ?? null },
  };
}
