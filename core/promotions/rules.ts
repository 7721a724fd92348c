// Pure promotion rules (ADR 0049): whether a promotion applies to a cart, and what the cart costs with the
// promotions that do. No database, no node-only modules. Money is integer cents; every rounding is half up.
import { roundHalfUp, taxCents } from "../shared/money.ts";

export const PROMOTION_KINDS = ["percent", "fixed", "free_shipping", "buy_x_get_y"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** What a promotion covers: every product (the special ones apart), or the ones it names. */
export interface PromotionScope {
  /** Empty lists and `all` true: every product but the special ones (drops, raffles, tickets). */
  all: boolean;
  productIds: readonly number[];
  collectionIds: readonly number[];
  categories: readonly string[];
}

export interface Promotion {
  id: number;
  /** The code a shopper types; null for an automatic promotion, which applies by itself. */
  code: string | null;
  kind: PromotionKind;
  /** percent: the share off, in basis points (2000 = 20 %); buy_x_get_y: the share off the units got. */
  percentBasisPoints: number;
  /** fixed: the amount off the covered lines, spread over them. */
  amountCents: number;
  /** buy_x_get_y: for each `buyQuantity` units bought, `getQuantity` more at `percentBasisPoints` off. */
  buyQuantity: number;
  getQuantity: number;
  startsAt: Date | null;
  endsAt: Date | null;
  paused: boolean;
  /** The covered lines' subtotal must reach this before the promotion applies. */
  minSubtotalCents: number;
  scope: PromotionScope;
  firstOrderOnly: boolean;
  /** Only these customers (lower-case emails or account ids); empty: everyone. */
  customers: readonly string[];
  /** Uses left in all (null: no limit), and for this customer (null: no limit). */
  usesLeft: number | null;
  customerUsesLeft: number | null;
  /** Applies together with other promotions that combine too; otherwise it is the order's only one. */
  combines: boolean;
}

/** A cart's line as promotions read it. */
export interface PromotionLine {
  key: string;
  productId: number;
  category: string;
  collectionIds: readonly number[];
  /** A drop, a raffle's product or an event's ticket: covered only by a promotion that names it. */
  special: boolean;
  unitPriceCents: number;
  quantity: number;
}

export interface Shopper {
  email: string | null;
  userId: string | null;
  /** The shopper has an order already (for first-order-only promotions). */
  hasOrdered: boolean;
}

/** Why a promotion does not apply, each with its own message for the shopper. */
export type PromotionRefusal = "not_started" | "expired" | "paused" | "used_up" | "used_by_you" | "not_for_you" | "first_order_only" | "min_subtotal" | "nothing_covered";

/** Whether a line is covered by the promotion's scope. Special lines need to be named (by product or collection). */
export function covers(scope: PromotionScope, line: PromotionLine): boolean {
  const named = scope.productIds.includes(line.productId) || line.collectionIds.some((id) => scope.collectionIds.includes(id));
  if (named) return true;
  if (line.special) return false;
  return scope.all || scope.categories.includes(line.category);
}

const lineTotal = (line: PromotionLine) => line.unitPriceCents * line.quantity;

/** Why `promotion` does not apply to this cart now, or null when it does. */
export function refusalOf(promotion: Promotion, lines: readonly PromotionLine[], shopper: Shopper, now: Date): PromotionRefusal | null {
  if (promotion.paused) return "paused";
  if (promotion.startsAt && now < promotion.startsAt) return "not_started";
  if (promotion.endsAt && now >= promotion.endsAt) return "expired";
  if (promotion.usesLeft !== null && promotion.usesLeft <= 0) return "used_up";
  if (promotion.customers.length > 0) {
    const known = [shopper.email?.toLowerCase(), shopper.userId].filter((v): v is string => Boolean(v));
    if (!known.some((v) => promotion.customers.includes(v))) return "not_for_you";
  }
  if (promotion.customerUsesLeft !== null && promotion.customerUsesLeft <= 0) return "used_by_you";
  if (promotion.firstOrderOnly && shopper.hasOrdered) return "first_order_only";
  const covered = lines.filter((line) => covers(promotion.scope, line));
  if (covered.length === 0) return "nothing_covered";
  if (covered.reduce((sum, line) => sum + lineTotal(line), 0) < promotion.minSubtotalCents) return "min_subtotal";
  if (promotion.kind === "buy_x_get_y" && covered.reduce((sum, line) => sum + line.quantity, 0) < promotion.buyQuantity + promotion.getQuantity) return "nothing_covered";
  return null;
}

/** One promotion's share of the order: off each line, and off shipping. */
export interface AppliedPromotion {
  promotionId: number;
  code: string | null;
  kind: PromotionKind;
  lines: { key: string; discountCents: number }[];
  shippingDiscountCents: number;
  discountCents: number;
}

export interface PricedCart {
  applied: AppliedPromotion[];
  /** What each line costs after every discount (a refund never gives back more than this). */
  lines: { key: string; subtotalCents: number; discountCents: number; paidCents: number }[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** 8 % of what the lines cost after their discounts, once per order. */
  taxCents: number;
  totalCents: number;
}

/**
 * Splits `amount` over `weights` in proportion, exactly (largest remainder, ties to the earlier weight), never
 * giving a weight more than itself.
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total === 0 || amount <= 0) return weights.map(() => 0);
  const capped = Math.min(amount, total);
  const shares = weights.map((w) => Math.floor((capped * w) / total));
  let left = capped - shares.reduce((sum, s) => sum + s, 0);
  const order = weights.map((w, i) => ({ i, rest: (capped * w) % total })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    if (shares[i]! < weights[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/** Each covered line's discount for one promotion, given what each line still costs (`remaining`). */
function lineDiscounts(promotion: Promotion, lines: readonly PromotionLine[], remaining: ReadonlyMap<string, number>): Map<string, number> {
  const covered = lines.filter((line) => covers(promotion.scope, line) && (remaining.get(line.key) ?? 0) > 0);
  const out = new Map<string, number>();
  switch (promotion.kind) {
    case "percent":
      for (const line of covered) out.set(line.key, Math.min(remaining.get(line.key)!, roundHalfUp(remaining.get(line.key)! * promotion.percentBasisPoints, 10_000)));
      break;
    case "fixed": {
      const shares = spread(promotion.amountCents, covered.map((line) => remaining.get(line.key)!));
      covered.forEach((line, i) => out.set(line.key, shares[i]!));
      break;
    }
    case "buy_x_get_y": {
      // Units from the dearest down; in each group of buy + get units, the last `get` (the cheapest) are discounted.
      const units = covered.flatMap((line) => Array.from({ length: line.quantity }, () => line)).sort((a, b) => b.unitPriceCents - a.unitPriceCents);
      const group = promotion.buyQuantity + promotion.getQuantity;
      units.forEach((line, i) => {
        if (i % group < promotion.buyQuantity || i - (i % group) + group > units.length) return;
        const off = roundHalfUp(line.unitPriceCents * promotion.percentBasisPoints, 10_000);
        out.set(line.key, Math.min(remaining.get(line.key)!, (out.get(line.key) ?? 0) + off));
      });
      break;
    }
    case "free_shipping":
      break;
  }
  return out;
}

/** The cart priced with `promotions` applied in the order given (the choice of which apply is `choosePromotions`). */
export function priceCart(lines: readonly PromotionLine[], shippingCents: number, promotions: readonly Promotion[]): PricedCart {
  const remaining = new Map(lines.map((line) => [line.key, lineTotal(line)]));
  let shippingLeft = shippingCents;
  const applied: AppliedPromotion[] = [];
  for (const promotion of promotions) {
    const off = lineDiscounts(promotion, lines, remaining);
    for (const [key, cents] of off) remaining.set(key, remaining.get(key)! - cents);
    const shippingDiscountCents = promotion.kind === "free_shipping" ? shippingLeft : 0;
    shippingLeft -= shippingDiscountCents;
    const lineShares = [...off].filter(([, cents]) => cents > 0).map(([key, discountCents]) => ({ key, discountCents }));
    const discountCents = lineShares.reduce((sum, l) => sum + l.discountCents, 0) + shippingDiscountCents;
    applied.push({ promotionId: promotion.id, code: promotion.code, kind: promotion.kind, lines: lineShares, shippingDiscountCents, discountCents });
  }
  const priced = lines.map((line) => ({ key: line.key, subtotalCents: lineTotal(line), discountCents: lineTotal(line) - remaining.get(line.key)!, paidCents: remaining.get(line.key)! }));
  const subtotalCents = priced.reduce((sum, l) => sum + l.subtotalCents, 0);
  const linesPaid = priced.reduce((sum, l) => sum + l.paidCents, 0);
  const tax = taxCents(linesPaid);
  return {
    applied,
    lines: priced,
    subtotalCents,
    discountCents: subtotalCents - linesPaid + (shippingCents - shippingLeft),
    shippingCents,
    taxCents: tax,
    totalCents: linesPaid + tax + shippingLeft,
  };
}

/**
 * Which promotions an order takes (ADR 0049): of the ones that apply (automatic ones, and the code the shopper
 * entered), either all that combine, or the single one that does not combine, whichever saves the shopper
 * more; a tie goes to the shopper's code, then to the earlier promotion. Those that combine apply in the
 * order line discounts first (percent, then buy X get Y, then fixed amounts), free shipping last.
 */
export function choosePromotions(candidates: readonly Promotion[], lines: readonly PromotionLine[], shippingCents: number): Promotion[] {
  const rank: Record<PromotionKind, number> = { percent: 0, buy_x_get_y: 1, fixed: 2, free_shipping: 3 };
  const inOrder = (list: readonly Promotion[]) => [...list].sort((a, b) => rank[a.kind] - rank[b.kind] || a.id - b.id);
  const options: Promotion[][] = [];
  const combining = candidates.filter((p) => p.combines);
  if (combining.length > 0) options.push(inOrder(combining));
  for (const alone of candidates.filter((p) => !p.combines)) options.push([alone]);
  let best: Promotion[] = [];
  let bestSaving = 0;
  for (const option of options) {
    const saving = priceCart(lines, shippingCents, option).discountCents;
    const hasCode = option.some((p) => p.code !== null);
    if (saving > bestSaving || (saving === bestSaving && saving > 0 && hasCode && !best.some((p) => p.code !== null))) {
      best = option;
      bestSaving = saving;
    }
  }
  return best;
}
