/** Money is integer cents below the UI; these are the only places that round or format it. */

export const CURRENCY = "USD";
export const TAX_RATE_BASIS_POINTS = 800; // 8%

/** Rounds a non-negative amount of cents given as a fraction num/den half up to the nearest cent. */
export function roundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0) {
    throw new RangeError("roundHalfUp takes whole numbers and a positive denominator");
  }
  const sign = numerator < 0 ? -1 : 1;
  const abs = Math.abs(numerator);
  return sign * Math.floor((2 * abs + denominator) / (2 * denominator));
}

/** Tax on a subtotal: 8%, rounded half up to the cent, once per order. */
export function taxCents(subtotalCents: number): number {
  return roundHalfUp(subtotalCents * TAX_RATE_BASIS_POINTS, 10_000);
}

/** Converts a price written in dollars (as in the catalogue, "55" or "59.99") to cents without float drift. */
export function dollarsToCents(dollars: number | string): number {
  const text = typeof dollars === "number" ? dollars.toFixed(2) : dollars.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a price: ${dollars}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY });

/** "$55.00" */
export function formatCents(cents: number): string {
  return formatter.format(cents / 100);
}
