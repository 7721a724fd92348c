import { errorsOf } from "../shared/errors.ts";
import { textsOf, type TextRef } from "../shared/text.ts";

export type CheckoutErrorCode = "checkout.empty_cart" | "checkout.attempt_not_found" | "checkout.key_conflict" | "checkout.shipping_required";

export class CheckoutError extends errorsOf<CheckoutErrorCode>({
  "checkout.empty_cart": 400,
  "checkout.attempt_not_found": 404,
  // The form's key belongs to another shopper's checkout: a stale or copied form, not a bad field.
  "checkout.key_conflict": 409,
  // The cart holds something that ships and no shipping address came: `details.fields` names each field's message.
  "checkout.shipping_required": 400,
}) {}

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const checkoutText = textsOf({
  "checkout.domain.notFound": [],
  "checkout.domain.formExpired": [],
  "checkout.domain.paymentFailed": [],
  "cart.empty": [],
  "checkout.domain.shippingRequired": [],
});

export const emptyCart = () => new CheckoutError("checkout.empty_cart", checkoutText("cart.empty"));

/** A cart that ships, and no address to ship it to; `fields` holds each shipping field's message. */
export const shippingRequired = (fields: Record<string, TextRef>) => new CheckoutError("checkout.shipping_required", checkoutText("checkout.domain.shippingRequired"), { fields });
