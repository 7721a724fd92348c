// The checkout module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { CHECKOUT_MESSAGES, SHIPPING_COUNTRIES, SWEEP_BATCH, type ShippingCountry } from "./rules.ts";
export { billingSchema, idempotencyKeySchema, type BillingInput } from "./inputs.ts";
export { missingShippingFields, shippingAddressSchema, type ShippingAddressInput } from "./address.ts";
export { CheckoutError } from "./errors.ts";
export { attemptById, attemptOutcome, heldAttemptCount, needsShippingAddress, type ShortLine } from "./queries.ts";
export { placeOrder, type CheckoutDeps, type PlaceOrderInput } from "./commands.ts";
export { currentOutcome, resumeCheckout, type CheckoutStanding } from "./resume.ts";
export { type AddressFields } from "./address.ts";
export { checkOrderFields, submitCheckout, type CheckoutSubmission, type FieldProblems, type SubmitOutcome } from "./submit.ts";
export { endAttempt, settleAttempt, SOLD_OUT_REFUNDED } from "./settle.ts";
export { releaseExpiredReservations, sweepCheckouts } from "./sweep.ts";
export { handlePaymentEvent } from "./webhook.ts";
