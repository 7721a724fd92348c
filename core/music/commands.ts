import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { issueText } from "../shared/field-text.ts";
import { playlists, playlistTranslations, tracks } from "../../db/schema/index.ts";
import { withPicture, type PictureChange } from "../media/index.ts";
import { newToken } from "../shared/ids.ts";
import { mergeTexts, noTexts, type Texts } from "../shared/translations.ts";
import { inspectAudio } from "./audio.ts";
import { MusicError, musicText, playlistNotFound, trackNotFound } from "./errors.ts";
import { moveInput, playlistInput, trackInput, type PlaylistInput, type TrackInput } from "./inputs.ts";
import { slugFromTitle } from "./rules.ts";
import type { AudioStore } from "./storage.ts";

/** One audit row, as the caller records it (core/admin's recordAudit, with the acting administrator). */
export interface MusicAuditEntry {
  entity: string;
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** What the music commands run with; `audit` is called inside each command's transaction. */
export interface MusicDeps {
  db: Db;
  store: AudioStore;
  audit: (tx: Db, entry: MusicAuditEntry) => Promise<void>;
  /** Told about files that could not be deleted after a commit (the change itself stands). */
  onError?: (error: unknown, what: string) => void;
}

type Schema<T> = { safeParse(input: unknown): z.ZodSafeParseResult<T> };

/** The input parsed, or the first problem as a MusicError naming its field. */
export function parsed<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new MusicError("music.invalid_input", issueText(issue), { field: String(issue.path[0] ?? "form") });
}

/** A playlist's Spanish texts as the form edits them and the audit log keeps them (null: none, the English shows). */
type SpanishTexts = Texts<"titleEs" | "labelEs" | "descriptionEs" | "coverAltEs">;

const NO_SPANISH: SpanishTexts = { titleEs: null, labelEs: null, descriptionEs: null, coverAltEs: null };

const spanishRow = (id: number) => and(eq(playlistTranslations.playlistId, id), eq(playlistTranslations.locale, "es"));

async function spanishOf(tx: Db, id: number): Promise<SpanishTexts> {
  const [row] = await tx.select().from(playlistTranslations).where(spanishRow(id));
  return row ? { titleEs: row.title, labelEs: row.label, descriptionEs: row.description, coverAltEs: row.coverAlt } : NO_SPANISH;
}

/** Writes the form's Spanish texts over those before (ADR 0025's rule for each text); none left removes the translation. */
async function saveSpanish(tx: Db, id: number, before: SpanishTexts, input: PlaylistInput): Promise<SpanishTexts> {
  const es = mergeTexts(before, input);
  if (noTexts(es)) {
    await tx.delete(playlistTranslations).where(spanishRow(id));
    return es;
  }
  const values = { title: es.titleEs, label: es.labelEs, description: es.descriptionEs, coverAlt: es.coverAltEs };
  await tx
    .insert(playlistTranslations)
    .values({ playlistId: id, locale: "es", ...values })
    .onConflictDoUpdate({ target: [playlistTranslations.playlistId, playlistTranslations.locale], set: values });
  return es;
}

async function lockPlaylist(tx: Db, id: number) {
  const [row] = await tx.select().from(playlists).where(eq(playlists.id, id)).for("update");
  if (!row) throw playlistNotFound(id);
  return row;
}

async function claimSlug(tx: Db, slug: string, exceptId: number | null) {
  const taken = await tx
    .select({ id: playlists.id })
    .from(playlists)
    .where(exceptId === null ? eq(playlists.slug, slug) : and(eq(playlists.slug, slug), ne(playlists.id, exceptId)));
  if (taken.length > 0) throw new MusicError("music.slug_taken", musicText("admin.domain.playlistSlugTaken"), { field: "slug" });
}

function slugOf(input: PlaylistInput): string {
  const slug = input.slug || slugFromTitle(input.title);
  if (!slug) throw new MusicError("music.invalid_input", musicText("admin.domain.playlistAddress"), { field: "slug" });
  return slug;
}

/** Makes only this playlist the featured mix (the partial unique index allows one). */
async function takeFeatured(tx: Db, id: number) {
  await tx.update(playlists).set({ featured: false, updatedAt: new Date() }).where(and(eq(playlists.featured, true), ne(playlists.id, id)));
}

export async function createPlaylist(deps: MusicDeps, input: PlaylistInput): Promise<{ id: number; slug: string }> {
  const values = parsed(playlistInput, input);
  const slug = slugOf(values);
  return deps.db.transaction(async (tx) => {
    await claimSlug(tx, slug, null);
    if (values.featured) await takeFeatured(tx, -1);
    const [row] = await tx
      .insert(playlists)
      .values({
        slug,
        title: values.title,
        label: values.label,
        description: values.description,
        coverSrc: values.coverSrc,
        coverAlt: values.coverAlt,
        featured: values.featured,
        position: sql`(select coalesce(max(${playlists.position}) + 1, 0) from ${playlists})`,
      })
      .returning();
    const es = await saveSpanish(tx, row!.id, NO_SPANISH, values);
    await deps.audit(tx, { entity: "playlist", entityId: row!.id, action: "playlist.create", after: { ...values, ...es, slug } });
    return { id: row!.id, slug };
  });
}

/** Saves a playlist; `picture` may carry an uploaded cover photograph (it replaces the one before; `keep: false` drops it). */
export async function updatePlaylist(deps: MusicDeps, id: number, input: PlaylistInput, picture?: PictureChange): Promise<void> {
  const values = parsed(playlistInput, input);
  const slug = slugOf(values);
  await withPicture(deps.db, picture, async (tx, photo) => {
    const before = await lockPlaylist(tx, id);
    const esBefore = await spanishOf(tx, id);
    await claimSlug(tx, slug, id);
    if (values.featured) await takeFeatured(tx, id);
    const coverPictureId = await photo.choose(before.coverPictureId);
    await tx
      .update(playlists)
      .set({ slug, title: values.title, label: values.label, description: values.description, coverSrc: values.coverSrc, coverAlt: values.coverAlt, coverPictureId, featured: values.featured, updatedAt: new Date() })
      .where(eq(playlists.id, id));
    const esAfter = await saveSpanish(tx, id, esBefore, values);
    const { createdAt: _c, updatedAt: _u, position: _p, id: _i, ...was } = before;
    await deps.audit(tx, { entity: "playlist", entityId: id, action: "playlist.update", before: { ...was, ...esBefore }, after: { ...values, ...esAfter, slug, coverPictureId } });
  });
}

/**
 * Deletes a playlist with its tracks and cover photograph. Each track's file was stored for that track alone
 * (a random key per upload, unique in the table), so the files go too, once the transaction has committed.
 * The featured mix is refused: the Music page would lose its lead, so another is featured first.
 */
export async function deletePlaylist(deps: MusicDeps, id: number, picture: PictureChange): Promise<void> {
  const fileKeys = await withPicture(deps.db, { store: picture.store, onError: picture.onError }, async (tx, photo) => {
    const before = await lockPlaylist(tx, id);
    if (before.featured) throw new MusicError("music.featured", musicText("admin.domain.playlistFeatured"));
    // Its translation goes with it (the foreign key cascades); the audit row keeps both languages.
    const es = await spanishOf(tx, id);
    const itsTracks = await tx.select().from(tracks).where(eq(tracks.playlistId, id)).orderBy(asc(tracks.position), asc(tracks.id));
    await tx.delete(playlists).where(eq(playlists.id, id));
    await photo.release(before.coverPictureId);
    const { createdAt: _c, updatedAt: _u, id: _i, ...was } = before;
    await deps.audit(tx, {
      entity: "playlist",
      entityId: id,
      action: "playlist.delete",
      before: { ...was, ...es, tracks: itsTracks.map((t) => ({ trackId: t.id, title: t.title, artist: t.artist, fileKey: t.fileKey })) },
    });
    return itsTracks.map((t) => t.fileKey);
  });
  if (fileKeys.length > 0) await deps.store.delete(fileKeys).catch((e: unknown) => deps.onError?.(e, "deleting the files of a deleted playlist's tracks"));
}

/**
 * Adds a track: the file is checked by its content and its length read from it first (nothing is written
 * for a refused file), stored under a random key, then its row goes last in the playlist, with the audit
 * row, in one transaction. If the transaction fails, the stored file is removed.
 */
export async function addTrack(deps: MusicDeps, playlistId: number, input: TrackInput & { bytes: Uint8Array }): Promise<{ id: number; durationMs: number }> {
  const values = parsed(trackInput, { title: input.title, artist: input.artist });
  const [exists] = await deps.db.select({ id: playlists.id }).from(playlists).where(eq(playlists.id, playlistId));
  if (!exists) throw playlistNotFound(playlistId);
  const audio = await inspectAudio(input.bytes);
  const fileKey = `tracks/${playlistId}/${newToken(18)}.${audio.extension}`;
  await deps.store.put(fileKey, input.bytes);
  try {
    return await deps.db.transaction(async (tx) => {
      await lockPlaylist(tx, playlistId);
      const [row] = await tx
        .insert(tracks)
        .values({
          playlistId,
          title: values.title,
          artist: values.artist,
          durationMs: audio.durationMs,
          fileKey,
          mimeType: audio.mimeType,
          sizeBytes: input.bytes.length,
          position: sql`(select coalesce(max(${tracks.position}) + 1, 0) from ${tracks} where ${tracks.playlistId} = ${playlistId})`,
        })
        .returning();
      await deps.audit(tx, {
        entity: "playlist",
        entityId: playlistId,
        action: "track.add",
        after: { trackId: row!.id, title: values.title, artist: values.artist, durationMs: audio.durationMs, mimeType: audio.mimeType, sizeBytes: input.bytes.length, fileKey },
      });
      return { id: row!.id, durationMs: audio.durationMs };
    });
  } catch (error) {
    await deps.store.delete([fileKey]).catch((e: unknown) => deps.onError?.(e, "removing the file of a track that was not saved"));
    throw error;
  }
}

/** The playlist's tracks in order, locked (the playlist row is locked first: one change at a time). */
async function lockedTracks(tx: Db, playlistId: number) {
  await lockPlaylist(tx, playlistId);
  return tx.select().from(tracks).where(eq(tracks.playlistId, playlistId)).orderBy(asc(tracks.position), asc(tracks.id)).for("update");
}

/** Writes positions 0..n-1 in the given order. */
async function renumber(tx: Db, ordered: { id: number; position: number }[]) {
  for (const [position, t] of ordered.entries()) {
    if (t.position !== position) await tx.update(tracks).set({ position }).where(eq(tracks.id, t.id));
  }
}

/** Moves a track one place up or down in its playlist (at the ends nothing moves). */
export async function moveTrack(deps: MusicDeps, playlistId: number, input: { trackId: unknown; direction: unknown }): Promise<void> {
  const { trackId, direction } = parsed(moveInput, input);
  await deps.db.transaction(async (tx) => {
    const list = await lockedTracks(tx, playlistId);
    const from = list.findIndex((t) => t.id === trackId);
    if (from < 0) throw trackNotFound(trackId);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= list.length) return;
    const ordered = [...list];
    [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
    await renumber(tx, ordered);
    await deps.audit(tx, { entity: "playlist", entityId: playlistId, action: "track.move", before: { trackId, position: from }, after: { trackId, position: to } });
  });
}

/** Removes a track: its row goes in the transaction; its file is deleted once that has committed. */
export async function removeTrack(deps: MusicDeps, playlistId: number, trackIdInput: unknown): Promise<void> {
  const { trackId } = parsed(moveInput.pick({ trackId: true }), { trackId: trackIdInput });
  const fileKey = await deps.db.transaction(async (tx) => {
    const list = await lockedTracks(tx, playlistId);
    const track = list.find((t) => t.id === trackId);
    if (!track) throw trackNotFound(trackId);
    await tx.delete(tracks).where(eq(tracks.id, trackId));
    await renumber(
      tx,
      list.filter((t) => t.id !== trackId),
    );
    await deps.audit(tx, {
      entity: "playlist",
      entityId: playlistId,
      action: "track.remove",
      before: { trackId, title: track.title, artist: track.artist, durationMs: track.durationMs, fileKey: track.fileKey, position: track.position },
    });
    return track.fileKey;
  });
  await deps.store.delete([fileKey]).catch((e: unknown) => deps.onError?.(e, "deleting the file of a removed track"));
}
