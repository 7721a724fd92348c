import { randomBytes } from "node:crypto";
import { isbot } from "isbot";

/*
 * Per-request values that every page answer needs, made cheaply: they are asked for on every request,
 * also those answered from the page cache in a fraction of a millisecond.
 */

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * `size` bytes from the operating system's cryptographic generator, as randomBytes gives them: taken
 * from a pool filled 4 KB at a time, each byte handed out once.
 */
export function secureRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return randomBytes(size);
  if (offset + size > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
}

const MAX_REMEMBERED = 1000;
const bots = new Map<string, boolean>();

/** isbot, remembered for the user agents seen most recently (browsers send the same few over and over). */
export function isBot(userAgent: string): boolean {
  const known = bots.get(userAgent);
  if (known !== undefined) return known;
  const found = isbot(userAgent);
  if (bots.size >= MAX_REMEMBERED) bots.clear();
  if (userAgent.length <= 512) bots.set(userAgent, found);
  return found;
}
