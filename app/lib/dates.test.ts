import { describe, expect, it } from "vitest";
import { storeDate, storeDateTime } from "./dates.ts";

describe("dates in the store's time", () => {
  it("gives the New York day, not the UTC one, late in the evening", () => {
    // 01:30 UTC on the 24th is 8:30 PM on the 23rd in New York (EST, UTC-5).
    expect(storeDate("2026-11-24T01:30:00Z")).toBe("November 23, 2026");
    expect(storeDateTime("2026-11-24T01:30:00Z")).toBe("November 23, 2026, 8:30 PM ET");
  });

  it("follows daylight saving time", () => {
    // 03:05 UTC on July 4th is 11:05 PM on July 3rd (EDT, UTC-4).
    expect(storeDateTime(new Date("2026-07-04T03:05:00Z"))).toBe("July 3, 2026, 11:05 PM ET");
    expect(storeDate(new Date("2026-07-04T04:00:00Z"))).toBe("July 4, 2026");
  });

  it("speaks Spanish on Spanish pages, in the same store time", () => {
    expect(storeDate("2026-11-24T01:30:00Z", "es")).toBe("23 de noviembre de 2026");
    expect(storeDateTime("2026-11-24T01:30:00Z", "es")).toBe("23 de noviembre de 2026, 8:30 p. m. ET");
  });
});
