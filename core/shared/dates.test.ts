import { describe, expect, it } from "vitest";
import { storeTime, storeWeekdayDate } from "./dates.ts";

describe("an event's day and time in the store's time", () => {
  it("reads in English as the event pages do", () => {
    // 00:00 UTC on June 16th is 8:00 PM on Tuesday the 15th in New York (EDT).
    expect(storeWeekdayDate("2027-06-16T00:00:00Z")).toBe("Tuesday, June 15, 2027");
    expect(storeTime("2027-06-16T00:00:00Z")).toBe("8:00 PM");
    expect(storeTime("2027-06-16T06:05:00Z")).toBe("2:05 AM");
  });

  it("reads in Spanish with the same rule as the other dates", () => {
    expect(storeWeekdayDate("2027-06-16T00:00:00Z", "es")).toBe("martes, 15 de junio de 2027");
    expect(storeTime("2027-06-16T00:00:00Z", "es")).toBe("8:00 p. m.");
    expect(storeTime("2027-01-01T17:30:00Z", "es")).toBe("12:30 p. m.");
  });
});
