/** Checkout settings and messages: pure, safe for the browser bundle. */

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

export const CHECKOUT_MESSAGES = {
  nameRequired: "Full name is required.",
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  countryInvalid: "Choose a country.",
  paymentFailed: "Payment failed",
  checkFields: "Please check the fields marked below.",
  insufficientStock: "Insufficient stock",
  reservationExpired: "Your reservation expired before the payment completed. Please try again.",
  inProgress: "Your payment is still being processed. Refresh this page in a moment.",
  shippingRequired: "Your cart has items to ship: enter the shipping address.",
  streetRequired: "Enter the street address.",
  cityRequired: "Enter the city.",
  stateRequired: "Enter the state, province or region.",
  usStateInvalid: "Enter a US state, such as NY.",
  regionInvalid: "Enter a state or province of the country chosen.",
  postalCodeRequired: "Enter the ZIP or postal code.",
  zipInvalid: "Enter a 5-digit ZIP code.",
  postalCodeInvalid: "Enter a postal code of the country chosen.",
  shippingCountryInvalid: "Choose a country we ship to.",
} as const;
