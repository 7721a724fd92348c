import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { playlists, playlistTranslations, tracks } from "../schema/index.ts";
import { music } from "../../core/content/index.ts";
import { inspectAudio, type AudioStore } from "../../core/music/index.ts";
import { seedPlaylistsEs } from "./culture-es.ts";

/**
 * The sample music: the featured mix and the three playlists of the Music page, each with tracks the
 * project makes itself (scripts/generate-audio.ts synthesizes them into db/seed/audio/ from the recipes
 * below). Titles and descriptions are the page's copy (core/content); counts and lengths come from the files.
 */

/** How one generated beat sounds: tempo, key, length, and the seed of its random parts (so it is reproducible). */
export interface BeatRecipe {
  bpm: number;
  /** MIDI note of the key's root (bass octave), e.g. 40 = E2. */
  root: number;
  /** Minor or dorian flavour: which scale the bass line and chords walk. */
  scale: "minor" | "dorian";
  /** Number of 4/4 bars. */
  bars: number;
  /** 0 (straight) .. 0.33 (heavy swing) for the off-beat 16ths. */
  swing: number;
  seed: number;
  /** Hi-hats in 8ths or 16ths. */
  hats: 8 | 16;
}

export interface SeedTrack {
  title: string;
  artist: string;
  /** File in db/seed/audio/. */
  file: string;
  recipe: BeatRecipe;
}

export interface SeedPlaylist {
  slug: string;
  title: string;
  label: string;
  description: string;
  coverSrc: string;
  coverAlt: string;
  featured: boolean;
  position: number;
  tracks: SeedTrack[];
}

const [classics, underground, blockParty] = [music.playlists[0]!, music.playlists[1]!, music.playlists[2]!];
const mix = music.featuredMix;

function track(file: string, title: string, artist: string, recipe: BeatRecipe): SeedTrack {
  return { title, artist, file, recipe };
}

export const seedPlaylists: readonly SeedPlaylist[] = [
  {
    slug: "uptown-after-dark",
    title: mix.title,
    label: mix.volume,
    description: mix.description,
    coverSrc: mix.image.src,
    coverAlt: mix.image.alt,
    featured: true,
    position: 0,
    tracks: [
      track("mix-1.mp3", "Rooftop Intro", "DJ Lex Ave", { bpm: 88, root: 40, scale: "minor", bars: 12, swing: 0.18, seed: 11, hats: 16 }),
      track("mix-2.mp3", "Latin Soul Flip", "Barrio Breaks", { bpm: 94, root: 45, scale: "dorian", bars: 14, swing: 0.12, seed: 12, hats: 8 }),
      track("mix-3.mp3", "Dusty Crates", "DJ Lex Ave", { bpm: 86, root: 38, scale: "minor", bars: 12, swing: 0.22, seed: 13, hats: 16 }),
      track("mix-4.mp3", "Last Train Uptown", "Marisol & The 6", { bpm: 90, root: 43, scale: "dorian", bars: 12, swing: 0.16, seed: 14, hats: 8 }),
    ],
  },
  {
    slug: "harlem-classics",
    title: classics.title,
    label: "",
    description: classics.description,
    coverSrc: classics.image.src,
    coverAlt: classics.image.alt,
    featured: false,
    position: 1,
    tracks: [
      track("classics-1.mp3", "116th Street Break", "The Park Jam Crew", { bpm: 96, root: 41, scale: "dorian", bars: 10, swing: 0.1, seed: 21, hats: 8 }),
      track("classics-2.mp3", "Stoop Kings", "MC Boriqua", { bpm: 92, root: 36, scale: "minor", bars: 10, swing: 0.2, seed: 22, hats: 16 }),
      track("classics-3.mp3", "Golden Era Groove", "The Park Jam Crew", { bpm: 98, root: 44, scale: "minor", bars: 10, swing: 0.08, seed: 23, hats: 8 }),
      track("classics-4.mp3", "Lexington Local", "Jay Ruiz", { bpm: 90, root: 39, scale: "dorian", bars: 8, swing: 0.18, seed: 24, hats: 16 }),
    ],
  },
  {
    slug: "underground-heat",
    title: underground.title,
    label: "",
    description: underground.description,
    coverSrc: underground.image.src,
    coverAlt: underground.image.alt,
    featured: false,
    position: 2,
    tracks: [
      track("underground-1.mp3", "Basement Cypher", "Nia Blaze", { bpm: 84, root: 37, scale: "minor", bars: 8, swing: 0.24, seed: 31, hats: 16 }),
      track("underground-2.mp3", "No Radio Edit", "Kilo Verde", { bpm: 80, root: 42, scale: "minor", bars: 8, swing: 0.26, seed: 32, hats: 8 }),
      track("underground-3.mp3", "Next Voices", "Nia Blaze", { bpm: 87, root: 40, scale: "dorian", bars: 8, swing: 0.2, seed: 33, hats: 16 }),
    ],
  },
  {
    slug: "block-party-anthems",
    title: blockParty.title,
    label: "",
    description: blockParty.description,
    coverSrc: blockParty.image.src,
    coverAlt: blockParty.image.alt,
    featured: false,
    position: 3,
    tracks: [
      track("block-party-1.mp3", "Open Hydrant", "Summer Sound System", { bpm: 100, root: 43, scale: "dorian", bars: 10, swing: 0.06, seed: 41, hats: 16 }),
      track("block-party-2.mp3", "Folding Tables", "DJ Pleasant Ave", { bpm: 97, root: 38, scale: "dorian", bars: 10, swing: 0.1, seed: 42, hats: 8 }),
      track("block-party-3.mp3", "Speakers in the Window", "Summer Sound System", { bpm: 102, root: 45, scale: "minor", bars: 10, swing: 0.05, seed: 43, hats: 16 }),
      track("block-party-4.mp3", "String Lights", "Coqui Collective", { bpm: 95, root: 41, scale: "dorian", bars: 8, swing: 0.12, seed: 44, hats: 8 }),
    ],
  },
];

/** Where the generated files are kept in the repository. */
export const SEED_AUDIO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "audio");

/** A seeded file's key in the audio store: named by its content's hash, so it never changes under its key. */
function seedKey(file: string, bytes: Uint8Array): string {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
  return `seed/${file.replace(/\.mp3$/, "")}-${hash}.mp3`;
}

/**
 * Copies the generated tracks into the audio store where they are missing (a new DATA_DIR, or a process
 * sharing a PostgreSQL database seeded by another one): cheap, run at every start.
 */
export async function ensureSeedAudio(store: AudioStore): Promise<void> {
  for (const playlist of seedPlaylists) {
    for (const t of playlist.tracks) {
      const bytes = new Uint8Array(await fs.readFile(path.join(SEED_AUDIO_DIR, t.file)));
      const key = seedKey(t.file, bytes);
      if (!(await store.has(key))) await store.put(key, bytes);
    }
  }
}

/** Whether there is any playlist: the sample music was seeded, or an administrator made one. */
export async function hasPlaylists(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(playlists);
  return (row?.n ?? 0) > 0;
}

/**
 * Writes the sample playlists (with their Spanish) and their tracks when there are no playlists yet (idempotent: once an
 * administrator has any playlist, nothing is added). Each track's length is read from its file.
 */
export async function seedMusicIfEmpty(db: Db, store: AudioStore): Promise<{ playlists: number; tracks: number } | null> {
  await ensureSeedAudio(store);
  if (await hasPlaylists(db)) return null;
  const prepared: { playlist: SeedPlaylist; tracks: Omit<typeof tracks.$inferInsert, "playlistId">[] }[] = [];
  for (const p of seedPlaylists) {
    const list: Omit<typeof tracks.$inferInsert, "playlistId">[] = [];
    for (const [position, t] of p.tracks.entries()) {
      const bytes = new Uint8Array(await fs.readFile(path.join(SEED_AUDIO_DIR, t.file)));
      const audio = await inspectAudio(bytes);
      list.push({ title: t.title, artist: t.artist, durationMs: audio.durationMs, fileKey: seedKey(t.file, bytes), mimeType: audio.mimeType, sizeBytes: bytes.length, position });
    }
    prepared.push({ playlist: p, tracks: list });
  }
  return db.transaction(async (tx) => {
    // Checked again inside the transaction: two processes starting together on one PostgreSQL seed once.
    await tx.execute(sql`select pg_advisory_xact_lock(7304220)`);
    const [again] = await tx.select({ n: sql<number>`count(*)::int` }).from(playlists);
    if ((again?.n ?? 0) > 0) return null;
    let trackCount = 0;
    for (const { playlist: p, tracks: list } of prepared) {
      const [inserted] = await tx
        .insert(playlists)
        .values({ slug: p.slug, title: p.title, label: p.label, description: p.description, coverSrc: p.coverSrc, coverAlt: p.coverAlt, featured: p.featured, position: p.position })
        .returning({ id: playlists.id });
      await tx.insert(tracks).values(list.map((t) => ({ ...t, playlistId: inserted!.id })));
      const es = seedPlaylistsEs[p.slug];
      if (es) await tx.insert(playlistTranslations).values({ playlistId: inserted!.id, locale: "es", title: es.title ?? null, description: es.description, coverAlt: es.coverAlt });
      trackCount += list.length;
    }
    return { playlists: prepared.length, tracks: trackCount };
  });
}
