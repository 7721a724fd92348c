import type { z } from "zod";
import { findCartOfUser } from "../cart/index.ts";
import { cardSchema, type CardInput } from "../payments/index.ts";
import { isDomainError } from "../shared/errors.ts";
import { fieldTexts } from "../shared/field-text.ts";
import type { TextRef } from "../shared/text.ts";
import { addressTyped, shippingAddressSchema, type AddressFields, type ShippingAddressInput } from "./address.ts";
import { placeOrder } from "./commands.ts";
import type { CheckoutDeps } from "./deps.ts";
import { billingSchema } from "./inputs.ts";
import { needsShippingAddress, type PlaceOrderResult } from "./queries.ts";

/*
 * Checkout as one use case, for both doors (the checkout form and the JSON API): the door reads its input's
 * shape, calls, and renders the outcome. The core decides which of the order's fields apply to this cart and
 * this store (the address it ships to, the test card) and checks them all at once, so that a door answers
 * every field's message together.
 */

/** How a door parses (the API's own words for what a schema leaves unsaid); zod's defaults otherwise. */
export type ParseOptions = Parameters<z.ZodType["safeParse"]>[1];

/** Each section's refused fields, by the schema's names: the buyer and billing address, the shipping address, the test card. */
export interface FieldProblems {
  billing: Record<string, TextRef>;
  shipping: Record<string, TextRef>;
  card: Record<string, TextRef>;
}

export interface OrderFieldChecks {
  cartId: string | null;
  /** The cart holds something that ships: the order needs the address it ships to. */
  ships: boolean;
  /** The address it ships to, when one was given and fits its country (or null). */
  shipping: ShippingAddressInput | null;
  /** The test provider's card, when it takes one and it was given right. */
  card: CardInput | undefined;
  problems: Pick<FieldProblems, "shipping" | "card">;
  /** The cart ships and its address was refused. */
  shippingRefused: boolean;
}

const isFields = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The checks of the order's fields that depend on the store and the cart: the test card (with the test
 * provider), and the address it ships to when the cart ships. An address given is read whatever the cart
 * holds, so that the same submission sent again after its order emptied the cart is still the same one.
 */
export async function checkOrderFields(deps: CheckoutDeps, input: { userId: string; shipTo: AddressFields; card?: unknown }, parse?: ParseOptions): Promise<OrderFieldChecks> {
  const cartId = await findCartOfUser(deps.db, input.userId);
  const ships = await needsShippingAddress(deps.db, cartId);
  const shipping = ships || addressTyped(input.shipTo) ? shippingAddressSchema.safeParse(input.shipTo, parse) : null;
  const shippingRefused = ships && shipping !== null && !shipping.success;
  let card: CardInput | undefined;
  let cardProblems: Record<string, TextRef> = {};
  if (deps.payments.name === "test") {
    const parsed = cardSchema(deps.now?.()).safeParse({ cardNumber: "", cardExpiry: "", cardCvc: "", ...(isFields(input.card) ? input.card : {}) }, parse);
    if (parsed.success) card = parsed.data;
    else cardProblems = fieldTexts(parsed.error);
  }
  return {
    cartId,
    ships,
    shipping: shipping?.success ? shipping.data : null,
    card,
    problems: { shipping: shippingRefused && shipping && !shipping.success ? fieldTexts(shipping.error) : {}, card: cardProblems },
    shippingRefused,
  };
}

export interface CheckoutSubmission {
  userId: string;
  idempotencyKey: string;
  buyer: { fullName: string; email: string };
  /** Where the order ships, as typed. */
  shipTo: AddressFields;
  /**
   * A billing address of its own, as typed (its fields left empty: the address it ships to is billed); null
   * when none was sent: the address it ships to is billed, and for an order that ships nothing (tickets only)
   * the address given is the billing address.
   */
  billTo: AddressFields | null;
  /** The test card's fields, with the test provider. */
  card?: unknown;
  visit?: { sessionId: string | null; source: "web" | "mobile" } | undefined;
}

export type SubmitOutcome =
  | PlaceOrderResult
  | {
      kind: "invalid";
      problems: FieldProblems;
      /** The cart ships and its address was refused. */
      shippingRefused: boolean;
      /** The cart came to ship between the fields' check and the order (nothing held or charged). */
      cameToShip: boolean;
    };

/** Checks every field the order needs, then places it (core's placeOrder: stock held, payment taken, order written). */
export async function submitCheckout(deps: CheckoutDeps, input: CheckoutSubmission, parse?: ParseOptions): Promise<SubmitOutcome> {
  const checks = await checkOrderFields(deps, input, parse);
  const billTo = input.billTo ?? (checks.ships ? { street: "", city: "", state: "", zipCode: "", country: input.shipTo.country } : input.shipTo);
  const billing = billingSchema.safeParse({ ...input.buyer, ...billTo }, parse);
  const problems: FieldProblems = { billing: billing.success ? {} : fieldTexts(billing.error), ...checks.problems };
  if (!billing.success || checks.shippingRefused || Object.keys(problems.card).length > 0) {
    return { kind: "invalid", problems, shippingRefused: checks.shippingRefused, cameToShip: false };
  }
  try {
    return await placeOrder(deps, {
      userId: input.userId,
      cartId: checks.cartId,
      idempotencyKey: input.idempotencyKey,
      billing: billing.data,
      shipping: checks.shipping,
      card: checks.card,
      visit: input.visit,
    });
  } catch (error) {
    // The cart came to ship between the look above and the order: core's refusal names each shipping field.
    if (isDomainError(error) && error.code === "checkout.shipping_required") {
      const fields = (error.details as { fields?: Record<string, TextRef> }).fields ?? {};
      return { kind: "invalid", problems: { billing: {}, shipping: fields, card: {} }, shippingRefused: true, cameToShip: true };
    }
    throw error;
  }
}
