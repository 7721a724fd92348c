import { describe, expect, it } from "vitest";
import { dollarsToCents, formatCents, roundHalfUp, taxCents } from "./money.ts";

describe("money", () => {
  it("rounds half up to the cent", () => {
    expect(roundHalfUp(5, 10)).toBe(1); // 0.5 -> 1
    expect(roundHalfUp(4, 10)).toBe(0);
    expect(roundHalfUp(15, 10)).toBe(2);
    expect(roundHalfUp(-5, 10)).toBe(-1);
  });

  it("taxes 8% of the subtotal, half up", () => {
    expect(taxCents(5500)).toBe(440);
    expect(taxCents(1)).toBe(0); // 0.08 cents
    expect(taxCents(7)).toBe(1); // 0.56 cents
    expect(taxCents(1999)).toBe(160); // 159.92
    expect(taxCents(6250)).toBe(500);
    expect(taxCents(3106)).toBe(248); // 248.48
    expect(taxCents(3125)).toBe(250); // exactly 250
    expect(taxCents(3131)).toBe(250); // 250.48
    expect(taxCents(6)).toBe(0); // 0.48
    expect(taxCents(19)).toBe(2); // 1.52
    expect(taxCents(3106 + 6)).toBe(249); // 248.96
  });

  it("reads dollar prices into cents without float drift", () => {
    expect(dollarsToCents(55)).toBe(5500);
    expect(dollarsToCents("59.99")).toBe(5999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents("12.5")).toBe(1250);
    expect(() => dollarsToCents("abc")).toThrow(RangeError);
  });

  it("formats cents as dollars", () => {
    expect(formatCents(5500)).toBe("$55.00");
    expect(formatCents(123456)).toBe("$1,234.56");
  });
});
