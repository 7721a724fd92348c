import { addToCart, createCartForUser, findCartOfUser } from "../core/cart/index.ts";
import { placeOrder, type CheckoutDeps } from "../core/checkout/index.ts";
import type { CardInput } from "../core/payments/index.ts";
import { newToken } from "../core/shared/ids.ts";

/** The test processor's cards: one that pays, one declined, one without the funds. */
export const GOOD_CARD: CardInput = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
export const DECLINED_CARD: CardInput = { ...GOOD_CARD, number: "4000000000000002" };
export const NO_FUNDS_CARD: CardInput = { ...GOOD_CARD, number: "4000000000009995" };

export const BILLING = { fullName: "Ana Rivera", email: "ana@east-harlem.test", street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" };

/**
 * Buys the lines for the user through the real checkout (cart, reservation, test card, order), as the
 * checkout page does; returns the receipt of the order placed.
 */
export async function purchase(deps: CheckoutDeps, user: { id: string }, lines: { variantId: number; quantity: number }[]) {
  const cartId = (await findCartOfUser(deps.db, user.id)) ?? (await createCartForUser(deps.db, user.id));
  for (const line of lines) await addToCart(deps.db, cartId, line);
  const result = await placeOrder(deps, { userId: user.id, cartId, idempotencyKey: newToken(), billing: BILLING, card: GOOD_CARD });
  if (result.kind !== "completed") throw new Error(`the purchase did not complete: ${result.kind}`);
  return { ...result.receipt, cartId };
}
