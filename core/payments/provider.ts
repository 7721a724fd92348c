import type { PaymentProviderName } from "../../db/schema/orders.ts";

/** A card as typed into the store's own form (test provider only; Stripe's card never reaches the server). */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface PaymentRequest {
  amountCents: number;
  currency: string;
  /** One per checkout attempt: the provider charges once per key, however often it is asked. */
  idempotencyKey: string;
  description: string;
  customerEmail: string;
  /** The checkout attempt this payment settles, carried in the provider's metadata. */
  attemptId: string;
  /** Required by the test provider, ignored by Stripe. */
  card?: CardInput | undefined;
}

export type PaymentOutcome =
  /** Money taken: the order can be settled now. */
  | { status: "succeeded"; paymentId: string; brand: string | null; last4: string | null }
  /** Refused by the provider; `message` is the provider's words for the shopper. */
  | { status: "failed"; paymentId: string | null; code: string; message: string }
  /** Stripe: a PaymentIntent the browser confirms with Stripe Elements; the webhook settles it. */
  | { status: "requires_confirmation"; paymentId: string; clientSecret: string };

export interface RefundResult {
  refundId: string;
}

/** The one interface both providers implement; PAYMENT_PROVIDER picks one at start. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  startPayment(request: PaymentRequest): Promise<PaymentOutcome>;
  /** Gives the whole payment back (an order cancelled before shipment). Idempotent on the key. */
  refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
  /** Abandons a payment that never completed (an expired reservation). Harmless when already final. */
  cancel(paymentId: string): Promise<void>;
}
