import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, loadContract, type ApiAnswer } from "./api-client.ts";
import { deliver, startFakeStripe, type FakeStripe } from "./fake-stripe.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// The app's checkout when Stripe takes the payments (a local stand-in for Stripe's API): the order is placed
// with a PaymentIntent whose client secret the app confirms with Stripe's mobile SDK, and the store's webhook,
// the web's, writes the order; the app follows the attempt until it is completed.
const SECRET_KEY = "sk_test_east_harlem_api";
const WEBHOOK_SECRET = "whsec_east_harlem_api";
const PUBLISHABLE_KEY = "pk_test_east_harlem_api";
let fake: FakeStripe;
let store: SeededStore;
let contract: Awaited<ReturnType<typeof loadContract>>;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  store = await startSeededStore({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    TRUSTED_PROXIES: "127.0.0.1",
  });
  contract = await loadContract(store.server.url);
}, 240_000);
afterAll(async () => {
  await store?.stop();
  await fake?.close();
});

async function call<T = Record<string, unknown>>(client: ApiClient, method: string, path: string, json?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>> {
  const answer = await client.call<T>(method, path, { ...(json === undefined ? {} : { json }), ...(headers ? { headers } : {}) });
  contract.check(method, path, answer as ApiAnswer<unknown>);
  return answer;
}

describe("checkout with Stripe", () => {
  it("answers a client secret for the mobile SDK, and the web's webhook completes the order", async () => {
    const app = new ApiClient(store.server.url, { address: "198.51.100.40" });
    const signedUp = await call<{ token: string }>(app, "POST", "/auth/sign-up", { email: `stripe-app-${Date.now()}@east-harlem.test`, password: "uptown-2024", acceptTerms: true });
    app.token = signedUp.body.token;
    const product = await call<{ variants: { id: number; available: number }[] }>(app, "GET", "/products/harlem-classic-tee");
    await call(app, "POST", "/cart/items", { variantId: product.body.variants.find((v) => v.available > 0)!.id, quantity: 1 });
    const summary = await call<{ totalCents: number }>(app, "GET", "/checkout");
    expect(summary.body).toMatchObject({ payment: { provider: "stripe", stripePublishableKey: PUBLISHABLE_KEY } });

    const key = { "Idempotency-Key": `stripe-${Date.now()}` };
    const body = { fullName: "Ana Rivera", email: "ana@east-harlem.test", street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035" };
    const placed = await call<{ status: string; attemptId: string; clientSecret: string; stripePublishableKey: string; order: null }>(app, "POST", "/checkout", body, key);
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body).toMatchObject({ status: "requires_confirmation", stripePublishableKey: PUBLISHABLE_KEY, order: null });
    const intent = [...fake.intents.values()].find((i) => i.client_secret === placed.body.clientSecret)!;
    expect(intent.amount).toBe(summary.body.totalCents);
    // Sent again: the same intent, not a second one.
    const again = await call<{ clientSecret: string }>(app, "POST", "/checkout", body, key);
    expect(again.body.clientSecret).toBe(placed.body.clientSecret);
    expect([...fake.intents.values()].filter((i) => i.amount === intent.amount && i.metadata.attemptId === intent.metadata.attemptId)).toHaveLength(1);
    expect((await call(app, "GET", `/checkout/attempts/${placed.body.attemptId}`)).body).toMatchObject({ status: "requires_confirmation" });

    // The SDK confirms the card at Stripe; Stripe tells the store's webhook.
    fake.succeed(intent.id);
    const webhook = await deliver(`${store.server.url}/api/webhooks/stripe`, fake.event("payment_intent.succeeded", intent), WEBHOOK_SECRET);
    expect(webhook.status).toBe(200);
    const done = await call<{ status: string; order: { id: string; totalCents: number } }>(app, "GET", `/checkout/attempts/${placed.body.attemptId}`);
    expect(done.body).toMatchObject({ status: "completed", order: { totalCents: summary.body.totalCents } });
    const orders = await call<{ items: { id: string }[] }>(app, "GET", "/orders");
    expect(orders.body.items.map((o) => o.id)).toEqual([done.body.order.id]);
    expect((await call(app, "GET", `/orders/${done.body.order.id}`)).body).toMatchObject({ paymentMethod: "Visa ending in 4242" });
  });
});
