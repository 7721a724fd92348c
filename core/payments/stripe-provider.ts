import Stripe from "stripe";
import type { PaymentOutcome, PaymentProvider, PaymentRequest } from "./provider.ts";

export interface StripeOptions {
  secretKey: string;
  /** A local stand-in of the Stripe API (tests); unset, the real one. */
  apiUrl?: string | undefined;
}

/** Builds the Stripe client, pointed at STRIPE_API_URL when it is set. */
export function stripeClient(options: StripeOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (options.apiUrl) {
    const url = new URL(options.apiUrl);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === "https:" ? 443 : 80);
    config.protocol = url.protocol === "https:" ? "https" : "http";
  }
  return new Stripe(options.secretKey, config);
}

/**
 * PAYMENT_PROVIDER=stripe: the server creates a PaymentIntent under the checkout's idempotency key; the
 * browser confirms it with Stripe Elements (the card never reaches this server); the signed webhook
 * settles the order.
 */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = stripeClient(options);
  return {
    name: "stripe",

    async startPayment(request: PaymentRequest): Promise<PaymentOutcome> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          description: request.description,
          receipt_email: request.customerEmail,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          metadata: { attemptId: request.attemptId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came back without a client secret`);
      return { status: "requires_confirmation", paymentId: intent.id, clientSecret: intent.client_secret };
    },

    async refund(paymentId: string, amountCents: number, idempotencyKey: string) {
      const refund = await stripe.refunds.create({ payment_intent: paymentId, amount: amountCents }, { idempotencyKey });
      return { refundId: refund.id };
    },

    async cancel(paymentId: string) {
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      if (intent.status === "succeeded" || intent.status === "canceled") return;
      await stripe.paymentIntents.cancel(paymentId);
    },
  };
}
