import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pictures } from "../../db/schema/index.ts";
import { newToken } from "../shared/ids.ts";
import { MediaError } from "./errors.ts";
import { processImage } from "./process.ts";
import { mediaFileName, mediaFileNames, type StoredImageRecord } from "./rules.ts";
import type { MediaStore } from "./storage.ts";

/**
 * Stored images not tied to a product: the photographs of stories, looks, events and playlist covers. The
 * resizing and storing is the one product photos use (storeImage); the owner's row points at a `pictures`
 * row and keeps the description.
 */

/** An image checked, resized and written to the store: its record, and the names of every file written. */
export interface StoredImage extends StoredImageRecord {
  names: string[];
}

/** A stored picture's record by its id, or null (for an owner read without a join). */
export async function pictureById(db: Db, id: number | null): Promise<(StoredImageRecord & { id: number }) | null> {
  if (id === null) return null;
  const [row] = await db.select({ id: pictures.id, key: pictures.key, width: pictures.width, height: pictures.height, widths: pictures.widths }).from(pictures).where(eq(pictures.id, id));
  return row ?? null;
}

/** Where the pictures of the culture pages are stored (`pictures/<random>-<width>.<format>`). */
export const PICTURE_KEY_PREFIX = "pictures";

/**
 * Checks an upload by its content, resizes it once into every width and format, and writes the files under
 * `${prefix}/<random>`. Nothing is written for a refused file; if a write fails, the files already written are
 * removed before the error goes on. The caller deletes `names` if what it saves with them fails.
 */
export async function storeImage(store: MediaStore, bytes: Uint8Array, prefix: string): Promise<StoredImage> {
  const processed = await processImage(bytes);
  const key = `${prefix}/${newToken(18)}`;
  const names: string[] = [];
  try {
    for (const file of processed.files) {
      const name = mediaFileName(key, file.width, file.format);
      names.push(name);
      await store.put(name, file.bytes, file.contentType);
    }
  } catch (error) {
    await store.delete(names).catch(() => undefined);
    throw error;
  }
  return { key, width: processed.width, height: processed.height, widths: processed.widths, names };
}

/** Deletes files after a commit; a failure is told, never thrown (the change itself stands). */
export async function deleteMediaFiles(store: MediaStore, names: readonly string[], onError: ((error: unknown, what: string) => void) | undefined, what: string): Promise<void> {
  if (names.length === 0) return;
  try {
    await store.delete(names);
  } catch (error) {
    onError?.(error, what);
  }
}

/**
 * What a save does with its owner's photograph: `bytes` a new upload (it replaces the one before), else
 * `keep` false lets the current one go (the drawn art is shown again). Deletes pass only the store.
 */
export interface PictureChange {
  store: MediaStore;
  bytes?: Uint8Array | null;
  keep?: boolean;
  onError?: (error: unknown, what: string) => void;
}

/** The picture side of one transaction: what the owner row should point at now, and how to let one go. */
export interface PictureStep {
  /** The new upload's row, inserted in this transaction, or null. */
  added: (StoredImageRecord & { id: number }) | null;
  /** The picture id the owner keeps after this save, releasing the current one when it is replaced or dropped. */
  choose(currentId: number | null): Promise<number | null>;
  /** Deletes the picture's row now and its files after the commit (an owner being deleted). */
  release(id: number | null): Promise<void>;
}

/** The field an upload's problem is shown next to on the culture forms. */
export const PICTURE_FIELD = "photo";

/**
 * Runs `work` in one transaction with the picture change: a new upload is checked and stored first (a refused
 * file writes nothing and its MediaError names the form's photo field), its row inserted in the transaction.
 * If the transaction fails, the new files are removed; once it has committed, the files of released pictures
 * are deleted.
 */
export async function withPicture<T>(db: Db, change: PictureChange | undefined, work: (tx: Db, step: PictureStep) => Promise<T>): Promise<T> {
  let stored: StoredImage | null = null;
  if (change?.bytes && change.bytes.length > 0) {
    try {
      stored = await storeImage(change.store, change.bytes, PICTURE_KEY_PREFIX);
    } catch (error) {
      if (error instanceof MediaError && error.field === "file") throw new MediaError(error.code, error.text, { ...error.details, field: PICTURE_FIELD });
      throw error;
    }
  }
  const released: string[] = [];
  try {
    const result = await db.transaction(async (tx) => {
      const release = async (id: number | null) => {
        if (id === null) return;
        const [gone] = await tx.delete(pictures).where(eq(pictures.id, id)).returning();
        if (gone) released.push(...mediaFileNames(gone.key, gone.widths));
      };
      let added: PictureStep["added"] = null;
      if (stored) {
        const [row] = await tx.insert(pictures).values({ key: stored.key, width: stored.width, height: stored.height, widths: stored.widths }).returning();
        added = { id: row!.id, key: row!.key, width: row!.width, height: row!.height, widths: row!.widths };
      }
      const step: PictureStep = {
        added,
        async choose(currentId) {
          if (added) {
            if (currentId !== added.id) await release(currentId);
            return added.id;
          }
          if (change?.keep === false) {
            await release(currentId);
            return null;
          }
          return currentId;
        },
        release,
      };
      return work(tx, step);
    });
    if (change) await deleteMediaFiles(change.store, released, change.onError, "deleting the files of a picture let go");
    return result;
  } catch (error) {
    if (stored && change) await deleteMediaFiles(change.store, stored.names, change.onError, "removing the files of a picture that was not saved");
    throw error;
  }
}
