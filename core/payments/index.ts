// The payments module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { maskedCard } from "./rules.ts";
export { cardSchema } from "./inputs.ts";
export { PaymentError } from "./errors.ts";
export { type CardInput, type PaymentEvent, type PaymentLookup, type PaymentProvider, type PaymentWebhooks } from "./provider.ts";
export { createStripeProvider } from "./stripe-provider.ts";
export { createTestProvider } from "./test-provider.ts";
