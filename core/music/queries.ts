import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pictures, playlists, tracks, type PictureRow, type PlaylistRow, type TrackRow } from "../../db/schema/index.ts";
import { pictureView } from "../media/index.ts";
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

function playlistView(p: PlaylistRow, own: TrackRow[], picture: PictureRow | null): PlaylistView {
  const list = own.map(trackView);
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    label: p.label,
    description: p.description,
    cover: picture ? pictureView(picture, p.coverAlt) : { src: p.coverSrc, alt: p.coverAlt, width: COVER_SIZE, height: COVER_SIZE },
    coverSrc: p.coverSrc,
    coverPictureId: picture?.id ?? null,
    featured: p.featured,
    ...playlistTotals(list),
    tracks: list,
  };
}

/** Every playlist in its order, with its tracks (the back office lists them all, empty ones too). */
export async function listPlaylists(db: Db): Promise<PlaylistView[]> {
  const rows = await db.select().from(playlists).leftJoin(pictures, eq(pictures.id, playlists.coverPictureId)).orderBy(asc(playlists.position), asc(playlists.id));
  const all = await db.select().from(tracks).orderBy(asc(tracks.playlistId), asc(tracks.position), asc(tracks.id));
  return rows.map((r) =>
    playlistView(
      r.playlists,
      all.filter((t) => t.playlistId === r.playlists.id),
      r.pictures,
    ),
  );
}

/**
 * What the Music page shows: the featured mix and the other playlists, only those with at least one track
 * (an empty playlist would be a card with nothing to play).
 */
export async function musicPage(db: Db): Promise<{ featured: PlaylistView | null; playlists: PlaylistView[] }> {
  const all = (await listPlaylists(db)).filter((p) => p.trackCount > 0);
  return { featured: all.find((p) => p.featured) ?? null, playlists: all.filter((p) => !p.featured) };
}

export async function getPlaylist(db: Db, id: number): Promise<PlaylistView | null> {
  const [row] = await db.select().from(playlists).leftJoin(pictures, eq(pictures.id, playlists.coverPictureId)).where(eq(playlists.id, id));
  if (!row) return null;
  const own = await db.select().from(tracks).where(eq(tracks.playlistId, id)).orderBy(asc(tracks.position), asc(tracks.id));
  return playlistView(row.playlists, own, row.pictures);
}
