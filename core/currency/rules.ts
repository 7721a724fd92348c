/**
 * Showing prices in a shopper's currency. The store prices, charges and records everything in US dollars
 * (core/shared/money.ts); another currency is only a way of reading a price, at a rate an administrator
 * set, and is always marked as approximate. Pure (no database), so price components in the browser use it.
 */

/** The currencies a shopper may choose, in the order the choosers list them. USD is the store's own. */
export const DISPLAY_CURRENCIES = ["USD", "EUR", "GBP", "MXN", "DOP"] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
/** The currencies that need a rate before they are offered. */
export const FOREIGN_CURRENCIES = ["EUR", "GBP", "MXN", "DOP"] as const satisfies readonly Exclude<DisplayCurrency, "USD">[];
export type ForeignCurrency = (typeof FOREIGN_CURRENCIES)[number];

export const CURRENCY_NAMES: Record<DisplayCurrency, string> = {
  USD: "US dollar",
  EUR: "Euro",
  GBP: "British pound",
  MXN: "Mexican peso",
  DOP: "Dominican peso",
};

/** Digits of each currency's minor unit (ISO 4217): cents for all of them. */
export const MINOR_UNIT_DIGITS: Record<DisplayCurrency, number> = { USD: 2, EUR: 2, GBP: 2, MXN: 2, DOP: 2 };

/**
 * A rate is how many units of the currency one US dollar buys (EUR 0.92, DOP 59.1), kept exactly as an
 * integer count of millionths (0.92 is 920000): six decimals, no float ever stored or multiplied.
 */
export const RATE_DECIMALS = 6;
export const RATE_SCALE = 1_000_000;
/** Sane bounds for a rate: 0.0001 to 10,000 units per dollar (the currencies above sit well inside). */
export const MIN_RATE_MICROS = 100;
export const MAX_RATE_MICROS = 10_000 * RATE_SCALE;

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === "string" && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

export function isForeignCurrency(value: unknown): value is ForeignCurrency {
  return typeof value === "string" && (FOREIGN_CURRENCIES as readonly string[]).includes(value);
}

const RATE_TEXT = /^(\d{1,6})(?:\.(\d{1,6}))?$/;

/** "0.92" -> 920000; null when the text is not a plain decimal with at most six decimals. Bounds are not checked here. */
export function parseRate(text: string): number | null {
  const match = RATE_TEXT.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * RATE_SCALE + Number((match[2] ?? "").padEnd(RATE_DECIMALS, "0"));
}

/** 920000 -> "0.92" (trailing zeros dropped, at least two decimals kept: "1.00", "59.125"). */
export function formatRate(rateMicros: number): string {
  const whole = Math.floor(rateMicros / RATE_SCALE);
  const fraction = String(rateMicros % RATE_SCALE).padStart(RATE_DECIMALS, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${whole}.${fraction}`;
}

export function rateInBounds(rateMicros: number): boolean {
  return Number.isInteger(rateMicros) && rateMicros >= MIN_RATE_MICROS && rateMicros <= MAX_RATE_MICROS;
}

/** numerator / denominator rounded to the nearest whole number, a half away from zero (2.5 -> 3, -2.5 -> -3). */
export function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("the denominator must be positive");
  const sign = numerator < 0n ? -1n : 1n;
  const abs = numerator < 0n ? -numerator : numerator;
  return sign * ((2n * abs + denominator) / (2n * denominator));
}

/**
 * A price in US cents as an amount of the currency's minor unit: usdCents / 100 * rate, rounded once, half
 * away from zero, to the minor unit. Exact (integer arithmetic throughout), so the same price always reads
 * the same. Each amount shown is converted on its own from its USD figure (a total is the converted USD
 * total, not a sum of converted lines): what is charged is the USD total.
 */
export function convertUsdCents(usdCents: number, rateMicros: number, currency: DisplayCurrency): number {
  if (!Number.isSafeInteger(usdCents)) throw new RangeError("usdCents must be a whole number of cents");
  if (!rateInBounds(rateMicros)) throw new RangeError("the rate is out of bounds");
  const scale = 10n ** BigInt(MINOR_UNIT_DIGITS[currency]);
  const numerator = BigInt(usdCents) * BigInt(rateMicros) * scale;
  const denominator = 100n * BigInt(RATE_SCALE);
  return Number(roundHalfAwayFromZero(numerator, denominator));
}

/** A rate an administrator set. */
export interface ExchangeRate {
  currency: ForeignCurrency;
  rateMicros: number;
}

/** The currency prices are shown in, with its rate; null means US dollars (no conversion). */
export interface ShownCurrency {
  code: ForeignCurrency;
  rateMicros: number;
}

/** What a shopper may choose: US dollars, and each currency that has a rate. */
export function offeredCurrencies(rates: readonly ExchangeRate[]): DisplayCurrency[] {
  return DISPLAY_CURRENCIES.filter((c) => c === "USD" || rates.some((r) => r.currency === c));
}

/** The chosen currency if it has a rate; anything else (USD, an unknown code, a currency whose rate was cleared) is US dollars. */
export function shownCurrency(chosen: string | null | undefined, rates: readonly ExchangeRate[]): ShownCurrency | null {
  if (!isForeignCurrency(chosen)) return null;
  const rate = rates.find((r) => r.currency === chosen);
  return rate && rateInBounds(rate.rateMicros) ? { code: chosen, rateMicros: rate.rateMicros } : null;
}
