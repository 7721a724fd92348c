import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newClaimToken, newEntryCode, newSeed, rankCodes, rankKey, seedHashOf } from "./draw.ts";
import { ENTRY_CODE_ALPHABET, rafflePhase } from "./rules.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("the draw's arithmetic (ADR 0035)", () => {
  it("commits to sha256 of the seed's hex text, and ranks codes by sha256(seed + ':' + code), smallest first", () => {
    const seed = "a".repeat(64);
    expect(seedHashOf(seed)).toBe(sha256(seed));
    expect(rankKey(seed, "ABCDEFGHJK")).toBe(sha256(`${seed}:ABCDEFGHJK`));
    const codes = ["ABCDEFGHJK", "ZZZZZZZZZZ", "2345678923", "KKKKKKKKKK"];
    const ranked = rankCodes(seed, codes);
    expect([...ranked].sort()).toEqual([...codes].sort());
    const keys = ranked.map((c) => sha256(`${seed}:${c}`));
    expect(keys).toEqual([...keys].sort());
    // The same seed and codes give the same order, whatever order the codes come in.
    expect(rankCodes(seed, [...codes].reverse())).toEqual(ranked);
  });

  it("makes seeds of 64 hex characters, codes of 10 from its alphabet, and claim tokens kept as their hash", () => {
    expect(ENTRY_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(ENTRY_CODE_ALPHABET).size).toBe(32);
    expect(newSeed()).toMatch(/^[0-9a-f]{64}$/);
    for (let i = 0; i < 50; i++) expect(newEntryCode()).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const { token, hash } = newClaimToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(sha256(token));
  });
});

describe("a raffle's phase", () => {
  const raffle = { opensAt: new Date("2026-12-01T15:00:00Z"), closesAt: new Date("2026-12-02T01:00:00Z"), drawnAt: null, finishedAt: null };
  it("follows the window, then the draw and the end", () => {
    expect(rafflePhase(raffle, new Date("2026-12-01T14:59:59Z"))).toBe("upcoming");
    expect(rafflePhase(raffle, new Date("2026-12-01T15:00:00Z"))).toBe("open");
    expect(rafflePhase(raffle, new Date("2026-12-02T01:00:00Z"))).toBe("closed");
    expect(rafflePhase({ ...raffle, drawnAt: new Date("2026-12-02T01:00:01Z") }, new Date("2026-12-02T02:00:00Z"))).toBe("drawn");
    expect(rafflePhase({ ...raffle, drawnAt: new Date(), finishedAt: new Date() }, new Date())).toBe("finished");
  });
});
