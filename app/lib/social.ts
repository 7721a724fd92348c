/**
 * The pictures a link to the store shows when it is shared (Open Graph and Twitter cards): a 1200x630
 * PNG drawn by /social/:kind/:slug.png (routes/social-card.tsx, app/lib/social-card.server.ts).
 *
 * Each card's address carries a version of what it shows (`?v=`, a hash of the card's words and picture
 * and of the card design), so the image can be cached for a year: a renamed product or a new price gives
 * a new address. Pure: runs in meta functions on the server and in the browser.
 */
import type { MetaDescriptor } from "react-router";
import { optionValues } from "../../core/catalog/rules.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../core/shared/locale.ts";
import { storeWeekdayDate } from "../../core/shared/dates.ts";
import { metaIntl, type MessageId } from "../i18n/index.ts";
import { metaLocale } from "./page-meta.ts";
import { imageForColor } from "../../core/media/rules.ts";

export const SOCIAL_CARD = { width: 1200, height: 630, type: "image/png" } as const;

/** Changed whenever the drawing of the cards changes, so every card gets a new address. */
const DESIGN_VERSION = 1;

export type SocialCardKind = "product" | "page" | "story" | "event" | "collection";

/** What a product's card shows. */
export interface ProductCardContent {
  name: string;
  priceCents: number;
  currency: string;
  artKind: string;
  color: string | null;
  /** The photograph the product page opens with (a /media/ path), drawn instead of the art when there is one. */
  photo: string | null;
}

/** What any other card shows: a title, and a short line above it. */
export interface TitleCardContent {
  eyebrow: string;
  title: string;
}

/**
 * The store's own pages that have a card of their own (others share the home page's): the texts it shows,
 * by catalogue id, so each language has its card. No eyebrow id: the brand's name.
 */
export const PAGE_CARDS = {
  home: { eyebrow: "home.hero.eyebrow", title: "home.hero.tagline" },
  shop: { eyebrow: null, title: "nav.shop" },
  collections: { eyebrow: null, title: "nav.collections" },
  culture: { eyebrow: null, title: "nav.culture" },
  music: { eyebrow: null, title: "nav.music" },
  history: { eyebrow: null, title: "nav.history" },
  about: { eyebrow: null, title: "nav.about" },
  newsletter: { eyebrow: null, title: "newsletter.heading" },
} as const satisfies Record<string, { eyebrow: MessageId | null; title: MessageId }>;
export type PageCardKey = keyof typeof PAGE_CARDS;

export function isPageCardKey(key: string): key is PageCardKey {
  return Object.hasOwn(PAGE_CARDS, key);
}

/** What a page's card shows, in the language `t` writes. */
export function pageCardContent(key: PageCardKey, t: (id: MessageId) => string): TitleCardContent {
  const card = PAGE_CARDS[key];
  return { eyebrow: card.eyebrow ? t(card.eyebrow) : "East Harlem", title: t(card.title) };
}

/** A product's card: its name, base price, and its picture in the colour the product page opens with. */
export function productCardContent(product: {
  name: string;
  basePriceCents: number;
  currency: string;
  artKind: string;
  variants: Parameters<typeof optionValues>[0];
  images: readonly { color: string | null; src: string }[];
}): ProductCardContent {
  const color = optionValues(product.variants).colors[0] ?? null;
  const photo = imageForColor(product.images, color)?.src ?? null;
  return { name: product.name, priceCents: product.basePriceCents, currency: product.currency, artKind: product.artKind, color, photo };
}

export const storyCardContent = (article: { title: string; category: string }): TitleCardContent => ({ eyebrow: article.category, title: article.title });

/** An event's card: its day ("Saturday, June 15, 2027"; "sábado, 15 de junio de 2027") over its title, in the page's language. */
export const eventCardContent = (event: { title: string; startsAt: Date | string }, locale: Locale = DEFAULT_LOCALE): TitleCardContent => ({
  eyebrow: storeWeekdayDate(event.startsAt, locale),
  title: event.title,
});

export const collectionCardContent = (collection: { name: string; season: string | null }): TitleCardContent => ({ eyebrow: collection.season ?? "East Harlem", title: collection.name });

/** FNV-1a over the card's content: short, stable, the same in Node and the browser. */
export function cardVersion(content: ProductCardContent | TitleCardContent): string {
  const text = `${DESIGN_VERSION}\u0000${JSON.stringify(content)}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The card's path: /social/<kind>/<slug>.png?v=<version>, and /social/<kind>/<slug>.<locale>.png for a
 * card whose words are in another language than English (a Spanish page's).
 */
export function cardPath(kind: SocialCardKind, slug: string, content: ProductCardContent | TitleCardContent, locale: Locale = DEFAULT_LOCALE): string {
  const file = locale === DEFAULT_LOCALE ? slug : `${slug}.${locale}`;
  return `/social/${kind}/${encodeURIComponent(file)}.png?v=${cardVersion(content)}`;
}

const CARD_FILE = new RegExp(`^(.+?)(?:\\.(${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join("|")}))?\\.png$`);

/** A card's file name read back: its slug and the language of its words ("shop.es.png": the shop's, in Spanish). */
export function parseCardFile(file: string): { slug: string; locale: Locale } | null {
  const match = CARD_FILE.exec(file);
  if (!match) return null;
  return { slug: match[1]!, locale: (match[2] as Locale | undefined) ?? DEFAULT_LOCALE };
}

/** The Open Graph and Twitter tags for a card at `path` (from cardPath) on the store at `baseUrl`. */
export function socialImageMeta(baseUrl: string, path: string, alt: string): MetaDescriptor[] {
  const url = `${baseUrl}${path}`;
  return [
    { property: "og:image", content: url },
    { property: "og:image:type", content: SOCIAL_CARD.type },
    { property: "og:image:width", content: String(SOCIAL_CARD.width) },
    { property: "og:image:height", content: String(SOCIAL_CARD.height) },
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: url },
    { name: "twitter:image:alt", content: alt },
  ];
}

/** The tags of one of the store's own pages, in its language: its card, title and site name. */
export function pageSocialMeta(matches: Parameters<typeof metaIntl>[0], key: PageCardKey, title: string, description: string): MetaDescriptor[] {
  const intl = metaIntl(matches);
  const card = pageCardContent(key, (id) => intl.formatMessage({ id }));
  return [
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "East Harlem" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...socialImageMeta(baseUrlOf(matches), cardPath("page", key, card, metaLocale(matches)), `East Harlem: ${card.title}`),
  ];
}

/** The store's public address, from the root route's data (for meta functions of pages without a loader). */
export function baseUrlOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.data as { baseUrl?: string } | undefined;
  return root?.baseUrl ?? "";
}
