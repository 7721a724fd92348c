import { convertUsdCents, MINOR_UNIT_DIGITS, type DisplayCurrency, type ShownCurrency } from "../../core/currency/rules.ts";

export { formatCents } from "../../core/shared/money.ts";
// The names of things in a page's language live with the store's words (texts/labels.ts); pages import them here.
export { CATEGORY_LABEL_ID, categoryLabel, colorLabel, countryName, itemLabel, stockText, storedWishlistName, tagLabel, wishlistName } from "../../texts/labels.ts";

export const CATEGORY_LABEL: Record<string, string> = {
  apparel: "Apparel",
  accessories: "Accessories",
  music: "Music",
};

const currencyFormatters = new Map<DisplayCurrency, Intl.NumberFormat>();

/** An amount in a currency's minor unit, formatted for it: 5060 EUR -> "€50.60". */
export function formatMinorUnits(minor: number, currency: DisplayCurrency): string {
  let formatter = currencyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    currencyFormatters.set(currency, formatter);
  }
  return formatter.format(minor / 10 ** MINOR_UNIT_DIGITS[currency]);
}

/** A US price read in the shopper's currency, marked approximate: 5500 at EUR 0.92 -> "≈ €50.60" (a no-break space after the sign). */
export function formatApproximate(usdCents: number, shown: ShownCurrency): string {
  return `≈\u00a0${formatMinorUnits(convertUsdCents(usdCents, shown.rateMicros, shown.code), shown.code)}`;
}
