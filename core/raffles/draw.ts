/**
 * The draw's arithmetic (ADR 0035), public so anyone can repeat it: the seed is 32 random bytes written as
 * 64 lower-case hex characters; its published hash is sha256(seed) over that text; an entry's place is
 * sha256(seed + ":" + code) as lower-case hex, smallest first (hex strings of one length sort as their
 * numbers). Node-only (node:crypto): pages import the texts from rules.ts, not this.
 */
import { createHash, randomBytes } from "node:crypto";
import { ENTRY_CODE_ALPHABET, ENTRY_CODE_LENGTH } from "./rules.ts";

export const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** A new secret seed: 64 hex characters. */
export const newSeed = () => randomBytes(32).toString("hex");

/** The seed's public commitment. */
export const seedHashOf = (seed: string) => sha256Hex(seed);

/** An entry's ranking key under a seed. */
export const rankKey = (seed: string, code: string) => sha256Hex(`${seed}:${code}`);

/** The codes in drawn order: by rankKey ascending (a tie, never seen in practice, by code). */
export function rankCodes(seed: string, codes: readonly string[]): string[] {
  return codes
    .map((code) => ({ code, key: rankKey(seed, code) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((e) => e.code);
}

/** A new entry code: 10 characters of a 32-letter alphabet (50 bits). */
export function newEntryCode(): string {
  const bytes = randomBytes(ENTRY_CODE_LENGTH);
  return Array.from(bytes, (b) => ENTRY_CODE_ALPHABET[b % 32]).join("");
}

/** A claim link's token (32 random bytes, base64url) and the hash kept of it. */
export function newClaimToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: sha256Hex(token) };
}
