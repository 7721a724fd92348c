import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../core/shared/sql-rows.ts";
import type { Db } from "../db/client.ts";
import { ApiClient } from "./api-client.ts";
import { Client } from "./http-client.ts";
import { linkIn, startMailCatcher } from "./mail-catcher.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// An app's life over HTTP against the production server as its own process: sign up, verify, sign in,
// browse, search and fill the same cart as the web; who may do what with which token; the limits; and what
// the analytics recorded (as mobile).
let store: SeededStore;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let base = "";
const PASSWORD = "uptown-2024";
const ADMIN = "app-boss@east-harlem.test";
const APP_ORIGIN = "https://app.east-harlem.test";
const LIMITS = { perAddress: 40, perToken: 25 };
/** The app's own visit id for the journey's events. */
const VISIT = "journeyVisit0123456789";
let n = 0;
const newEmail = () => `journey${++n}-${Date.now()}@east-harlem.test`;
const app = (options: { language?: string; headers?: Record<string, string> } = {}) => new ApiClient(base, { ...options, address: `192.0.2.${++n % 250}` });

beforeAll(async () => {
  mail = await startMailCatcher();
  store = await startSeededStore({
    SMTP_URL: mail.url,
    ADMIN_EMAILS: ADMIN,
    TRUSTED_PROXIES: "127.0.0.1",
    API_RATE_LIMIT_PER_ADDRESS: String(LIMITS.perAddress),
    API_RATE_LIMIT_PER_TOKEN: String(LIMITS.perToken),
    API_CORS_ORIGINS: APP_ORIGIN,
  });
  base = store.server.url;
}, 240_000);
afterAll(async () => {
  await store?.stop();
  await mail?.close();
});

async function signUp(client: ApiClient, email = newEmail()) {
  const res = await client.post<{ token: string; tokenId: string; user: { id: string; role: string } }>("/auth/sign-up", { email, password: PASSWORD, acceptTerms: true });
  expect(res.status, res.text).toBe(201);
  client.token = res.body.token;
  return { email, ...res.body };
}

/** Reads the store's database (see SeededStore.withDatabase); the server writes its events a second after they happen. */
async function withDatabase<T>(read: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await store.withDatabase(read, { flush: () => new Promise((r) => setTimeout(r, 2500)) });
  } finally {
    base = store.server.url;
  }
}

const journey = { email: "", userId: "", token: "", variantId: 0, webVariantId: 0, orderId: "", totalCents: 0 };

describe("an app's journey", () => {
  it("signs up, verifies by mail, signs in, browses, searches, and fills the same cart as the web", async () => {
    const phone = app({ headers: { "X-Analytics-Session": VISIT } });
    const made = await signUp(phone);
    journey.email = made.email;
    journey.userId = made.user.id;

    // The verification link in the mail, opened in the phone's browser.
    const verification = await mail.waitFor(made.email, /Verify your email/);
    const opened = await fetch(linkIn(verification, `${base}/api/auth/verify-email`), { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect((await phone.get<{ emailVerified: boolean }>("/me")).body.emailVerified).toBe(true);

    // Signed in again later: a second token, the first still good.
    const later = app({ headers: { "X-Analytics-Session": VISIT } });
    const signedIn = await later.post<{ token: string }>("/auth/sign-in", { email: made.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    later.token = signedIn.body.token;
    journey.token = later.token;

    const shop = await later.get<{ items: { slug: string }[]; total: number }>("/products?category=apparel");
    expect(shop.body.total).toBeGreaterThan(0);
    const search = await later.get<{ items: { slug: string; name: string }[] }>("/products?q=hoodie");
    const hoodie = search.body.items.find((p) => /hoodie/i.test(p.name))!;
    expect(hoodie).toBeTruthy();
    const product = await later.get<{ id: number; variants: { id: number; available: number; priceCents: number }[] }>(`/products/${hoodie.slug}`);
    const variant = product.body.variants.find((v) => v.available > 1)!;
    journey.variantId = variant.id;
    const added = await later.post<{ itemCount: number }>("/cart/items", { variantId: variant.id, quantity: 2 });
    expect(added.status).toBe(201);

    // The same shopper on the web: signs in there, sees nothing new to do, adds from the web...
    const browser = new Client(base);
    const web = await browser.post("/login", { intent: "signin", email: made.email, password: PASSWORD, redirectTo: "/" });
    expect(web.status).toBe(302);
    const tee = await phone.get<{ variants: { id: number; available: number }[] }>("/products/harlem-classic-tee");
    journey.webVariantId = tee.body.variants.find((v) => v.available > 0)!.id;
    const webAdd = await browser.post("/cart", { intent: "add", variantId: String(journey.webVariantId), quantity: "1" });
    expect(webAdd.status).toBe(200);
    await webAdd.arrayBuffer();

    // ...and the app's cart is that cart, priced from the catalogue.
    const cart = await later.get<{ lines: { variantId: number; quantity: number; unitPriceCents: number }[]; itemCount: number; subtotalCents: number }>("/cart");
    expect(cart.body.itemCount).toBe(3);
    expect(cart.body.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [variant.id, 2],
      [journey.webVariantId, 1],
    ]);
    expect(cart.body.subtotalCents).toBe(cart.body.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0));
    // The web's session is among the places the account is signed in.
    const tokens = await later.get<{ items: { device: string | null }[] }>("/auth/tokens");
    expect(tokens.body.items.length).toBeGreaterThanOrEqual(3); // the sign-up's, the later sign-in's, the web's (and the verification link's)

    // Checks out with the test card: the summary priced on the server, then the order, placed once.
    const summary = await later.get<{ totalCents: number; subtotalCents: number; taxCents: number; itemCount: number }>("/checkout");
    expect(summary.body).toMatchObject({ subtotalCents: cart.body.subtotalCents, itemCount: 3 });
    expect(summary.body.totalCents).toBe(summary.body.subtotalCents + summary.body.taxCents);
    const placed = await later.call<{ status: string; order: { id: string; number: string; totalCents: number } }>("POST", "/checkout", {
      json: { fullName: "Journey Shopper", email: made.email, street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", card: { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/34", cardCvc: "123" } },
      headers: { "Idempotency-Key": "journey-checkout-0001" },
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body).toMatchObject({ status: "completed", order: { totalCents: summary.body.totalCents } });
    journey.orderId = placed.body.order.id;
    journey.totalCents = placed.body.order.totalCents;
    expect((await later.get("/cart")).body).toMatchObject({ itemCount: 0 });

    // The order is in the history and opens with its lines, on the app and on the web alike.
    const orders = await later.get<{ items: { id: string; number: string; itemCount: number }[] }>("/orders");
    expect(orders.body.items).toEqual([expect.objectContaining({ id: journey.orderId, number: placed.body.order.number, itemCount: 3 })]);
    const order = await later.get<{ items: { variantId: number; quantity: number }[]; totalCents: number; customerName: string }>(`/orders/${journey.orderId}`);
    expect(order.body).toMatchObject({ totalCents: summary.body.totalCents, customerName: "Journey Shopper" });
    expect(order.body.items.map((l) => [l.variantId, l.quantity])).toEqual([
      [variant.id, 2],
      [journey.webVariantId, 1],
    ]);
    expect(await Client.text(await browser.get(`/orders/${journey.orderId}`))).toContain(placed.body.order.number);

    // Writes a review of what it bought: a verified purchase, in the product's reviews and summary.
    const review = await later.call<{ verified: boolean; message: string }>("POST", "/products/harlem-classic-tee/reviews", {
      json: { rating: 5, title: "Bought it on the app", comment: "Heavy cotton, true to size." },
      headers: { "Idempotency-Key": "journey-review-0001" },
    });
    expect(review.status, review.text).toBe(201);
    expect(review.body.verified).toBe(true);
    const reviews = await phone.get<{ items: { title: string; verified: boolean }[] }>("/products/harlem-classic-tee/reviews?sort=newest");
    expect(reviews.body.items).toContainEqual(expect.objectContaining({ title: "Bought it on the app", verified: true }));
    expect((await phone.get<{ verifiedPurchaseCount: number }>("/products/harlem-classic-tee/reviews/summary")).body.verifiedPurchaseCount).toBeGreaterThanOrEqual(1);
  });
});

describe("who may do what", () => {
  it("keeps each shopper to their own cart and tokens, and refuses bad tokens everywhere", async () => {
    const a = app();
    const aAccount = await signUp(a);
    const b = app();
    await signUp(b);
    const product = await a.get<{ variants: { id: number; available: number }[] }>("/products/harlem-classic-tee");
    const variantId = product.body.variants.find((v) => v.available > 0)!.id;
    await a.post("/cart/items", { variantId, quantity: 1 });

    // Another customer: their own (empty) cart; A's line and token are not found from B's account.
    expect((await b.get("/cart")).body).toMatchObject({ lines: [], itemCount: 0 });
    expect((await b.patch(`/cart/items/${variantId}`, { quantity: 5 })).status).toBe(404);
    expect((await b.delete(`/cart/items/${variantId}`)).status).toBe(404);
    expect((await b.delete(`/auth/tokens/${aAccount.tokenId}`)).status).toBe(404);
    // A's order is not found from B's account, nor is its checkout.
    const aOrder = await a.call<{ attemptId: string; order: { id: string } }>("POST", "/checkout", {
      json: { fullName: "Ana", email: aAccount.email, street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", card: { cardNumber: "4242424242424242", cardExpiry: "12/34", cardCvc: "123" } },
      headers: { "Idempotency-Key": `who-${aAccount.tokenId}` },
    });
    expect(aOrder.status, aOrder.text).toBe(201);
    for (const path of [`/orders/${aOrder.body.order.id}`, `/orders/${aOrder.body.order.id}/tracking`, `/checkout/attempts/${aOrder.body.attemptId}`]) {
      const res = await b.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ status: 404 });
    }
    expect((await b.post(`/orders/${aOrder.body.order.id}/reorder`)).status).toBe(404);
    expect((await b.get<{ items: unknown[] }>("/orders")).body.items).toEqual([]);
    expect((await a.get(`/orders/${aOrder.body.order.id}`)).status).toBe(200);
    await a.post("/cart/items", { variantId, quantity: 1 });
    expect(JSON.stringify((await b.get("/auth/tokens")).body)).not.toContain(aAccount.tokenId);
    expect((await a.get("/cart")).body).toMatchObject({ itemCount: 1 });
    expect((await a.get("/me")).status).toBe(200);

    // The administrator: the same API, as their own customer account.
    const boss = app();
    const admin = await signUp(boss, ADMIN);
    expect(admin.user.role).toBe("admin");
    expect((await boss.get("/cart")).status).toBe(200);
    expect((await boss.get("/products?q=tee")).status).toBe(200);
    expect((await boss.get("/products/harlem-classic-tee")).status).toBe(200);

    // Tokens that are not good: a 401 problem, on public operations too.
    const [raw, signature] = a.token!.split(".");
    const forged = `${raw}.${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BB" : "AA"}`;
    for (const header of [`Bearer ${raw}`, `Bearer ${forged}`, "Bearer short", "Basic YWxhZGRpbjpvcGVuc2VzYW1l", `Bearer ${"x".repeat(600)}`, "Bearer"]) {
      for (const path of ["/me", "/cart", "/products", "/orders", "/checkout"]) {
        const res = await app().get(path, { Authorization: header });
        expect(res.status, `${header.slice(0, 30)} ${path}`).toBe(401);
        expect(res.body).toMatchObject({ code: "invalid_token" });
        expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
      }
    }

    // A revoked token: refused from the moment it is revoked elsewhere.
    const other = app();
    const second = await other.post<{ token: string; tokenId: string }>("/auth/sign-in", { email: aAccount.email, password: PASSWORD });
    other.token = second.body.token;
    expect((await other.delete(`/auth/tokens/${aAccount.tokenId}`)).status).toBe(204);
    expect((await a.get("/me")).status).toBe(401);
    expect((await a.get("/orders")).status).toBe(401);
    expect((await other.get("/me")).status).toBe(200);
    expect((await other.get<{ items: unknown[] }>("/orders")).body.items).toHaveLength(1);
  });
});

describe("Settings on the web", () => {
  it("lists the app's tokens beside the browser and revokes one, which the app then finds refused", async () => {
    const phone = app();
    const { email, tokenId } = await signUp(phone);
    const browser = new Client(base);
    expect((await browser.post("/login", { intent: "signin", email, password: PASSWORD, redirectTo: "/" })).status).toBe(302);
    const page = await Client.text(await browser.get("/settings"));
    expect(page).toContain("Where you're signed in");
    expect(page).toContain("EastHarlemApp 1.0");
    expect(page).toContain("This browser");
    expect(page).toContain(`value="${tokenId}"`);

    // Another account's session is not found from this one.
    const stranger = app();
    const other = await signUp(stranger);
    const refused = await browser.post("/settings", { intent: "revoke", sessionId: other.tokenId });
    expect(refused.status).toBe(404);
    await refused.arrayBuffer();
    expect((await stranger.get("/me")).status).toBe(200);

    const revoked = await browser.post("/settings", { intent: "revoke", sessionId: tokenId });
    expect(revoked.status).toBe(200);
    expect(await Client.text(revoked)).toContain("Signed out there.");
    expect((await phone.get("/me")).status).toBe(401);
    expect(await Client.text(await browser.get("/settings"))).not.toContain(`value="${tokenId}"`);
  });
});

describe("limits", () => {
  it("counts requests per address and per token, says so in RateLimit headers, and answers 429 past them", async () => {
    const c = app();
    let last = await c.get("/collections");
    expect(last.headers.get("ratelimit-policy")).toBe(`"address";q=${LIMITS.perAddress};w=60`);
    expect(last.headers.get("ratelimit")).toMatch(new RegExp(`^"address";r=${LIMITS.perAddress - 1};t=\\d+$`));
    for (let i = 1; i < LIMITS.perAddress; i++) last = await c.get("/collections");
    expect(last.status).toBe(200);
    const refused = await c.get("/collections");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const retry = Number(refused.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.body).toMatchObject({ status: 429, code: "rate_limited", retryAfterSeconds: retry, detail: `Too many requests. Please try again in ${retry} seconds.` });
    expect(refused.headers.get("ratelimit")).toMatch(/^"address";r=0;t=\d+$/);
    const spanish = new ApiClient(base, { address: c.options.address, language: "es" });
    expect((await spanish.get("/collections")).body.detail).toMatch(/^Demasiadas solicitudes/);
    // Another address is not held back.
    expect((await app().get("/collections")).status).toBe(200);

    // One token from many addresses: its own limit.
    const holder = app();
    await signUp(holder);
    let answer = await holder.get("/me");
    for (let i = 0; answer.status === 200 && i < LIMITS.perToken + 2; i++) {
      const moved = new ApiClient(base, { address: `198.51.100.${i + 1}` });
      moved.token = holder.token;
      answer = await moved.get("/me");
    }
    expect(answer.status).toBe(429);
    expect(answer.headers.get("ratelimit-policy")).toContain(`"token";q=${LIMITS.perToken};w=60`);
    expect(answer.headers.get("ratelimit")).toMatch(/"token";r=0;t=\d+/);
  });
});

describe("browsers on other sites", () => {
  it("get no CORS permission unless their origin is configured, and never with credentials", async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/api/v1/cart`, { method: "OPTIONS", headers: { Origin: origin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization", "X-Forwarded-For": "192.0.2.251" } });
    const allowed = await preflight(APP_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(allowed.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();
    const other = await preflight("https://evil.example");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const read = await fetch(`${base}/api/v1/products`, { headers: { Origin: "https://evil.example", "X-Forwarded-For": "192.0.2.252" } });
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
    const ours = await fetch(`${base}/api/v1/products`, { headers: { Origin: APP_ORIGIN, "X-Forwarded-For": "192.0.2.252" } });
    expect(ours.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(ours.headers.get("access-control-expose-headers")).toMatch(/ETag/);
    // A page of another site cannot post to the API as the shopper: it takes bearer tokens only, never the session cookie.
    const browser = new Client(base);
    const web = await browser.post("/login", { intent: "register", email: newEmail(), password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on", redirectTo: "/" });
    expect(web.status).toBe(302);
    const withCookie = await browser.send("/api/v1/me", { method: "GET", headers: { Origin: "https://evil.example", "X-Forwarded-For": "192.0.2.253" } });
    expect(withCookie.status).toBe(401);
    // The cart answers guests too (X-Cart-Token): with the cookie alone it is nobody's, not the account's.
    const cart = await browser.send("/api/v1/cart", { method: "GET", headers: { Origin: "https://evil.example", "X-Forwarded-For": "192.0.2.253" } });
    expect(await cart.json()).toMatchObject({ itemCount: 0, cartToken: null });
  });
});

describe("what the store recorded", () => {
  it("recorded the app's searches, product views and adds to cart as mobile, none of the administrator's, and refuses a token past its expiry", async () => {
    const { events, adminEvents } = await withDatabase(async (db) => {
      const events = rowsOf<{ type: string; source: string; user_id: string | null; query: string | null; product_id: number | null; quantity: number | null; order_id: string | null; value_cents: number | null }>(
        await db.execute(sql`select type, source, user_id, query, product_id, quantity, order_id, value_cents from analytics_events where session_id = ${VISIT} order by id`),
      );
      const adminEvents = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from analytics_events e join users u on u.id = e.user_id where u.email = ${ADMIN}`));
      // The journey's second token, past its expiry.
      await db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where token = ${journey.token.split(".")[0]!}`);
      return { events, adminEvents };
    });
    const types = events.map((e) => e.type);
    for (const type of ["search", "product_view", "add_to_cart", "checkout_started", "purchase"]) expect(types, type).toContain(type);
    expect(events.every((e) => e.source === "mobile")).toBe(true);
    expect(events.find((e) => e.type === "search")).toMatchObject({ query: "hoodie", user_id: journey.userId });
    expect(events.find((e) => e.type === "add_to_cart")).toMatchObject({ quantity: 2 });
    expect(events.find((e) => e.type === "checkout_started")).toMatchObject({ quantity: 3, user_id: journey.userId });
    expect(events.filter((e) => e.type === "purchase")).toEqual([expect.objectContaining({ order_id: journey.orderId, value_cents: journey.totalCents, quantity: 3, user_id: journey.userId })]);
    expect(adminEvents[0]!.n).toBe(0);

    const expired = new ApiClient(base, { address: "192.0.2.254" });
    expired.token = journey.token;
    const res = await expired.get("/me");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "invalid_token" });
  }, 240_000); // on the embedded database the server is stopped to read it, then started again: slow on a busy machine
});
