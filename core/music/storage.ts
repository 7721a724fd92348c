import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { isAudioFileKey } from "./rules.ts";

/**
 * Where audio files are kept, by key ("tracks/abc.mp3"): DATA_DIR/media/audio on the local disk. A key is
 * random per upload (seeded files carry their content's hash), so a file never changes under its key and
 * may be cached for a year. Only keys of AUDIO_FILE_PATTERN are ever written, read or deleted.
 */
export interface AudioStore {
  /** The folder served at /audio (express.static answers Range requests from it). */
  readonly root: string;
  put(key: string, bytes: Uint8Array): Promise<void>;
  has(key: string): Promise<boolean>;
  delete(keys: readonly string[]): Promise<void>;
}

export function createLocalAudioStore(root: string): AudioStore {
  const base = path.resolve(root);
  const pathOf = (key: string): string => {
    const full = path.resolve(base, key);
    if (!isAudioFileKey(key) || !full.startsWith(base + path.sep)) throw new Error(`Not an audio file key: ${JSON.stringify(key.slice(0, 100))}`);
    return full;
  };
  return {
    root: base,
    async put(key, bytes) {
      const full = pathOf(key);
      await fsp.mkdir(path.dirname(full), { recursive: true });
      // Written beside its place and renamed, so a listener never gets half a file.
      const temp = `${full}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await fsp.writeFile(temp, bytes, { flag: "wx" });
        await fsp.rename(temp, full);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    async has(key) {
      try {
        return (await fsp.stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(keys) {
      for (const key of keys) await fsp.rm(pathOf(key), { force: true });
    },
  };
}
