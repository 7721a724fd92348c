/** Pure cart arithmetic: totals in cents, counts, the badge. */
import type { ItemName } from "../shared/text.ts";

import type { Category } from "../../db/schema/catalog.ts";
import type { ProductImageView } from "../media/rules.ts";

export const MAX_LINE_QUANTITY = 99;

export interface CartLine {
  variantId: number;
  productId: number;
  slug: string;
  name: string;
  category: Category;
  sku: string;
  size: string | null;
  color: string | null;
  /** The drawn art for the line's colour (orders keep this address). */
  image: string;
  /** The uploaded photo for the line's colour, shown instead of the art when there is one. */
  photo: ProductImageView | null;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  available: number;
  /** Set while the product's timed release is still to come (ISO): the line cannot be bought until then. */
  notOnSaleUntil?: string | null;
  /** Set while the line's product has a waiting room whose pass this cart holds (ISO): checkout refuses the line after it. */
  passExpiresAt?: string | null;
  /** Set on a ticket line: the event it admits to (the line links to the event page, not the shop). */
  event?: { slug: string; title: string; startsAt: string } | null;
}

export interface CartView {
  lines: CartLine[];
  subtotalCents: number;
  itemCount: number;
}

export const EMPTY_CART: CartView = { lines: [], subtotalCents: 0, itemCount: 0 };

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

export function lineTotalCents(line: PricedLine): number {
  return line.unitPriceCents * line.quantity;
}

export function cartTotals(lines: readonly PricedLine[]): { subtotalCents: number; itemCount: number } {
  let subtotalCents = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotalCents += lineTotalCents(line);
    itemCount += line.quantity;
  }
  return { subtotalCents, itemCount };
}

/** The cart button's badge: the count, "99+" above 99, nothing when empty. */
export function badgeText(itemCount: number): string | null {
  if (itemCount <= 0) return null;
  return itemCount > 99 ? "99+" : String(itemCount);
}

/** A line as the per-customer limit sees it: its units and the limits of its product and of its variant. */
export interface LimitedLine {
  variantId: number;
  productId: number;
  /** The product's name, and the variant's options ("M, Black") for a variant's own limit. */
  name: string;
  options: string;
  /** The variant's options one by one, for the message naming it (its colour in the page's language). */
  size?: string | null;
  color?: string | null;
  quantity: number;
  productLimit: number | null;
  variantLimit: number | null;
}

/** Units a customer already has elsewhere (other carts, open checkouts, orders that stand), by product and by variant. */
export interface Holdings {
  byProduct: ReadonlyMap<number, number>;
  byVariant: ReadonlyMap<number, number>;
}

export const NO_HOLDINGS: Holdings = { byProduct: new Map(), byVariant: new Map() };

export interface LimitBreach {
  /** How the message names it: the product, or the product with the variant's options for a variant's own limit. */
  item: string;
  limit: number;
  held: number;
}

/**
 * The first limit the lines would pass: the product's limit is held against all of its variants' units
 * together (what the customer already holds plus these lines), a variant's own limit against its units.
 * Null when every limit holds.
 */
export function findLimitBreach(lines: readonly LimitedLine[], held: Holdings): LimitBreach | null {
  const breach = limitBreachOf(lines, held);
  return breach && { item: breach.item, limit: breach.limit, held: breach.held };
}

/** findLimitBreach's breach, with the item it names as a text names it (for the refusal). */
export function limitBreachOf(lines: readonly LimitedLine[], held: Holdings): (LimitBreach & { what: ItemName }) | null {
  const byProduct = new Map<number, { name: string; limit: number; units: number }>();
  for (const line of lines) {
    if (line.variantLimit !== null) {
      const already = held.byVariant.get(line.variantId) ?? 0;
      if (already + line.quantity > line.variantLimit) {
        const what = { name: line.name, size: line.size ?? null, color: line.color ?? null };
        return { item: line.options ? `${line.name} (${line.options})` : line.name, what, limit: line.variantLimit, held: already };
      }
    }
    if (line.productLimit !== null) {
      const entry = byProduct.get(line.productId) ?? { name: line.name, limit: line.productLimit, units: 0 };
      entry.units += line.quantity;
      byProduct.set(line.productId, entry);
    }
  }
  for (const [productId, entry] of byProduct) {
    const already = held.byProduct.get(productId) ?? 0;
    if (already + entry.units > entry.limit) return { item: entry.name, what: { name: entry.name, size: null, color: null }, limit: entry.limit, held: already };
  }
  return null;
}

/** Whether any line is something to ship: every line but an event's tickets (ADR 0018), which travel by mail. */
export function linesShip(lines: readonly Pick<CartLine, "event">[]): boolean {
  return lines.some((l) => !l.event);
}

/**
 * A shipping address folded for matching across accounts: street line, postal code and country, lower-case,
 * trimmed, runs of spaces made one. Null without a street (an order of tickets only has no shipping address, and
 * its billing address is optional): nothing to match.
 */
export function addressKeyOf(address: { street: string; zipCode: string; country: string }): string | null {
  const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");
  const street = fold(address.street);
  if (!street) return null;
  return [street, fold(address.zipCode), fold(address.country)].join("|");
}
