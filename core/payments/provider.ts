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

/**
 * What the provider knows of the payment made under a checkout's key, asked after a crash: "none" means
 * no money was taken under that key and none can be without the store asking again (the test processor
 * charges inside its own ledger; a Stripe PaymentIntent takes money only once the browser confirms it,
 * and an intent the store never recorded was never handed to a browser). "processing": the provider has
 * not decided yet.
 */
export type PaymentLookup = PaymentOutcome | { status: "processing"; paymentId: string } | { status: "none" };

export interface PaymentLookupRequest {
  idempotencyKey: string;
  attemptId: string;
  /** The provider's payment id when the store recorded one. */
  paymentId: string | null;
}

export interface RefundResult {
  refundId: string;
}

/**
 * A provider's notification about a payment, in the store's words, once its signature was checked.
 * `id` is the provider's event id (a redelivery carries the same id); `attemptId` is the checkout the
 * payment was started for, as the provider's metadata carries it.
 */
export type PaymentEvent =
  | { id: string; providerType: string; type: "payment.succeeded"; paymentId: string; attemptId: string | null; amountCents: number; currency: string }
  | { id: string; providerType: string; type: "payment.failed"; paymentId: string; attemptId: string | null; message: string }
  | { id: string; providerType: string; type: "payment.canceled"; paymentId: string; attemptId: string | null }
  /** Anything else the provider sends: acknowledged and left alone. */
  | { id: string; providerType: string; type: "ignored" };

/** Providers that settle payments asynchronously (Stripe) read their signed notifications through this. */
export interface PaymentWebhooks {
  /** Checks the signature over the raw request body; throws PaymentError "payment.webhook_invalid" when it does not hold. */
  verify(rawBody: Buffer, signatureHeader: string | undefined): Promise<PaymentEvent>;
  /** The card a succeeded payment was made with, for the order's masked payment method. */
  cardOf(paymentId: string): Promise<{ brand: string | null; last4: string | null }>;
}

/** The one interface both providers implement; PAYMENT_PROVIDER picks one at start. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Present when the provider reports outcomes by webhook (Stripe); absent for the test processor. */
  readonly webhooks?: PaymentWebhooks;
  startPayment(request: PaymentRequest): Promise<PaymentOutcome>;
  /**
   * The card's fingerprint before any charge, where the provider can tell (the test processor: a hash of the
   * number), so checkout can count a customer's units by card (ADR 0033). Absent for Stripe, whose card is
   * confirmed in the browser after the attempt is recorded.
   */
  cardFingerprint?(card: CardInput): string | null;
  /** Where the payment of a checkout stands at the provider (reconciliation after a crash). Never charges. */
  lookup(request: PaymentLookupRequest): Promise<PaymentLookup>;
  /**
   * Closes a checkout's key so that no money can be taken under it from now on, and answers what became of
   * it: "failed" (code "canceled") when nothing was paid, or the payment that got in first. Asked when a new
   * submission takes over from a checkout whose request is gone (ADR 0038). The test processor records the
   * key as canceled in its ledger; Stripe cancels an intent still waiting for a browser. Stripe cannot bar an
   * intent not yet created, so "none" may come back: the store then hands no client secret of that checkout
   * to a browser (applyPaymentOutcome cancels the intent instead).
   */
  abandon(request: PaymentLookupRequest): Promise<PaymentLookup>;
  /** Gives the whole payment back (an order cancelled before shipment). Idempotent on the key. */
  refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
  /** Abandons a payment that never completed (an expired reservation). Harmless when already final. */
  cancel(paymentId: string): Promise<void>;
}
