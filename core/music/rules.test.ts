import { describe, expect, it } from "vitest";
import { formatClock, formatLength, isAudioFileKey, isoLength, nextIndex, playlistTotals, previousIndex, slugFromTitle, trackCount } from "./rules.ts";

describe("music rules", () => {
  it("shows a player's clock, rounding seconds down", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(83_999)).toBe("1:23");
    expect(formatClock(3_723_000)).toBe("1:02:03");
    expect(formatClock(Number.NaN)).toBe("0:00");
    expect(formatClock(-5)).toBe("0:00");
  });

  it("says a playlist's length in minutes and seconds, or hours and minutes", () => {
    expect(formatLength(45_000)).toBe("45 s");
    expect(formatLength(155_400)).toBe("2 min 35 s");
    expect(formatLength(120_000)).toBe("2 min");
    expect(formatLength(24 * 60_000 + 20_000)).toBe("24 min");
    expect(formatLength(72 * 60_000)).toBe("1 hr 12 min");
    expect(formatLength(120 * 60_000)).toBe("2 hr");
    expect(isoLength(155_400)).toBe("PT2M35S");
    expect(isoLength(3_600_000)).toBe("PT1H");
    expect(isoLength(0)).toBe("PT0S");
  });

  it("counts and sums a playlist from its tracks", () => {
    expect(playlistTotals([{ durationMs: 30_000 }, { durationMs: 25_500 }])).toEqual({ trackCount: 2, durationMs: 55_500 });
    expect(playlistTotals([])).toEqual({ trackCount: 0, durationMs: 0 });
    expect(trackCount(1)).toBe("1 track");
    expect(trackCount(4)).toBe("4 tracks");
  });

  it("moves through a queue: next stops at the end, previous restarts a track that has played a while", () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBeNull();
    expect(previousIndex(2, 1)).toBe(1);
    expect(previousIndex(2, 10)).toBe(2);
    expect(previousIndex(0, 1)).toBe(0);
  });

  it("takes only the store's own audio keys", () => {
    expect(isAudioFileKey("tracks/3/abc_D-1.mp3")).toBe(true);
    expect(isAudioFileKey("seed/mix-1-0123456789ab.mp3")).toBe(true);
    expect(isAudioFileKey("../etc/passwd")).toBe(false);
    expect(isAudioFileKey("tracks/a.mp3/../b.mp3")).toBe(false);
    expect(isAudioFileKey("tracks/a.wav")).toBe(false);
  });

  it("makes slugs from titles", () => {
    expect(slugFromTitle("Block Party Anthems!")).toBe("block-party-anthems");
    expect(slugFromTitle("Música del Barrio")).toBe("musica-del-barrio");
    expect(slugFromTitle("!!!")).toBe("");
  });
});
