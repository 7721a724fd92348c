import { describe, expect, it } from "vitest";
import { checkInMessage, isPast, nextYearlyOccurrence, partiesToPromote, storeLocalToInstant, instantToStoreLocal, storeTimeOfDay } from "./rules.ts";

describe("the store's clock", () => {
  it("reads New York wall-clock times in summer and winter", () => {
    expect(storeLocalToInstant("2027-06-15T20:00").toISOString()).toBe("2027-06-16T00:00:00.000Z");
    expect(storeLocalToInstant("2027-01-15T20:00").toISOString()).toBe("2027-01-16T01:00:00.000Z");
    expect(instantToStoreLocal(new Date("2027-06-16T00:00:00Z"))).toBe("2027-06-15T20:00");
    expect(storeTimeOfDay(new Date("2027-06-16T00:42:00Z"))).toBe("8:42 PM");
  });

  it("puts a yearly date at its next occurrence, never in the past", () => {
    expect(nextYearlyOccurrence(new Date("2027-06-15T23:59:00Z"), 6, 15, "20:00").toISOString()).toBe("2027-06-16T00:00:00.000Z");
    expect(nextYearlyOccurrence(new Date("2027-06-16T00:00:01Z"), 6, 15, "20:00").toISOString()).toBe("2028-06-16T00:00:00.000Z");
  });

  it("says an event is past once it has ended", () => {
    const now = new Date("2027-06-16T05:00:00Z");
    expect(isPast({ endsAt: new Date("2027-06-16T06:00:00Z") }, now)).toBe(false);
    expect(isPast({ endsAt: new Date("2027-06-16T05:00:00Z") }, now)).toBe(true);
  });
});

describe("the waitlist", () => {
  it("moves whole parties up in order, letting a smaller one behind a too-big one go ahead", () => {
    expect(partiesToPromote([{ id: 1, partySize: 3 }, { id: 2, partySize: 2 }, { id: 3, partySize: 1 }], 3)).toEqual([1]);
    expect(partiesToPromote([{ id: 1, partySize: 4 }, { id: 2, partySize: 2 }, { id: 3, partySize: 1 }], 3)).toEqual([2, 3]);
    expect(partiesToPromote([{ id: 1, partySize: 2 }], 0)).toEqual([]);
  });
});

describe("the door", () => {
  it("tells when a used ticket was used", () => {
    expect(checkInMessage({ kind: "already", at: new Date("2027-06-16T00:42:00Z") })).toBe("Already checked in at 8:42 PM on June 15.");
    expect(checkInMessage({ kind: "unknown" })).toMatch(/No ticket has this code/);
  });
});
