import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db/client.ts";
import { cartItems, orders, users, variants, webhookEvents } from "../db/schema/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { makeProduct } from "./factories.ts";
import { deliver, signature, startFakeStripe, type FakeIntent, type FakeStripe } from "./fake-stripe.ts";
import { Client } from "./http-client.ts";
import { startMailCatcher } from "./mail-catcher.ts";
import { ensureBuild, startServer, tempDir, type RunningServer } from "./server.ts";

// The production server in Stripe mode, its Stripe API a local fake, its webhooks signed as Stripe signs
// them. On PostgreSQL when TEST_DATABASE_URL is set, else on an embedded database in a data directory.

const SECRET_KEY = "sk_test_east_harlem_fake";
const WEBHOOK_SECRET = "whsec_east_harlem_http_secret";
const PASSWORD = "uptown-2024";
const ORDER_MAIL = /^Your East Harlem order EH-\d+$/;

let fake: FakeStripe;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let server: RunningServer;
let database: TestDatabase | undefined;
let dataDir: string | undefined;
let env: Record<string, string>;
/** One product per journey, one variant each with 2 in stock. */
let stock: Record<"paid" | "forged" | "declined" | "twice", { slug: string; variantId: number }>;

async function makeProducts(db: Db) {
  const made = async () => {
    const { product, variants: [v] } = await makeProduct(db, 5500, [{ stock: 2, size: "M" }]);
    return { slug: product.slug, variantId: v!.id };
  };
  return { paid: await made(), forged: await made(), declined: await made(), twice: await made() };
}

/** The server's database, for the final look at the ledger: shared on PostgreSQL, reopened when embedded. */
async function withServerDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  if (database) return fn(database.db);
  const opened = await openDatabase({ dataDir });
  try {
    return await fn(opened.db);
  } finally {
    await opened.close();
  }
}

beforeAll(async () => {
  ensureBuild();
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  mail = await startMailCatcher();
  env = {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: "pk_test_east_harlem_fake",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    SMTP_URL: mail.url,
  };
  if (usingPostgres()) {
    database = await createTestDatabase();
    stock = await makeProducts(database.db);
    server = await startServer({ ...env, DATABASE_URL: database.url! });
  } else {
    dataDir = tempDir("store-stripe-");
    const opened = await openDatabase({ dataDir });
    await opened.migrate();
    stock = await makeProducts(opened.db);
    await opened.close();
    server = await startServer({ ...env, DATA_DIR: dataDir });
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  await mail?.close();
  await fake?.close();
});

const webhookUrl = () => `${server.url}/api/webhooks/stripe`;
let emailCounter = 0;

/** A registered, signed-in shopper with 2 of the product in the cart. */
async function shopperWithCart(product: { variantId: number }) {
  const client = new Client(server.url);
  const email = `stripe${++emailCounter}-${Date.now()}@east-harlem.test`;
  const registered = await client.post("/login", { intent: "register", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on", displayName: "Ana Rivera", redirectTo: "/" });
  expect(registered.status).toBe(302);
  const added = await client.post("/cart", { intent: "add", variantId: String(product.variantId), quantity: "2" });
  expect(added.status).toBe(200);
  return { client, email };
}

/** Fills and sends the checkout form as it was rendered; returns what Stripe got and what the page asked to pay. */
async function placeCheckout(client: Client, email: string) {
  const page = await Client.text(await client.get("/checkout"));
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)?.[1];
  const pay = /Pay \$([\d,]+\.\d\d)/.exec(page)?.[1];
  if (!key || !pay) throw new Error(`no checkout form in:\n${page.slice(0, 2000)}`);
  const form = { idempotencyKey: key, fullName: "Ana Rivera", email, street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" };
  const res = await client.post("/checkout", form);
  expect(res.status).toBe(200);
  const intents = [...fake.intents.values()].filter((i) => i.receipt_email === email);
  expect(intents).toHaveLength(1);
  const intent = intents[0]!;
  return { form, intent, attemptId: intent.metadata.attemptId!, payCents: Math.round(Number(pay.replace(/,/g, "")) * 100) };
}

/** schema.org availability of the product's one variant, as the product page publishes it. */
async function availability(slug: string): Promise<string> {
  const html = await (await fetch(`${server.url}/shop/${slug}`)).text();
  const json = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  return (JSON.parse(json!) as { offers: { availability: string }[] }).offers[0]!.availability.replace("https://schema.org/", "");
}

async function completion(client: Client, attemptId: string): Promise<string> {
  return Client.text(await client.get(`/checkout/complete?attempt=${attemptId}`));
}

const event = (type: string, intent: FakeIntent) => fake.event(type, intent);
const ordersMailedTo = (email: string) => mail.mails.filter((m) => m.to.includes(email) && ORDER_MAIL.test(m.subject));
const settle = () => new Promise((r) => setTimeout(r, 1000));

describe("Stripe checkout over HTTP", () => {
  it("the checkout page loads Stripe.js with the page's nonce, and the CSP lets Stripe's field in", async () => {
    const { client } = await shopperWithCart(stock.paid);
    const res = await client.get("/checkout");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<script[^>]*src="https://js\\.stripe\\.com/v3"[^>]*nonce="${nonce.replace(/[+/]/g, "\\$&")}"|<script[^>]*nonce="${nonce.replace(/[+/]/g, "\\$&")}"[^>]*src="https://js\\.stripe\\.com/v3"`));
    expect(html).toContain('id="card-element"');
    // Other pages do not load it.
    expect(await (await fetch(`${server.url}/shop`)).text()).not.toContain("js.stripe.com");
  });

  it("a signed payment_intent.succeeded confirms the order: stock taken, cart emptied, one confirmation mail, once", async () => {
    const { client, email } = await shopperWithCart(stock.paid);
    const { form, intent, attemptId, payCents } = await placeCheckout(client, email);
    // 2 x $55.00 plus 8% tax: what the Pay button said is what Stripe was asked for.
    expect(payCents).toBe(11880);
    expect(intent).toMatchObject({ amount: payCents, currency: "usd", status: "requires_payment_method" });
    expect(await availability(stock.paid.slug)).toBe("OutOfStock");
    expect(await completion(client, attemptId)).toContain("Confirming your payment...");

    // The same form sent again: the same PaymentIntent.
    expect((await client.post("/checkout", form)).status).toBe(200);
    expect([...fake.intents.values()].filter((i) => i.receipt_email === email)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === "/v1/payment_intents" && r.idempotencyKey === form.idempotencyKey)).toHaveLength(1);

    fake.succeed(intent.id);
    const succeeded = event("payment_intent.succeeded", intent);
    const res = await deliver(webhookUrl(), succeeded, WEBHOOK_SECRET);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: "settled" });

    const done = await completion(client, attemptId);
    expect(done).toContain("Thank you for your order!");
    const number = /EH-\d+/.exec(done)![0];
    const confirmation = await mail.waitFor(email, new RegExp(`Your East Harlem order ${number}`));
    expect(confirmation.text).toContain("Total: $118.80");
    expect(await Client.text(await client.get("/cart"))).toContain("Your cart is empty");
    expect(await availability(stock.paid.slug)).toBe("OutOfStock");

    // Delivered again, then a failure reported late: acknowledged, and nothing changes.
    expect((await deliver(webhookUrl(), succeeded, WEBHOOK_SECRET)).status).toBe(200);
    fake.fail(intent.id);
    const late = await deliver(webhookUrl(), event("payment_intent.payment_failed", intent), WEBHOOK_SECRET);
    expect(late.status).toBe(200);
    await settle();
    expect(ordersMailedTo(email)).toHaveLength(1);
    const after = await completion(client, attemptId);
    expect(after).toContain("Thank you for your order!");
    expect(after).toContain(number);
    expect(await availability(stock.paid.slug)).toBe("OutOfStock");
  });

  it("answers a bad signature with 400 and changes nothing", async () => {
    const { client, email } = await shopperWithCart(stock.forged);
    const { intent, attemptId } = await placeCheckout(client, email);
    fake.succeed(intent.id);
    const succeeded = event("payment_intent.succeeded", intent);
    const body = JSON.stringify(succeeded);
    const forgeries = [
      deliver(webhookUrl(), succeeded, "whsec_not_the_store_secret"),
      // Signed, then changed on the way.
      deliver(webhookUrl(), succeeded, WEBHOOK_SECRET, { body: body.replace(/"amount_received":\d+/, '"amount_received":1'), header: signature(body, WEBHOOK_SECRET) }),
      fetch(webhookUrl(), { method: "POST", body, headers: { "Content-Type": "application/json" } }),
    ];
    for (const res of await Promise.all(forgeries)) expect(res.status).toBe(400);
    await settle();
    expect(await completion(client, attemptId)).toContain("Confirming your payment...");
    expect(ordersMailedTo(email)).toEqual([]);
    expect(await Client.text(await client.get("/cart"))).toContain("Your cart (2)");

    // The same event, signed by the endpoint's secret, goes through.
    expect((await deliver(webhookUrl(), succeeded, WEBHOOK_SECRET)).status).toBe(200);
    expect(await completion(client, attemptId)).toContain("Thank you for your order!");
  });

  it("payment_intent.payment_failed releases the reservation, keeps the cart and shows Stripe's message", async () => {
    const { client, email } = await shopperWithCart(stock.declined);
    const { intent, attemptId } = await placeCheckout(client, email);
    expect(await availability(stock.declined.slug)).toBe("OutOfStock");
    fake.fail(intent.id, { code: "insufficient_funds", message: "Your card has insufficient funds." });
    const res = await deliver(webhookUrl(), event("payment_intent.payment_failed", intent), WEBHOOK_SECRET);
    expect(res.status).toBe(200);
    expect(await availability(stock.declined.slug)).toBe("InStock");
    expect(await Client.text(await client.get("/cart"))).toContain("Your cart (2)");
    const page = await completion(client, attemptId);
    expect(page).toContain("Payment Error");
    expect(page).toContain("Your card has insufficient funds.");
    await settle();
    expect(ordersMailedTo(email)).toEqual([]);
  });

  it.runIf(usingPostgres())("two app processes receiving the same event at once make one order and send one mail", async () => {
    const second = await startServer({ ...env, DATABASE_URL: database!.url! });
    try {
      const { client, email } = await shopperWithCart(stock.twice);
      const { intent, attemptId } = await placeCheckout(client, email);
      fake.succeed(intent.id);
      const succeeded = event("payment_intent.succeeded", intent);
      const both = await Promise.all([server.url, second.url].map((url) => deliver(`${url}/api/webhooks/stripe`, succeeded, WEBHOOK_SECRET)));
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect((await Promise.all(both.map((r) => r.json()))).map((b: { outcome: string }) => b.outcome).sort()).toEqual(["duplicate", "settled"]);
      expect(await completion(client, attemptId)).toContain("Thank you for your order!");
      await mail.waitFor(email, ORDER_MAIL);
      await settle();
      expect(ordersMailedTo(email)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
  if (!usingPostgres()) console.info("stripe-webhook: two app processes need PostgreSQL (the embedded database opens in one process); that case runs with TEST_DATABASE_URL.");

  it("leaves the database as the pages said: processing orders, stock sold or released, each event recorded once", async () => {
    await server.stop();
    await withServerDb(async (db) => {
      const ids = [stock.paid, stock.forged, stock.declined].map((s) => s.variantId);
      const ledger = Object.fromEntries(
        (await db.select({ id: variants.id, onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(inArray(variants.id, ids))).map((v) => [v.id, [v.onHand, v.reserved]]),
      );
      expect(ledger[stock.paid.variantId]).toEqual([0, 0]);
      expect(ledger[stock.forged.variantId]).toEqual([0, 0]);
      expect(ledger[stock.declined.variantId]).toEqual([2, 0]);

      const paid = await db
        .select({ status: orders.status, provider: orders.paymentProvider, brand: orders.cardBrand, last4: orders.cardLast4, total: orders.totalCents, email: orders.customerEmail })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId));
      expect(paid.filter((o) => o.email.startsWith("stripe"))).toHaveLength(usingPostgres() ? 3 : 2);
      for (const order of paid) expect(order).toMatchObject({ status: "processing", provider: "stripe", brand: "visa", last4: "4242", total: 11880 });

      const declinedCart = await db.select({ quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.variantId, stock.declined.variantId));
      expect(declinedCart).toEqual([{ quantity: 2 }]);
      const events = await db.select({ id: webhookEvents.id }).from(webhookEvents);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    });
  });
});
