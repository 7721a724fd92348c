import { DomainError, type HttpStatus } from "../shared/errors.ts";

export type CheckoutErrorCode = "checkout.empty_cart" | "checkout.attempt_not_found" | "checkout.key_conflict";

const STATUS = {
  "checkout.empty_cart": 400,
  "checkout.attempt_not_found": 404,
  // The form's key belongs to another shopper's checkout: a stale or copied form, not a bad field.
  "checkout.key_conflict": 409,
} as const satisfies Record<CheckoutErrorCode, HttpStatus>;

export class CheckoutError extends DomainError<CheckoutErrorCode> {
  get status() {
    return STATUS[this.code];
  }
}

export const emptyCart = () => new CheckoutError("checkout.empty_cart", "Your cart is empty");
