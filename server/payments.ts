import type { Db } from "../db/client.ts";
import { createTestProvider, type PaymentProvider } from "../core/payments/index.ts";
import type { Env } from "./env.ts";

/** The provider PAYMENT_PROVIDER names: the local test processor, or Stripe. */
export async function createPaymentProvider(env: Env, db: Db): Promise<PaymentProvider> {
  if (env.PAYMENT_PROVIDER === "test") return createTestProvider(db);
  const { createStripeProvider } = await import("../core/payments/stripe-provider.ts");
  return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY!, apiUrl: env.STRIPE_API_URL, webhookSecret: env.STRIPE_WEBHOOK_SECRET });
}
