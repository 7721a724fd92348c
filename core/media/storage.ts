import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { isMediaFileName, MEDIA_CONTENT_TYPES, mediaFormatOf } from "./rules.ts";

/** A stored file, opened for reading. */
export interface StoredFile {
  contentType: string;
  size: number;
  /** The file's bytes as a stream; read it once. */
  stream(): Readable;
}

/**
 * Where resized photographs are kept, by file name (`products/12/abc-640.webp`). An interface so that an
 * S3-compatible bucket can follow the local disk without the commands or the server changing. Names are
 * checked by every implementation (isMediaFileName): nothing outside the store can be named.
 */
export interface MediaStore {
  /** Stores the bytes under the name, replacing nothing (names are random). */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored file, or null when there is none (or the name is not one the store would write). */
  open(name: string): Promise<StoredFile | null>;
  /** Deletes the files; names with no file are skipped. */
  delete(names: readonly string[]): Promise<void>;
}

/** A name the store refuses to write or delete (a bug, not the user's doing: names are made by the store). */
export class BadMediaName extends Error {
  constructor(name: string) {
    super(`Not a media file name: ${JSON.stringify(name.slice(0, 100))}`);
    this.name = "BadMediaName";
  }
}

/**
 * The local disk under `root` (the server gives DATA_DIR/media). Each file is written to a temporary
 * name beside it and renamed into place, so a reader never sees half a file.
 */
export function createLocalMediaStore(root: string): MediaStore {
  const base = path.resolve(root);
  /** The file's path, or null when the name is not a media name or would leave the folder. */
  const pathOf = (name: string): string | null => {
    if (!isMediaFileName(name)) return null;
    const full = path.resolve(base, name);
    return full.startsWith(base + path.sep) ? full : null;
  };
  return {
    async put(name, bytes) {
      const full = pathOf(name);
      if (!full) throw new BadMediaName(name);
      await fsp.mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await fsp.writeFile(temp, bytes, { flag: "wx" });
        await fsp.rename(temp, full);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    async open(name) {
      const full = pathOf(name);
      const format = mediaFormatOf(name);
      if (!full || !format) return null;
      let stat: fs.Stats;
      try {
        stat = await fsp.stat(full);
      } catch {
        return null;
      }
      if (!stat.isFile()) return null;
      return { contentType: MEDIA_CONTENT_TYPES[format], size: stat.size, stream: () => fs.createReadStream(full) };
    },
    async delete(names) {
      for (const name of names) {
        const full = pathOf(name);
        if (!full) throw new BadMediaName(name);
        await fsp.rm(full, { force: true });
      }
    },
  };
}
