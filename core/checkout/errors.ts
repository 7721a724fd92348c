import { errorsOf } from "../shared/errors.ts";
import { CHECKOUT_MESSAGES } from "./rules.ts";

export type CheckoutErrorCode = "checkout.empty_cart" | "checkout.attempt_not_found" | "checkout.key_conflict" | "checkout.shipping_required";

export class CheckoutError extends errorsOf<CheckoutErrorCode>({
  "checkout.empty_cart": 400,
  "checkout.attempt_not_found": 404,
  // The form's key belongs to another shopper's checkout: a stale or copied form, not a bad field.
  "checkout.key_conflict": 409,
  // The cart holds something that ships and no shipping address came: `details.fields` names each field's message.
  "checkout.shipping_required": 400,
}) {}

export const emptyCart = () => new CheckoutError("checkout.empty_cart", "Your cart is empty");

/** A cart that ships, and no address to ship it to; `fields` holds each shipping field's message. */
export const shippingRequired = (fields: Record<string, string>) => new CheckoutError("checkout.shipping_required", CHECKOUT_MESSAGES.shippingRequired, { fields });
