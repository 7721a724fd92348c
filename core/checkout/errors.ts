import { errorsOf } from "../shared/errors.ts";

export type CheckoutErrorCode = "checkout.empty_cart" | "checkout.attempt_not_found" | "checkout.key_conflict";

export class CheckoutError extends errorsOf<CheckoutErrorCode>({
  "checkout.empty_cart": 400,
  "checkout.attempt_not_found": 404,
  // The form's key belongs to another shopper's checkout: a stale or copied form, not a bad field.
  "checkout.key_conflict": 409,
}) {}

export const emptyCart = () => new CheckoutError("checkout.empty_cart", "Your cart is empty");
