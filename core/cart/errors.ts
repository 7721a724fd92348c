import { errorsOf } from "../shared/errors.ts";

export type CartErrorCode =
  | "cart.variant_not_found"
  | "cart.invalid_quantity"
  | "cart.insufficient_stock"
  | "cart.line_limit"
  | "cart.line_not_found"
  | "cart.not_on_sale_yet"
  | "cart.customer_limit"
  | "cart.sign_in_required"
  | "cart.queue_required"
  | "cart.queue_expired"
  | "cart.queue_in_use"
  | "cart.raffle_only";

export class CartError extends errorsOf<CartErrorCode>({
  "cart.variant_not_found": 404,
  "cart.invalid_quantity": 400,
  "cart.insufficient_stock": 409,
  "cart.line_limit": 409,
  "cart.line_not_found": 404,
  // A timed release (a drop) whose moment has not come: seen, not bought; trying again after the moment works.
  "cart.not_on_sale_yet": 409,
  // A limited drop: the customer's cart, open checkouts and orders already reach the limit (ADR 0033).
  "cart.customer_limit": 409,
  // A drop only account holders can buy: the guest signs in, then adds it.
  "cart.sign_in_required": 401,
  // A drop with a waiting room (ADR 0034): no admitted place in its line for this visitor (yet).
  "cart.queue_required": 403,
  // The visitor's time to check out, given when they were let in, has run out.
  "cart.queue_expired": 409,
  // The place in line already serves another cart (a copied or shared token).
  "cart.queue_in_use": 409,
  // A product sold by raffle (ADR 0035): bought only by a winner, through the claim of their win.
  "cart.raffle_only": 409,
}) {}

/** Refuses an item of a product with a waiting room to a visitor who was not let in (or not yet); the product, for the door to offer the line. */
export function queueRequired(name: string, slug: string, productId: number) {
  return new CartError("cart.queue_required", `Join the line for ${name} to buy it.`, { slug, productId });
}

/** Refuses an item (at add or at checkout) whose pass from the waiting room has expired. */
export function queueExpired(name: string, slug: string) {
  return new CartError("cart.queue_expired", `Your time to check out ${name} has run out.`, { slug });
}

/** Refuses a place in line already bound to another cart. */
export function queueInUse(name: string, slug: string) {
  return new CartError("cart.queue_in_use", `That place in line for ${name} is already used by another cart.`, { slug });
}

/** Refuses an item of a product sold by raffle to anyone but a winner claiming their unit (add to cart, and checkout again). */
export function raffleOnly(name: string, slug?: string) {
  return new CartError("cart.raffle_only", `${name} is sold by raffle.`, slug ? { slug } : {});
}

/** Refuses units past a product's (or a variant's) limit per customer; `item` names the variant when the limit is its own. */
export function customerLimitReached(item: string, limit: number, held: number) {
  return new CartError("cart.customer_limit", `You can buy at most ${limit} ${item} per customer.`, { limit, held });
}

/** Refuses a guest's add of a product only account holders can buy (sign-in required, or a limit per customer). */
export function signInRequired(name: string, slug: string) {
  return new CartError("cart.sign_in_required", `Sign in to buy ${name}.`, { slug });
}

/** Refuses an item of a product whose timed release has not come yet (add to cart, and checkout again). */
export function notOnSaleYet(name: string, onSaleAt: Date | string) {
  return new CartError("cart.not_on_sale_yet", `${name} is not on sale yet.`, { onSaleAt: new Date(onSaleAt).toISOString() });
}

export const describeOptions = (size: string | null, color: string | null) =>
  [size, color].filter(Boolean).join(", ");

export function insufficientStock(name: string, size: string | null, color: string | null, available: number, inCart: number) {
  const options = describeOptions(size, color);
  const what = options ? `${name} (${options})` : name;
  const message =
    available <= 0
      ? `${what} is out of stock.`
      : inCart > 0
        ? `Only ${available} of ${what} available, and your cart already has ${inCart}.`
        : `Only ${available} of ${what} available.`;
  return new CartError("cart.insufficient_stock", message, { available, inCart });
}
