import { errorsOf } from "../shared/errors.ts";
import { textsOf, type ItemName } from "../shared/text.ts";

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

/** What the cart's refusals say: texts of the catalogue (texts/messages/<locale>/cart.json), with the values each takes. */
export const cartText = textsOf({
  "cart.domain.itemGone": [],
  "cart.domain.expiredAddAgain": [],
  "cart.domain.expiredTryAgain": [],
  "cart.domain.lineLimit": ["max"],
  "cart.domain.chooseSize": [],
  "cart.domain.chooseColor": [],
  "cart.domain.chooseSizeAndColor": [],
  "cart.domain.comboUnavailable": [],
  "cart.domain.notInCart": [],
  "cart.domain.outOfStock": ["item"],
  "cart.domain.onlyAvailable": ["available", "item"],
  "cart.domain.onlyAvailableInCart": ["available", "item", "inCart"],
  "cart.domain.notOnSaleYet": ["item"],
  "cart.domain.customerLimit": ["limit", "item"],
  "cart.domain.signInToBuy": ["item"],
  "cart.domain.queueRequired": ["item"],
  "cart.domain.queueExpired": ["item"],
  "cart.domain.queueInUse": ["item"],
  "cart.domain.raffleOnly": ["item"],
});

/** Refuses an item of a product with a waiting room to a visitor who was not let in (or not yet); the product, for the door to offer the line. */
export function queueRequired(name: string, slug: string, productId: number) {
  return new CartError("cart.queue_required", cartText("cart.domain.queueRequired", { item: name }), { slug, productId });
}

/** Refuses an item (at add or at checkout) whose pass from the waiting room has expired. */
export function queueExpired(name: string, slug: string) {
  return new CartError("cart.queue_expired", cartText("cart.domain.queueExpired", { item: name }), { slug });
}

/** Refuses a place in line already bound to another cart. */
export function queueInUse(name: string, slug: string) {
  return new CartError("cart.queue_in_use", cartText("cart.domain.queueInUse", { item: name }), { slug });
}

/** Refuses an item of a product sold by raffle to anyone but a winner claiming their unit (add to cart, and checkout again). */
export function raffleOnly(name: string, slug?: string) {
  return new CartError("cart.raffle_only", cartText("cart.domain.raffleOnly", { item: name }), slug ? { slug } : {});
}

/** Refuses units past a product's (or a variant's) limit per customer; `item` names the variant when the limit is its own. */
export function customerLimitReached(item: ItemName, limit: number, held: number) {
  return new CartError("cart.customer_limit", cartText("cart.domain.customerLimit", { limit, item }), { limit, held });
}

/** Refuses a guest's add of a product only account holders can buy (sign-in required, or a limit per customer). */
export function signInRequired(name: string, slug: string) {
  return new CartError("cart.sign_in_required", cartText("cart.domain.signInToBuy", { item: name }), { slug });
}

/** Refuses an item of a product whose timed release has not come yet (add to cart, and checkout again). */
export function notOnSaleYet(name: string, onSaleAt: Date | string) {
  return new CartError("cart.not_on_sale_yet", cartText("cart.domain.notOnSaleYet", { item: name }), { onSaleAt: new Date(onSaleAt).toISOString() });
}

export const describeOptions = (size: string | null, color: string | null) =>
  [size, color].filter(Boolean).join(", ");

export function insufficientStock(name: string, size: string | null, color: string | null, available: number, inCart: number) {
  const item = { name, size, color };
  const text =
    available <= 0
      ? cartText("cart.domain.outOfStock", { item })
      : inCart > 0
        ? cartText("cart.domain.onlyAvailableInCart", { available, item, inCart })
        : cartText("cart.domain.onlyAvailable", { available, item });
  return new CartError("cart.insufficient_stock", text, { available, inCart });
}
