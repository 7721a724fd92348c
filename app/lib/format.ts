import { convertUsdCents, MINOR_UNIT_DIGITS, type DisplayCurrency, type ShownCurrency } from "../../core/currency/rules.ts";

export { formatCents } from "../../core/shared/money.ts";
import type { MessageId } from "../i18n/index.ts";
import shopMessages from "../i18n/messages/en/shop.json";
import type { VariantOption } from "../../core/catalog/rules.ts";
import tagMessages from "../i18n/messages/en/tags.json";
import { DEFAULT_WISHLIST_NAME } from "../../core/wishlist/rules.ts";
import { INTL_TAG, type Locale } from "../../core/shared/locale.ts";

/** Each category's text id; CATEGORY_LABEL below is its English, kept for the back office and exports. */
export const CATEGORY_LABEL_ID: Readonly<Record<string, MessageId>> = {
  apparel: "shop.category.apparel",
  accessories: "shop.category.accessories",
  music: "shop.category.music",
};

/** A category's name in the page's language: `categoryLabel(t, product.category)`. */
export function categoryLabel(t: (id: MessageId) => string, category: string): string {
  const id = CATEGORY_LABEL_ID[category];
  return id ? t(id) : category;
}

/** The catalogue's stock wording (core's stockLabel) in the page's language: "Select size and color...", "35 in stock", "Out of stock". */
export function stockText(t: (id: MessageId, values?: Record<string, number>) => string, variant: VariantOption | null): string {
  if (!variant) return t("shop.stock.choose");
  return variant.available > 0 ? t("shop.stock.inStock", { count: variant.available }) : t("shop.stock.out");
}

const COLOR_IDS: ReadonlySet<string> = new Set(Object.keys(shopMessages).filter((id) => id.startsWith("shop.color.")));

/**
 * A variant colour's name in the page's language: `colorLabel(t, variant.color)`. Only the label is
 * translated: stored colours, form values and addresses (?color=Black) stay English. A colour the
 * catalogue has no text for is shown as it is stored.
 */
export function colorLabel(t: (id: MessageId) => string, color: string): string {
  const id = `shop.color.${color.replace(/\s+/g, "")}`;
  return COLOR_IDS.has(id) ? t(id as MessageId) : color;
}

const TAG_IDS: ReadonlySet<string> = new Set(Object.keys(tagMessages));

/**
 * A product tag's text in the page's language: `tagLabel(t, "cotton")` is "algodón" on a Spanish page. Only
 * the label is translated: stored tags, search links (?q=cotton) and the back office keep the English. A tag
 * the glossary has no text for (a name, a word the same in both languages, a new tag) is shown as written.
 */
export function tagLabel(t: (id: MessageId) => string, tag: string): string {
  const id = `shop.tag.${tag}`;
  return TAG_IDS.has(id) ? t(id as MessageId) : tag;
}

/**
 * A wishlist's name as a page shows it: the first list's default name ("My Favorites", as stored) in the
 * page's language; any other name, a renamed first list's too, as the shopper wrote it.
 */
export function wishlistName(t: (id: MessageId) => string, name: string): string {
  return name === DEFAULT_WISHLIST_NAME ? t("wishlist.defaultName") : name;
}

/** A list name sent from a page back as stored: the default name in the page's language is the default name. */
export function storedWishlistName(t: (id: MessageId) => string, name: string | undefined): string | undefined {
  return name !== undefined && name.trim() === t("wishlist.defaultName") ? DEFAULT_WISHLIST_NAME : name;
}

const regionNames = new Map<Locale, Intl.DisplayNames>();

/**
 * A country's name in the page's language, from its stored code: "US" is "United States" on an English page
 * and "Estados Unidos" on a Spanish one. Addresses keep the code; a code without a name is shown as stored.
 */
export function countryName(locale: Locale, code: string): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([INTL_TAG[locale]], { type: "region", fallback: "code" });
    regionNames.set(locale, names);
  }
  try {
    return /^[A-Za-z]{2}$/.test(code) ? (names.of(code.toUpperCase()) ?? code) : code;
  } catch {
    return code;
  }
}

/** An order line in the page's language, as core's describeItem writes it: "Harlem Classic Tee (S / Negro)". */
export function itemLabel(t: (id: MessageId) => string, line: { name: string; size: string | null; color: string | null }): string {
  const options = [line.size, line.color && colorLabel(t, line.color)].filter(Boolean).join(" / ");
  return options ? `${line.name} (${options})` : line.name;
}

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
