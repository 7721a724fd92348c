/**
 * Music rules: how lengths are shown, which audio files are taken, where they are served, and how the player
 * moves through a queue. Pure (no database, no Node): the browser-bound player imports it.
 */
import { fieldTextsOf } from "../shared/text.ts";

/** The playlist and track forms' field messages (inputs.ts): ids of the catalogue (texts/messages/<locale>/admin.json). */
export const musicField = fieldTextsOf({
  "admin.domain.enterTitle": [],
  "admin.domain.enterArtist": [],
  "admin.domain.enterCoverDescription": [],
  "admin.domain.musicTitleTooLong": ["max"],
  "admin.domain.musicArtistTooLong": ["max"],
  "admin.domain.musicCoverDescriptionTooLong": ["max"],
  "admin.domain.playlistSlugTooLong": ["max"],
  "admin.domain.playlistSlugFormat": [],
  "admin.domain.playlistLabelTooLong": ["max"],
  "admin.domain.playlistDescriptionTooLong": ["max"],
  "admin.domain.playlistCover": [],
  "admin.domain.musicTitleEsTooLong": ["max"],
  "admin.domain.playlistLabelEsTooLong": ["max"],
  "admin.domain.playlistDescriptionEsTooLong": ["max"],
  "admin.domain.musicCoverDescriptionEsTooLong": ["max"],
});

/** An uploaded track may be at most 30 MB. */
export const MAX_TRACK_BYTES = 30 * 1024 * 1024;

/** The audio formats taken (decided from the file's content), with the extension a stored file gets. */
export const AUDIO_FORMATS = {
  "audio/mpeg": "mp3",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
} as const;
export type AudioMimeType = keyof typeof AUDIO_FORMATS;

/** The public address audio files are served under. */
export const AUDIO_URL_PREFIX = "/audio/";

/** A stored audio name: slash-separated segments of letters, digits, "_" and "-", then one of the extensions. */
export const AUDIO_FILE_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:mp3|ogg|m4a)$/;

export function isAudioFileKey(key: string): boolean {
  return key.length <= 200 && AUDIO_FILE_PATTERN.test(key);
}

export function audioUrl(fileKey: string): string {
  return `${AUDIO_URL_PREFIX}${fileKey}`;
}

/** 83_400 ms -> "1:23"; 3_723_000 -> "1:02:03". Seconds are rounded down, as a player's clock counts. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** A playlist's length as a card says it: "2 min 35 s" under ten minutes, "24 min", "1 hr 12 min". */
export function formatLength(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  if (totalSeconds < 600) {
    const m = Math.floor(totalSeconds / 60);
    const s = totalSeconds % 60;
    if (m === 0) return `${s} s`;
    return s === 0 ? `${m} min` : `${m} min ${s} s`;
  }
  const minutes = Math.round(totalSeconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} hr` : `${h} hr ${m} min`;
}

/** ISO 8601 duration for <time dateTime>, e.g. "PT2M35S". */
export function isoLength(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

/** "1 track", "4 tracks". */
export function trackCount(n: number): string {
  return `${n} ${n === 1 ? "track" : "tracks"}`;
}

/** A playlist's count and length, summed from its tracks. */
export function playlistTotals(tracks: readonly { durationMs: number }[]): { trackCount: number; durationMs: number } {
  return { trackCount: tracks.length, durationMs: tracks.reduce((sum, t) => sum + t.durationMs, 0) };
}

/** Seconds from the start after which Previous restarts the track instead of going back one. */
export const RESTART_AFTER_SECONDS = 3;

/** The queue index Previous goes to: the same track (restarted) when it has played a while or is the first. */
export function previousIndex(index: number, currentSeconds: number): number {
  if (currentSeconds > RESTART_AFTER_SECONDS || index <= 0) return Math.max(0, index);
  return index - 1;
}

/** The queue index Next goes to, or null at the end of the queue. */
export function nextIndex(index: number, length: number): number | null {
  return index + 1 < length ? index + 1 : null;
}

/** A URL-safe slug from a title: "Block Party Anthems!" -> "block-party-anthems". */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** The brand's art a playlist cover may be chosen from (public/images). */
export const COVER_CHOICES = [
  { src: "/images/mix-vol-1.svg", label: "Vinyl over the skyline at night" },
  { src: "/images/playlist-1.svg", label: "Stack of worn vinyl sleeves" },
  { src: "/images/playlist-2.svg", label: "Microphone in a dark basement" },
  { src: "/images/playlist-3.svg", label: "Speakers under string lights" },
] as const;

export const COVER_SOURCES = COVER_CHOICES.map((c) => c.src) as [string, ...string[]];

/** Every cover is a square 600 x 600 drawing. */
export const COVER_SIZE = 600;
