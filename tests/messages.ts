/*
 * The English of texts core now says by id, under the names the tests knew them by: what a test expects a
 * shopper to read, worded from the catalogue (tests/words.ts). Each helper keeps its modules' section.
 */
import { english } from "./words.ts";

// --- checkout, payments, idempotency, cart, orders, inventory, queue, events, request checks ---

export const CHECKOUT_MESSAGES = {
  nameRequired: english("checkout.domain.nameRequired"),
  emailRequired: english("checkout.domain.emailRequired"),
  emailInvalid: english("checkout.domain.emailInvalid"),
  countryInvalid: english("checkout.domain.countryInvalid"),
  paymentFailed: english("checkout.domain.paymentFailed"),
  checkFields: english("checkout.domain.checkFields"),
  insufficientStock: english("checkout.domain.insufficientStock"),
  reservationExpired: english("checkout.domain.reservationExpired"),
  inProgress: english("checkout.domain.inProgress"),
  shippingRequired: english("checkout.domain.shippingRequired"),
  streetRequired: english("checkout.domain.streetRequired"),
  cityRequired: english("checkout.domain.cityRequired"),
  stateRequired: english("checkout.domain.stateRequired"),
  usStateInvalid: english("checkout.domain.usStateInvalid"),
  regionInvalid: english("checkout.domain.regionInvalid"),
  postalCodeRequired: english("checkout.domain.postalCodeRequired"),
  zipInvalid: english("checkout.domain.zipInvalid"),
  postalCodeInvalid: english("checkout.domain.postalCodeInvalid"),
  shippingCountryInvalid: english("checkout.domain.shippingCountryInvalid"),
} as const;

export const CARD_MESSAGES = {
  numberRequired: english("checkout.domain.cardNumberRequired"),
  numberInvalid: english("checkout.domain.cardNumberInvalid"),
  expiryInvalid: english("checkout.domain.cardExpiryInvalid"),
  expired: english("checkout.domain.cardExpired"),
  cvcInvalid: english("checkout.domain.cardCvcInvalid"),
} as const;

/** A refused request's reasons as the HTTP layer and the form reader word them (core/shared/request-checks.ts REFUSALS). */
export const REQUEST_MESSAGES = {
  badEncoding: english("account.refusal.badEncoding"),
  controlInAddress: english("account.refusal.controlInAddress"),
  badHost: english("account.refusal.badHost"),
  method: english("account.refusal.method"),
  crossSite: english("account.refusal.crossSite"),
  notForm: english("account.refusal.notForm"),
  unreadable: english("account.refusal.unreadable"),
  controlInForm: english("account.refusal.controlInForm"),
  invalidUtf8: english("account.refusal.invalidUtf8"),
  compressed: english("account.refusal.compressed"),
  truncated: english("account.refusal.truncated"),
  unexpected: english("api.domain.unexpected"),
} as const;
