/**
 * The store's words for the names of things (categories, colours, tags, list names, order lines, countries), in
 * a page's language, from a `t` of that language. Browser-safe: the catalogues are not imported whole here,
 * only the English ids of the colours and tags known, so both doors and the browser's pages name them alike.
 */
import type { MessageId } from "./ids.ts";
import shopMessages from "./messages/en/shop.json";
import tagMessages from "./messages/en/tags.json";
import { INTL_TAG, type Locale } from "../core/shared/locale.ts";

/** The default name of a shopper's first list, as stored (core/wishlist's DEFAULT_WISHLIST_NAME). */
const DEFAULT_WISHLIST_NAME = "My Favorites";

/** Each category's text id; CATEGORY_LABEL (app/lib/format.ts) is its English, kept for the back office and exports. */
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
export function stockText(t: (id: MessageId, values?: Record<string, number>) => string, variant: { available: number } | null): string {
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

/**
 * An item in the page's language, its options in brackets after the name: "Harlem Classic Tee (S / Negro)" (an
 * order line's, as core's describeItem writes it) or, with `", "`, "Harlem Classic Tee (S, Negro)" (the cart's).
 * The colour is named in the page's language; the name (the brand's) and the size stay as they are.
 */
export function itemLabel(t: (id: MessageId) => string, line: { name: string; size: string | null; color: string | null }, separator: ", " | " / " = " / "): string {
  const options = [line.size, line.color && colorLabel(t, line.color)].filter(Boolean).join(separator);
  return options ? `${line.name} (${options})` : line.name;
}
