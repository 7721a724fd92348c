import { describe, expect, it } from "vitest";
import { CartError } from "../cart/index.ts";
import { CheckoutError } from "../checkout/index.ts";
import { InsufficientStockError } from "../inventory/index.ts";
import { OrderError } from "../orders/index.ts";
import { PaymentError } from "../payments/index.ts";
import { ReviewError } from "../reviews/index.ts";
import { WishlistError } from "../wishlist/index.ts";
import { httpStatusFor, isDomainError } from "./errors.ts";

/** A text these statuses do not depend on. */
const said = (id: string) => ({ id, values: {} });

describe("each module's error table", () => {
  it("answers each code with its own status, not one guessed from its name", () => {
    expect(httpStatusFor(new CheckoutError("checkout.key_conflict", said("This checkout form has expired.")))).toBe(409);
    expect(httpStatusFor(new CheckoutError("checkout.empty_cart", said("Your cart is empty")))).toBe(400);
    expect(httpStatusFor(new CartError("cart.line_limit", said("Too many lines")))).toBe(409);
    expect(httpStatusFor(new InsufficientStockError([{ variantId: 1, requested: 2, available: 1 }]))).toBe(409);
    expect(httpStatusFor(new OrderError("orders.not_found", said("That order was not found.")))).toBe(404);
    expect(httpStatusFor(new PaymentError("payment.provider_unavailable", said("Try again")))).toBe(503);
    expect(httpStatusFor(new ReviewError("reviews.unauthenticated", said("Please sign in")))).toBe(401);
    expect(httpStatusFor(new WishlistError("wishlist.rate_limited", said("Too many")))).toBe(429);
  });

  it("names the error by its module's class, and is told apart from other errors", () => {
    const error = new OrderError("orders.invalid_transition", said("A shipped order cannot be cancelled."));
    expect(error.name).toBe("OrderError");
    expect(isDomainError(error)).toBe(true);
    expect(isDomainError(new Error("boom"))).toBe(false);
  });
});
