/** Pure catalogue rules shared by the server and the product card. No database, no React. */
import { fieldTextsOf } from "../shared/text.ts";

/** The product and variant forms' field messages (inputs.ts): ids of the catalogue (texts/messages/<locale>/admin.json). */
export const catalogField = fieldTextsOf({
  "admin.domain.productSlugFormat": [],
  "admin.domain.basePriceRequired": [],
  "admin.domain.basePriceFormat": [],
  "admin.domain.priceRequired": [],
  "admin.domain.priceFormat": [],
  "admin.domain.seoTitleTooLong": ["max"],
  "admin.domain.seoDescriptionTooLong": ["max"],
  "admin.domain.descriptionEsMustBeAtMost": ["max"],
  "admin.domain.seoTitleEsTooLong": ["max"],
  "admin.domain.seoDescriptionEsTooLong": ["max"],
  "admin.domain.tagTooLong": ["max"],
  "admin.domain.tooManyTags": ["max"],
  "admin.domain.reloadAndRetry": [],
  "admin.domain.limitPerCustomer": [],
  "admin.domain.queueCapacity": [],
  "admin.domain.queueRatePerMinute": [],
  "admin.domain.queueCheckoutMinutes": [],
  "admin.domain.productNameRequired": [],
  "admin.domain.productNameTooLong": ["max"],
  "admin.domain.productSlugTooLong": ["max"],
  "admin.domain.productDescriptionRequired": [],
  "admin.domain.productDescriptionTooLong": ["max"],
  "admin.domain.productCategory": [],
  "admin.domain.productArt": [],
  "admin.domain.productStatus": [],
  "admin.domain.variantSizeTooLong": ["max"],
  "admin.domain.variantColorTooLong": ["max"],
  "api.domain.fieldWholeNumber": [],
  "admin.domain.enterAtMost": ["max"],
  "admin.domain.skuTooLong": ["max"],
  "admin.domain.skuFormat": [],
});

/** Low-stock threshold: 20% of the initial stock, rounded down, clamped to 2..10. */
export function lowStockThreshold(initialStock: number): number {
  return Math.min(10, Math.max(2, Math.floor(initialStock * 0.2)));
}

export const COLOR_HEX: Readonly<Record<string, string>> = {
  black: "#000000",
  white: "#FFFFFF",
  navy: "#000080",
  gray: "#808080",
  grey: "#808080",
  red: "#FF0000",
  blue: "#0000FF",
  green: "#008000",
  yellow: "#FFFF00",
  orange: "#FFA500",
  purple: "#800080",
  pink: "#FFC0CB",
  brown: "#A52A2A",
  beige: "#F5F5DC",
  cream: "#FFFDD0",
  maroon: "#800000",
  olive: "#808000",
  teal: "#008080",
  silver: "#C0C0C0",
};
export const UNKNOWN_COLOR_HEX = "#D3D3D3"; // light grey

export function colorHex(color: string): string {
  return COLOR_HEX[color.trim().toLowerCase()] ?? UNKNOWN_COLOR_HEX;
}

/** Relative luminance (0 dark .. 1 light) of a #RRGGBB colour, per WCAG. */
export function luminance(hex: string): number {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new RangeError(`Not a hex colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The check mark on a selected swatch: black on light swatches (luminance above 0.5), else white. */
export function checkMarkColor(color: string): "black" | "white" {
  return luminance(colorHex(color)) > 0.5 ? "black" : "white";
}

/** Shows at most `max` items and says how many more there are. */
export function truncate<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}
export const MAX_SWATCHES = 4;
export const MAX_TAGS = 3;

export interface VariantOption {
  id: number;
  size: string | null;
  color: string | null;
  /** Effective unit price in cents: the variant's own, else the product's base price. */
  priceCents: number;
  /** What can still be sold (the variant's available column). */
  available: number;
}

// One collator for every comparison: localeCompare with options builds a new one per call.
const byText = new Intl.Collator("en", { sensitivity: "base" }).compare;

/** Garment sizes, smallest first: the order a shopper reads a size run in (ADR 0021). */
export const GARMENT_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;

const garmentRank = new Map<string, number>(GARMENT_SIZES.map((s, i) => [s, i]));

/**
 * Sizes in garment order: XS, S, M, L, XL, XXL (whatever their case), then every other size (an
 * edition such as "Standard" or "Deluxe", a ticket type) in the order it came, which for a product's
 * variants is the order they were created in. The sort is stable, so "the order it came" holds.
 */
export function sortSizes(sizes: Iterable<string>): string[] {
  const rank = (s: string) => garmentRank.get(s.trim().toUpperCase()) ?? GARMENT_SIZES.length;
  return [...sizes].sort((a, b) => rank(a) - rank(b));
}

/** Sizes (garment order, see sortSizes) and colours (alphabetical) offered, each listed once. */
export function optionValues(variants: readonly VariantOption[]): { sizes: string[]; colors: string[] } {
  const sizes = new Set<string>();
  const colors = new Set<string>();
  for (const v of variants) {
    if (v.size) sizes.add(v.size);
    if (v.color) colors.add(v.color);
  }
  return { sizes: sortSizes(sizes), colors: [...colors].sort(byText) };
}

/**
 * A size (or colour) button is enabled only when some variant with stock above 0 has it,
 * taking the other selected attribute into account when one is selected.
 */
export function isSizeAvailable(variants: readonly VariantOption[], size: string, color: string | null): boolean {
  return variants.some((v) => v.size === size && v.available > 0 && (color === null || v.color === color));
}

export function isColorAvailable(variants: readonly VariantOption[], color: string, size: string | null): boolean {
  return variants.some((v) => v.color === color && v.available > 0 && (size === null || v.size === size));
}

/**
 * The variant the shopper has chosen, once every attribute the product has is picked.
 * A product whose only variant has neither size nor colour is chosen from the start.
 */
export function selectVariant<V extends VariantOption>(
  variants: readonly V[],
  size: string | null,
  color: string | null,
): V | null {
  const { sizes, colors } = optionValues(variants);
  if (sizes.length > 0 && size === null) return null;
  if (colors.length > 0 && color === null) return null;
  return variants.find((v) => v.size === (sizes.length ? size : null) && v.color === (colors.length ? color : null)) ?? null;
}

/** "N in stock", "Out of stock", or the prompt to choose. */
export function stockLabel(variant: VariantOption | null): string {
  if (!variant) return "Select size and color to check availability";
  return variant.available > 0 ? `${variant.available} in stock` : "Out of stock";
}

/** The "Out of Stock" badge: the chosen variant has none, or no variant has any. */
export function showOutOfStockBadge(variants: readonly VariantOption[], selected: VariantOption | null): boolean {
  if (selected) return selected.available <= 0;
  return !variants.some((v) => v.available > 0);
}

/** Add to cart: only with no variants to choose, or a chosen variant in stock. */
export function canAddToCart(variants: readonly VariantOption[], selected: VariantOption | null): boolean {
  if (variants.length === 0) return false; // nothing to sell
  return selected !== null && selected.available > 0;
}

/**
 * The strike-through original price: the base price, shown only when the chosen variant costs less (a sale).
 * A variant that costs more shows its own price alone: a higher price struck through as "Original price" would
 * read as a discount (ADR 0041, the spec's "differs" read as "is lower"). The product page, the product cards
 * and the app's API all ask this one rule.
 */
export function originalPriceCents(basePriceCents: number, selected: Pick<VariantOption, "priceCents"> | null): number | null {
  return selected && selected.priceCents < basePriceCents ? basePriceCents : null;
}

/** Splits an average rating (0..5) into full, half and empty stars; halves round to the nearest 0.5. */
export function starParts(average: number, max = 5): { full: number; half: boolean; empty: number } {
  const clamped = Math.min(max, Math.max(0, average));
  const rounded = Math.round(clamped * 2) / 2;
  const full = Math.floor(rounded);
  const half = rounded - full === 0.5;
  return { full, half, empty: max - full - (half ? 1 : 0) };
}

export function slugifyColor(color: string): string {
  return color.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** The image drawn for a product in a colour: our own SVG art, per kind of item and colour. */
export function artUrl(artKind: string, color: string | null): string {
  return `/art/${artKind}/${color ? slugifyColor(color) : "default"}.svg`;
}

/** The text a product is searched by: name, tags, category and description, lower-cased. */
export function searchDocument(p: { name: string; tags: readonly string[]; category: string; description: string }): string {
  return [p.name, p.tags.join(" "), p.category, p.description].join(" ").toLowerCase().replace(/\s+/g, " ").trim();
}

/** A stock-keeping unit: brand, product code, size, colour. */
export function makeSku(productCode: string, size: string | null, color: string | null): string {
  const part = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, "");
  return ["EH", part(productCode), size ? part(size) : null, color ? part(color) : null].filter(Boolean).join("-");
}

/**
 * The mean of `count` ratings adding up to `sum`, to one decimal, halves rounded up (4.25 -> 4.3).
 * Exact: sum * 10 / count is correctly rounded, so a true .5 stays .5.
 */
export function averageRating(sum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round((sum * 10) / count) / 10;
}

/* The shop's parameters and their canonical URL. */

export const SHOP_PAGE_SIZE = 12;
export const SORTS = ["featured", "price-asc", "price-desc", "newest"] as const;
export type ShopSort = (typeof SORTS)[number];
export const CATEGORY_FILTERS = ["all", "apparel", "accessories", "music"] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];


/** The canonical query string for a shop view: defaults left out, so each view has one URL. */
export function shopSearchParams(query: Partial<ShopQueryValues>): URLSearchParams {
  const out = new URLSearchParams();
  if (query.collection) out.set("collection", query.collection);
  if (query.category && query.category !== "all") out.set("category", query.category);
  if (query.q) out.set("q", query.q);
  if (query.sort && query.sort !== "featured") out.set("sort", query.sort);
  if (query.page && query.page > 1) out.set("page", String(query.page));
  return out;
}


export interface ShopQueryValues {
  category: CategoryFilter;
  sort: ShopSort;
  q: string;
  page: number;
  collection?: string | undefined;
}
