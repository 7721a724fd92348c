/** Pure cart arithmetic: totals in cents, counts, the badge. */

export const MAX_LINE_QUANTITY = 99;

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
