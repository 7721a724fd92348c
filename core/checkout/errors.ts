import { DomainError } from "../shared/errors.ts";

export type CheckoutErrorCode = "checkout.empty_cart" | "checkout.attempt_not_found" | "checkout.key_conflict";

export class CheckoutError extends DomainError<CheckoutErrorCode> {}

export const emptyCart = () => new CheckoutError("checkout.empty_cart", "Your cart is empty");
