import { expect, test as base, type Page, type Route } from "@playwright/test";
import { deliver, startFakeStripe, type FakeStripe } from "../tests/fake-stripe.ts";
import { startServer, tempDir, type RunningServer } from "../tests/server.ts";
import { waitForMail } from "./mail.ts";
import { addFromProductPage, fillShippingAddress, registerShopper } from "./shopper.ts";
import { CLASSIC_TEE, gotoHydrated } from "./helpers.ts";

// Checkout with PAYMENT_PROVIDER=stripe, in the browser. The store runs as its own process (on its own
// embedded database, with the sample catalogue) against a local fake of the Stripe API. Stripe.js cannot
// be fetched here, so a stand-in is served at its address: it mounts a plain card field and "confirms"
// through a route this file answers the way Stripe would: the fake PaymentIntent succeeds or is declined,
// and the signed webhook is delivered to the store before the browser hears back.

const SECRET_KEY = "sk_test_east_harlem_e2e";
const WEBHOOK_SECRET = "whsec_east_harlem_e2e";
const CONFIRM_URL = "https://api.stripe.com/v1/stand-in/confirm";
const DECLINED = "4000000000000002";
const TEE = { slug: CLASSIC_TEE.slug, size: "M", color: "White" } as const;

/** The stand-in for https://js.stripe.com/v3: the parts of Stripe.js the checkout page calls. */
const STRIPE_JS_STAND_IN = `
window.Stripe = function () {
  return {
    elements: function () {
      return {
        create: function () {
          var input = null;
          return {
            mount: function (target) {
              input = document.createElement("input");
              input.setAttribute("aria-label", "Card number");
              input.setAttribute("inputmode", "numeric");
              input.setAttribute("autocomplete", "cc-number");
              target.appendChild(input);
            },
            destroy: function () { if (input) input.remove(); },
            number: function () { return input ? input.value : ""; }
          };
        }
      };
    },
    confirmCardPayment: function (clientSecret, data) {
      return fetch(${JSON.stringify(CONFIRM_URL)}, {
        method: "POST",
        body: JSON.stringify({ clientSecret: clientSecret, number: data.payment_method.card.number(), name: data.payment_method.billing_details.name })
      }).then(function (res) { return res.json(); });
    }
  };
};
`;

interface StripeStore {
  server: RunningServer;
  fake: FakeStripe;
  webhookUrl: string;
}

const test = base.extend<object, { stripeStore: StripeStore }>({
  stripeStore: [
    async ({}, use) => {
      const fake = await startFakeStripe({ secretKey: SECRET_KEY });
      const server = await startServer({
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: "pk_test_east_harlem_e2e",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
        DATA_DIR: tempDir("stripe-e2e-"),
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2526}`,
      });
      await use({ server, fake, webhookUrl: `${server.url}/api/webhooks/stripe` });
      await server.stop();
      await fake.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ stripeStore }, use) => use(stripeStore.server.url),
});

/** Serves the stand-in Stripe.js and answers its confirmations as Stripe would, webhook included. */
async function standInStripe(page: Page, store: StripeStore): Promise<{ confirmations: string[] }> {
  const confirmations: string[] = [];
  await page.route("https://js.stripe.com/v3**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: STRIPE_JS_STAND_IN }),
  );
  await page.route(CONFIRM_URL, async (route: Route) => {
    const { clientSecret, number } = route.request().postDataJSON() as { clientSecret: string; number: string };
    const intent = [...store.fake.intents.values()].find((i) => i.client_secret === clientSecret);
    const answer = (status: number, body: object) =>
      route.fulfill({ status, contentType: "application/json", headers: { "Access-Control-Allow-Origin": "*" }, body: JSON.stringify(body) });
    if (!intent || intent.status !== "requires_payment_method") {
      return answer(400, { error: { message: "This PaymentIntent can no longer be confirmed." } });
    }
    confirmations.push(intent.id);
    const digits = number.replace(/\D/g, "");
    if (digits === DECLINED) {
      store.fake.fail(intent.id);
      await deliver(store.webhookUrl, store.fake.event("payment_intent.payment_failed", intent), WEBHOOK_SECRET);
      return answer(402, { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } });
    }
    store.fake.succeed(intent.id);
    await deliver(store.webhookUrl, store.fake.event("payment_intent.succeeded", intent), WEBHOOK_SECRET);
    return answer(200, { paymentIntent: { id: intent.id, status: "succeeded" } });
  });
  return { confirmations };
}

/** The checkout page with the billing form filled and the card typed into Stripe's (stand-in) field. */
async function fillStripeCheckout(page: Page, card: string) {
  await gotoHydrated(page, "/checkout");
  await expect(page.getByText("Card payments are confirmed with Stripe.")).toBeVisible();
  await expect(page.getByTestId("test-mode-note")).toHaveCount(0);
  await page.getByLabel("Full name").fill("Ana Rivera");
  await fillShippingAddress(page);
  await page.getByRole("group", { name: "Card" }).getByLabel("Card number").fill(card);
}

test.describe("checkout with Stripe", () => {
  test.describe.configure({ mode: "default" });

  test("the card goes to Stripe, never to the store; the webhook confirms the order and the mail follows", async ({ page, stripeStore }, testInfo) => {
    const { confirmations } = await standInStripe(page, stripeStore);
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(stripeStore.server.url) && request.method() === "POST") posted.push(request.postData() ?? "");
    });
    const { email } = await registerShopper(page, testInfo, "stripe-buyer");
    await addFromProductPage(page, TEE.slug, { size: TEE.size, color: TEE.color });

    await fillStripeCheckout(page, "4242 4242 4242 4242");
    await page.getByTestId("pay-button").click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order!" })).toBeVisible();
    const number = (await page.getByTestId("order-number").textContent()) ?? "";
    expect(number).toMatch(/^EH-\d+$/);
    expect(confirmations).toHaveLength(1);
    expect(stripeStore.fake.intents.get(confirmations[0]!)?.status).toBe("succeeded");
    // Everything the page sent the store: the billing form and its key, never a card number.
    expect(posted.length).toBeGreaterThan(0);
    for (const body of posted) expect(body).not.toMatch(/4242\s*4242/);

    const mail = await waitForMail(email, new RegExp(`^Your East Harlem order ${number}$`));
    expect(mail.text).toContain("Total:");
  });

  test("a declined card shows Payment Error; another card then pays, as a new checkout", async ({ page, stripeStore }, testInfo) => {
    const { confirmations } = await standInStripe(page, stripeStore);
    await registerShopper(page, testInfo, "stripe-declined");
    await addFromProductPage(page, TEE.slug, { size: TEE.size, color: TEE.color, quantity: 2 });

    await fillStripeCheckout(page, "4000 0000 0000 0002");
    await page.getByTestId("pay-button").click();
    const banner = page.getByRole("alert").filter({ hasText: "Payment Error" });
    await expect(banner).toContainText("Your card was declined.");
    await expect(page.getByTestId("pay-button")).toBeEnabled();
    // The refused PaymentIntent was cancelled when its failure arrived: it cannot be paid any more.
    await expect.poll(() => stripeStore.fake.intents.get(confirmations[0]!)?.status).toBe("canceled");

    await page.getByRole("group", { name: "Card" }).getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByTestId("pay-button").click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order!" })).toBeVisible();
    expect(confirmations).toHaveLength(2);
    expect(confirmations[1]).not.toBe(confirmations[0]);
    expect(stripeStore.fake.intents.get(confirmations[1]!)?.status).toBe("succeeded");

    await gotoHydrated(page, "/orders");
    await expect(page.getByTestId("order-card")).toHaveCount(1);
  });
});
