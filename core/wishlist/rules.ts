// Pure wishlist rules: no database, no node-only modules (the heart and the wishlist page import this file).

import { fieldTextsOf } from "../shared/text.ts";

export const WISHLIST_PRIORITIES = ["high", "medium", "low"] as const;
export type WishlistPriority = (typeof WISHLIST_PRIORITIES)[number];
export const DEFAULT_PRIORITY: WishlistPriority = "medium";

export const PRIORITY_LABEL: Record<WishlistPriority, string> = { high: "High", medium: "Medium", low: "Low" };

/** SPEC section 9. */
export const DEFAULT_WISHLIST_NAME = "My Favorites";
export const SHARE_CODE_LENGTH = 6;

/**
 * Share codes are read aloud and typed from screens, so the alphabet leaves out 0/O, 1/I/L.
 * 31 symbols ^ 6 = 887,503,681 codes: with lookups throttled per address (SHARE_LOOKUP_THROTTLE),
 * finding a public list by trial would take one address centuries. The database CHECK is ^[A-Z0-9]{6}$.
 */
export const SHARE_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const SHARE_CODE_PATTERN = /^[A-Z0-9]{6}$/;

/** How many times a colliding share code is drawn again before giving up (a collision is ~1 in 10^8 per list). */
export const SHARE_CODE_ATTEMPTS = 5;

/** Shared-list lookups per client address, counted in the database so every process agrees. */
export const SHARE_LOOKUP_THROTTLE = { limit: 30, windowMs: 10 * 60_000 } as const;
export const shareLookupThrottleKey = (clientIp: string) => `wishlist-share:client:${clientIp}`;

export const MAX_WISHLISTS = 20;
export const MAX_ITEMS_PER_WISHLIST = 200;
export const MAX_LIST_NAME = 60;
export const MAX_LIST_DESCRIPTION = 200;
export const MAX_NOTES = 500;

/**
 * The texts of the wishlist's field checks and of what its doors tell the shopper: ids of the catalogue
 * (texts/messages, SPEC section 5 and the store's own), worded by the doors. A text with a limit takes the check's `max`.
 */
export const wishlistField = fieldTextsOf({
  "wishlist.domain.loginRequired": [],
  "wishlist.domain.saved": [],
  "wishlist.domain.removed": [],
  "wishlist.domain.itemUpdated": [],
  "wishlist.domain.movedToCart": [],
  "wishlist.domain.listRenamed": [],
  "wishlist.domain.madePublic": [],
  "wishlist.domain.madePrivate": [],
  "wishlist.domain.listNotFound": [],
  "wishlist.domain.itemNotFound": [],
  "cart.domain.itemGone": [],
  "wishlist.domain.chooseOption": [],
  "wishlist.domain.nameRequired": [],
  "wishlist.domain.unknownAction": [],
  "wishlist.domain.choosePublic": [],
  "wishlist.domain.choosePriority": [],
  "wishlist.domain.maxChars": ["max"],
  "wishlist.domain.notesTooLong": ["max"],
  "cart.domain.badRequest": [],
});

/**
 * A share code of SHARE_CODE_LENGTH symbols from SHARE_CODE_ALPHABET. `randomIndex(n)` must return a
 * uniformly random integer in [0, n): the server passes node:crypto's randomInt (unbiased, unpredictable).
 */
export function generateShareCode(randomIndex: (n: number) => number): string {
  let code = "";
  for (let i = 0; i < SHARE_CODE_LENGTH; i++) code += SHARE_CODE_ALPHABET[randomIndex(SHARE_CODE_ALPHABET.length)];
  return code;
}

/** Highest first; within a priority, the newest first. */
export function compareItems(
  a: { priority: WishlistPriority; addedAt: Date | string },
  b: { priority: WishlistPriority; addedAt: Date | string },
): number {
  const rank = WISHLIST_PRIORITIES.indexOf(a.priority) - WISHLIST_PRIORITIES.indexOf(b.priority);
  if (rank !== 0) return rank;
  return new Date(b.addedAt).getTime() - new Date(a.addedAt).getTime();
}

export interface OfferVariant {
  id: number;
  size: string | null;
  color: string | null;
  priceCents: number;
  available: number;
}

export type Availability = "in_stock" | "out_of_stock" | "unavailable";

/** What a saved item costs and whether it can be bought now, from today's catalogue (never a snapshot). */
export interface ItemOffer {
  /** The chosen variant's price, or the lowest price of the variants that fit the saved options. */
  priceCents: number | null;
  /** True when variants that fit differ in price (shown as "from"). */
  priceVaries: boolean;
  availability: Availability;
  /** Units available of the chosen variant, or of all that fit. */
  available: number;
  /** The variant to move to the cart when the saved options name exactly one. */
  variantId: number | null;
  /** Otherwise the variants the shopper picks from before moving it to the cart (those that fit the saved options). */
  choices: OfferVariant[];
}

/**
 * Matches a saved item (its size and colour, each possibly unchosen) against the product's active variants.
 * `productActive` false (withdrawn from the shop) makes it unavailable whatever the variants say.
 */
export function itemOffer(
  saved: { size: string | null; color: string | null; variantId: number | null },
  variants: readonly OfferVariant[],
  productActive = true,
): ItemOffer {
  const fits = productActive
    ? variants.filter((v) => (saved.size === null || v.size === saved.size) && (saved.color === null || v.color === saved.color))
    : [];
  if (fits.length === 0) {
    return { priceCents: null, priceVaries: false, availability: "unavailable", available: 0, variantId: null, choices: [] };
  }
  const chosen = fits.length === 1 ? fits[0]! : (fits.find((v) => v.id === saved.variantId) ?? null);
  if (chosen) {
    return {
      priceCents: chosen.priceCents,
      priceVaries: false,
      availability: chosen.available > 0 ? "in_stock" : "out_of_stock",
      available: Math.max(0, chosen.available),
      variantId: chosen.id,
      choices: [],
    };
  }
  const prices = fits.map((v) => v.priceCents);
  const available = fits.reduce((sum, v) => sum + Math.max(0, v.available), 0);
  return {
    priceCents: Math.min(...prices),
    priceVaries: Math.min(...prices) !== Math.max(...prices),
    availability: available > 0 ? "in_stock" : "out_of_stock",
    available,
    variantId: null,
    choices: [...fits],
  };
}

/** "12 in stock", "Out of stock", "No longer available" (the catalogue's wording for stock). */
export function availabilityLabel(offer: Pick<ItemOffer, "availability" | "available">): string {
  if (offer.availability === "unavailable") return "No longer available";
  return offer.availability === "in_stock" ? `${offer.available} in stock` : "Out of stock";
}

/** "M / Black", "M", "Black" or "Standard". */
export function optionsLabel(size: string | null, color: string | null): string {
  return [size, color].filter(Boolean).join(" / ") || "Standard";
}
