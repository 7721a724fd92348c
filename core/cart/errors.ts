import { errorsOf } from "../shared/errors.ts";

export type CartErrorCode =
  | "cart.variant_not_found"
  | "cart.invalid_quantity"
  | "cart.insufficient_stock"
  | "cart.line_limit"
  | "cart.line_not_found"
  | "cart.not_on_sale_yet";

export class CartError extends errorsOf<CartErrorCode>({
  "cart.variant_not_found": 404,
  "cart.invalid_quantity": 400,
  "cart.insufficient_stock": 409,
  "cart.line_limit": 409,
  "cart.line_not_found": 404,
  // A timed release (a drop) whose moment has not come: seen, not bought; trying again after the moment works.
  "cart.not_on_sale_yet": 409,
}) {}

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
