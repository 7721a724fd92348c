/** Checkout settings and messages: pure, safe for the browser bundle. */
import { fieldTextsOf } from "../shared/text.ts";

/** How long stock stays reserved for an unpaid checkout (RESERVATION_TTL_MINUTES, default 15). */
export const DEFAULT_HOLD_TTL_MS = 15 * 60 * 1000;

/** A duplicate submission waits this long for the first one to finish before answering "in progress". */
export const DUPLICATE_WAIT_MS = 15_000;

/**
 * A repeated submission of a checkout whose charge started this long ago, and never finished, finishes it
 * itself (the first request's process most likely died). Live charges take well under this; should one
 * still be running, both ask the provider under the same key and the provider charges once.
 */
export const CHARGE_RESUME_AFTER_MS = 5_000;

/**
 * A new submission takes over from at most this many attempts of the shopper's that turn out to be over before
 * it is placed itself (one, normally; more only where attempts from before ADR 0038 are still open).
 */
export const MAX_TAKEOVERS = 4;

/** The sweeper asks the provider about a charge left unfinished this long (RECONCILE_AFTER_SECONDS). */
export const DEFAULT_RECONCILE_AFTER_MS = 60_000;

/** Expired reservations released per sweep, so one sweep never holds locks for long. */
export const SWEEP_BATCH = 50;

/**
 * Where the store ships: the checkout's countries, the United States first and the default (SPEC section 9).
 * A billing address may name any country; the ones offered are these.
 */
export const SHIPPING_COUNTRIES = ["US", "CA", "MX", "PR", "DO", "GB", "IE", "FR", "DE", "ES", "IT", "NL", "JP", "AU"] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

/** The checkout's field messages (the billing form, the shipping address): ids of the catalogue, with the values each check gives. */
export const field = fieldTextsOf({
  "checkout.domain.nameRequired": [],
  "checkout.domain.emailRequired": [],
  "checkout.domain.emailInvalid": [],
  "checkout.domain.countryInvalid": [],
  "checkout.domain.maxChars": ["max"],
  "checkout.domain.formExpired": [],
  "checkout.domain.streetRequired": [],
  "checkout.domain.cityRequired": [],
  "checkout.domain.stateRequired": [],
  "checkout.domain.usStateInvalid": [],
  "checkout.domain.regionInvalid": [],
  "checkout.domain.postalCodeRequired": [],
  "checkout.domain.zipInvalid": [],
  "checkout.domain.postalCodeInvalid": [],
  "checkout.domain.shippingCountryInvalid": [],
});

export const CHECKOUT_MESSAGES = {
  paymentFailed: "Payment failed",
  reservationExpired: "Your reservation expired before the payment completed. Please try again.",
} as const;
