import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  convertUsdCents,
  DISPLAY_CURRENCIES,
  FOREIGN_CURRENCIES,
  formatRate,
  MAX_RATE_MICROS,
  MIN_RATE_MICROS,
  MINOR_UNIT_DIGITS,
  offeredCurrencies,
  parseRate,
  RATE_SCALE,
  rateInBounds,
  roundHalfAwayFromZero,
  shownCurrency,
} from "./rules.ts";

const rate = fc.integer({ min: MIN_RATE_MICROS, max: MAX_RATE_MICROS });
const cents = fc.integer({ min: 0, max: 100_000_000 }); // up to a million dollars
const foreign = fc.constantFrom(...FOREIGN_CURRENCIES);

describe("rounding half away from zero", () => {
  it("rounds halves away from zero and everything else to the nearest", () => {
    expect(roundHalfAwayFromZero(5n, 2n)).toBe(3n); // 2.5
    expect(roundHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(roundHalfAwayFromZero(7n, 3n)).toBe(2n); // 2.33
    expect(roundHalfAwayFromZero(8n, 3n)).toBe(3n); // 2.67
    expect(roundHalfAwayFromZero(-8n, 3n)).toBe(-3n);
    expect(roundHalfAwayFromZero(0n, 7n)).toBe(0n);
    expect(() => roundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });
});

describe("converting US cents to another currency's minor unit", () => {
  it("converts the sample prices at plausible rates", () => {
    expect(convertUsdCents(5500, 920_000, "EUR")).toBe(5060); // $55.00 at 0.92 = €50.60
    expect(convertUsdCents(5500, 930_700, "EUR")).toBe(5119); // 5118.85 -> €51.19
    expect(convertUsdCents(8500, 786_543, "GBP")).toBe(6686); // 6685.6155 -> £66.86
    expect(convertUsdCents(3500, 17_050_000, "MXN")).toBe(59675); // MX$596.75
    expect(convertUsdCents(12000, 59_123_456, "DOP")).toBe(709481); // 709481.472 -> DOP 7,094.81
  });

  it("rounds a half minor unit up (away from zero), and less than a half down", () => {
    expect(convertUsdCents(1, 500_000, "EUR")).toBe(1); // 0.5 cent -> 1
    expect(convertUsdCents(3, 500_000, "EUR")).toBe(2); // 1.5 -> 2
    expect(convertUsdCents(1, 499_999, "EUR")).toBe(0); // 0.499999 -> 0
    expect(convertUsdCents(-3, 500_000, "EUR")).toBe(-2); // a refund-sized minus stays symmetric
    expect(convertUsdCents(0, 920_000, "GBP")).toBe(0);
  });

  it("is exact where floating point is not", () => {
    // 1.15 * 100 is 114.99999999999999 in floats; here $1.00 at 1.15 is exactly 115 cents.
    expect(convertUsdCents(100, 1_150_000, "EUR")).toBe(115);
    // A million dollars at the largest rate stays an exact integer.
    expect(convertUsdCents(100_000_000, MAX_RATE_MICROS, "DOP")).toBe(1_000_000_000_000);
  });

  it("refuses rates out of bounds and fractions of a cent", () => {
    expect(() => convertUsdCents(100, 0, "EUR")).toThrow(RangeError);
    expect(() => convertUsdCents(100, MAX_RATE_MICROS + 1, "EUR")).toThrow(RangeError);
    expect(() => convertUsdCents(1.5, 920_000, "EUR")).toThrow(RangeError);
  });

  it("is within half a minor unit of the exact amount", () => {
    fc.assert(
      fc.property(cents, rate, foreign, (c, r, currency) => {
        const scale = 10n ** BigInt(MINOR_UNIT_DIGITS[currency]);
        const exactTimesDen = BigInt(c) * BigInt(r) * scale; // the exact amount, times the denominator
        const den = 100n * BigInt(RATE_SCALE);
        const error = BigInt(convertUsdCents(c, r, currency)) * den - exactTimesDen;
        const abs = error < 0n ? -error : error;
        return 2n * abs <= den && (2n * abs < den || error > 0n); // a tie goes up
      }),
    );
  });

  it("keeps order: a dearer price never reads cheaper", () => {
    fc.assert(fc.property(cents, cents, rate, foreign, (a, b, r, currency) => (a <= b ? convertUsdCents(a, r, currency) <= convertUsdCents(b, r, currency) : true)));
  });

  it("reads a rate of exactly 1 as the same number of cents", () => {
    fc.assert(fc.property(cents, foreign, (c, currency) => convertUsdCents(c, RATE_SCALE, currency) === c));
  });

  it("agrees with Intl on each currency's minor unit", () => {
    for (const currency of DISPLAY_CURRENCIES) {
      expect(new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits).toBe(MINOR_UNIT_DIGITS[currency]);
    }
  });
});

describe("rates as text", () => {
  it("reads plain decimals with up to six decimals", () => {
    expect(parseRate("0.92")).toBe(920_000);
    expect(parseRate(" 59.123456 ")).toBe(59_123_456);
    expect(parseRate("17")).toBe(17_000_000);
    for (const bad of ["", ".5", "1.", "-1", "1e3", "0.1234567", "1,5", "NaN", "1 000", "0x10"]) expect(parseRate(bad)).toBeNull();
  });

  it("writes a rate back as it reads", () => {
    expect(formatRate(920_000)).toBe("0.92");
    expect(formatRate(17_000_000)).toBe("17.00");
    expect(formatRate(59_123_456)).toBe("59.123456");
    fc.assert(fc.property(rate, (r) => parseRate(formatRate(r)) === r));
  });

  it("bounds a rate between 0.0001 and 10,000", () => {
    expect(rateInBounds(MIN_RATE_MICROS)).toBe(true);
    expect(rateInBounds(MIN_RATE_MICROS - 1)).toBe(false);
    expect(rateInBounds(MAX_RATE_MICROS)).toBe(true);
    expect(rateInBounds(MAX_RATE_MICROS + 1)).toBe(false);
  });
});

describe("which currency a shopper sees", () => {
  const rates = [{ currency: "EUR" as const, rateMicros: 920_000 }];

  it("offers US dollars and each currency with a rate, nothing else", () => {
    expect(offeredCurrencies([])).toEqual(["USD"]);
    expect(offeredCurrencies([...rates, { currency: "DOP", rateMicros: 59_000_000 }])).toEqual(["USD", "EUR", "DOP"]);
  });

  it("shows the chosen currency only while it has a rate; otherwise US dollars", () => {
    expect(shownCurrency("EUR", rates)).toEqual({ code: "EUR", rateMicros: 920_000 });
    expect(shownCurrency("GBP", rates)).toBeNull();
    expect(shownCurrency("USD", rates)).toBeNull();
    expect(shownCurrency("XYZ", rates)).toBeNull();
    expect(shownCurrency(null, rates)).toBeNull();
    expect(shownCurrency("EUR", [])).toBeNull();
  });
});
