import type Stripe from "stripe";
import { PaymentError, paymentsText } from "./errors.ts";
import type { PaymentEvent, PaymentLookup, PaymentLookupRequest, PaymentOutcome, PaymentProvider, PaymentRequest, PaymentWebhooks } from "./provider.ts";

export interface StripeOptions {
  secretKey: string;
  /** The endpoint's signing secret ("whsec_..."): webhook bodies are verified against it. */
  webhookSecret?: string | undefined;
  /** A local stand-in of the Stripe API (tests); unset, the real one. */
  apiUrl?: string | undefined;
}

/** Builds the Stripe client, pointed at STRIPE_API_URL when it is set. */
export async function stripeClient(options: StripeOptions): Promise<Stripe> {
  // Loaded only where Stripe takes the payments, not by every store that starts.
  const { default: StripeClient } = await import("stripe");
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (options.apiUrl) {
    const url = new URL(options.apiUrl);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === "https:" ? 443 : 80);
    config.protocol = url.protocol === "https:" ? "https" : "http";
  }
  return new StripeClient(options.secretKey, config);
}

/** The store's reading of a verified Stripe event: only PaymentIntent outcomes matter to checkout. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, providerType: event.type };
  if (!event.type.startsWith("payment_intent.")) return { ...base, type: "ignored" };
  const intent = event.data.object as Stripe.PaymentIntent;
  const attemptId = intent.metadata?.attemptId || null;
  switch (event.type) {
    case "payment_intent.succeeded":
      return { ...base, type: "payment.succeeded", paymentId: intent.id, attemptId, amountCents: intent.amount_received, currency: intent.currency };
    case "payment_intent.payment_failed":
      // Stripe's words for the shopper ("Your card was declined."); the banner shows them as they are.
      return { ...base, type: "payment.failed", paymentId: intent.id, attemptId, message: intent.last_payment_error?.message || "Payment failed" };
    case "payment_intent.canceled":
      return { ...base, type: "payment.canceled", paymentId: intent.id, attemptId };
    default:
      return { ...base, type: "ignored" };
  }
}

/** The card a PaymentIntent was paid with, from its latest charge (expanded) or its payment method. */
function cardOfIntent(intent: Stripe.PaymentIntent): { brand: string | null; last4: string | null } {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card ?? (typeof intent.payment_method === "object" ? intent.payment_method?.card : null);
  return { brand: card?.brand ?? null, last4: card?.last4 ?? null };
}

/** A PaymentIntent's state in the store's words. */
export function lookupOfIntent(intent: Stripe.PaymentIntent): PaymentLookup {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", paymentId: intent.id, ...cardOfIntent(intent) };
    case "canceled":
      return { status: "failed", paymentId: intent.id, code: "canceled", message: intent.last_payment_error?.message || "Payment failed" };
    case "processing":
    case "requires_capture":
      return { status: "processing", paymentId: intent.id };
    default:
      // requires_payment_method, requires_confirmation, requires_action: the browser may still confirm it.
      if (!intent.client_secret) return { status: "processing", paymentId: intent.id };
      return { status: "requires_confirmation", paymentId: intent.id, clientSecret: intent.client_secret };
  }
}

function stripeWebhooks(stripe: Stripe, webhookSecret: string | undefined): PaymentWebhooks {
  return {
    async verify(rawBody, signatureHeader) {
      if (!webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
      if (!signatureHeader) throw new PaymentError("payment.webhook_invalid", paymentsText("checkout.domain.webhookSignatureMissing"));
      let event: Stripe.Event;
      try {
        // Over the exact bytes Stripe sent: a body parsed and re-serialised would not match the signature.
        event = await stripe.webhooks.constructEventAsync(rawBody, signatureHeader, webhookSecret);
      } catch (error) {
        throw new PaymentError("payment.webhook_invalid", paymentsText("checkout.domain.webhookSignatureInvalid"), { cause: (error as Error).message });
      }
      return paymentEventOf(event);
    },

    async cardOf(paymentId) {
      // Events carry the charge as an id only; the card's brand and last 4 are on the charge.
      const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ["latest_charge"] });
      return cardOfIntent(intent);
    },
  };
}

/**
 * PAYMENT_PROVIDER=stripe: the server creates a PaymentIntent under the checkout's idempotency key; the
 * browser confirms it with Stripe Elements (the card never reaches this server); the signed webhook
 * settles the order.
 */
export async function createStripeProvider(options: StripeOptions): Promise<PaymentProvider> {
  const stripe = await stripeClient(options);
  const lookup = async ({ attemptId, paymentId }: PaymentLookupRequest): Promise<PaymentLookup> => {
    if (paymentId) return lookupOfIntent(await stripe.paymentIntents.retrieve(paymentId, { expand: ["latest_charge"] }));
    // The store crashed before it recorded the intent: find it by the checkout it was made for.
    const found = await stripe.paymentIntents.search({ query: `metadata['attemptId']:'${attemptId.replace(/[^A-Za-z0-9_-]/g, "")}'`, limit: 10 });
    const intent = found.data.find((i) => i.status === "succeeded") ?? found.data[0];
    if (!intent) return { status: "none" };
    return lookupOfIntent(await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] }));
  };
  return {
    name: "stripe",
    webhooks: stripeWebhooks(stripe, options.webhookSecret),

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

    lookup,

    async abandon(request) {
      const found = await lookup(request);
      if (found.status !== "requires_confirmation") return found;
      try {
        await stripe.paymentIntents.cancel(found.paymentId);
      } catch {
        // Refused when the shopper's payment got in first (or it is being processed): asked again below.
      }
      return lookup({ ...request, paymentId: found.paymentId });
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
