/** Pure cart arithmetic: totals in cents, counts, the badge. */

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
