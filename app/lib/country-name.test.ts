import { describe, expect, it } from "vitest";
import { countryName } from "./format.ts";

describe("countryName", () => {
  it("names a stored country code in the page's language", () => {
    expect(countryName("en", "US")).toBe("United States");
    expect(countryName("es", "US")).toBe("Estados Unidos");
    expect(countryName("es", "MX")).toBe("México");
    expect(countryName("es", "DO")).toBe("República Dominicana");
  });

  it("shows a code it cannot name as stored", () => {
    expect(countryName("es", "")).toBe("");
    expect(countryName("es", "USA")).toBe("USA");
    expect(countryName("en", "1!")).toBe("1!");
  });
});
