import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "../server/api/index.ts";
import { MESSAGES } from "./messages.ts";
import { ApiClient, loadContract, type ApiAnswer } from "./api-client.ts";
import { Client, rawRequest } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { linkIn, startMailCatcher } from "./mail-catcher.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// The API's contract over HTTP, against the production server as its own process: the published OpenAPI
// document is valid, every documented operation is called, and every answer (successes and problems alike)
// matches what the document says of it. Then hostile input: nothing a client sends gets a 5xx.
let store: SeededStore;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let contract: Awaited<ReturnType<typeof loadContract>>;
let base = "";
const PASSWORD = "uptown-2024";
const ADMIN = `contract-boss-${Date.now()}@east-harlem.test`;
let n = 0;
const newEmail = () => `app${++n}-${Date.now()}@east-harlem.test`;
/** Each app comes from its own address (X-Forwarded-For through the trusted local proxy), so limits and throttles stay apart. */
const app = (options: { language?: string } = {}) => new ApiClient(base, { ...options, address: `203.0.113.${++n % 250}` });

beforeAll(async () => {
  mail = await startMailCatcher();
  store = await startSeededStore({ SMTP_URL: mail.url, TRUSTED_PROXIES: "127.0.0.1", ADMIN_EMAILS: ADMIN });
  base = store.server.url;
  contract = await loadContract(base);
}, 240_000);
afterAll(async () => {
  await store?.stop();
  await mail?.close();
});

/** Calls the API and holds the answer to the contract. */
async function call<T = Record<string, unknown>>(client: ApiClient, method: string, path: string, json?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>> {
  const answer = await client.call<T>(method, path, { ...(json === undefined ? {} : { json }), ...(headers ? { headers } : {}) });
  contract.check(method, path, answer as ApiAnswer<unknown>);
  return answer;
}

async function signedUp(client: ApiClient, email = newEmail()): Promise<ApiAnswer> {
  const res = await call(client, "POST", "/auth/sign-up", { email, password: PASSWORD, acceptTerms: true, displayName: "Ana Rivera" });
  expect(res.status, res.text).toBe(201);
  client.token = res.body.token as string;
  return res;
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document, served as JSON, describing every operation with an id", () => {
    expect(contract.validation).toMatchObject({ valid: true });
    expect(contract.document.openapi).toBe("3.1.0");
    expect(new Set(contract.operationIds).size).toBe(contract.operationIds.length);
    expect(contract.operationIds).toEqual(expect.arrayContaining(["listProducts", "getProduct", "listCollections", "signUp", "signIn", "signOut", "requestPasswordReset", "resendVerification", "getMe", "listTokens", "revokeToken", "getCart", "addCartItem", "updateCartItem", "removeCartItem", "getCheckout", "placeOrder", "getCheckoutAttempt", "listOrders", "getOrder", "getOrderTracking", "reorder"]));
  });

  it("has a readable reference page served by the store itself, under its Content-Security-Policy", async () => {
    const page = await fetch(`${base}/api/v1/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    // The API's pages and answers have no inline script: one policy for all of them, without a nonce.
    expect(page.headers.get("content-security-policy")).not.toMatch(/nonce-/);
    const json = await fetch(`${base}/api/v1/products`);
    expect(json.headers.get("content-security-policy")).toBe(page.headers.get("content-security-policy"));
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    // No inline script (the policy would refuse it) and nothing from another origin.
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    for (const src of [...scripts, ...[...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!)]) {
      expect(src.startsWith("/api/v1/docs/"), src).toBe(true);
      const asset = await fetch(`${base}${src}`);
      expect(asset.status, src).toBe(200);
      await asset.arrayBuffer();
    }
  });
});

describe("compression", () => {
  it("sends the document, the reference page's files and a signed-in app's answers compressed when asked", async () => {
    const doc = await fetch(`${base}/api/v1/openapi.json`, { headers: { "accept-encoding": "gzip" } });
    expect(doc.headers.get("content-encoding")).toBe("gzip");
    expect(((await doc.json()) as { openapi: string }).openapi).toBe("3.1.0");
    const bundle = await fetch(`${base}/api/v1/docs/assets/swagger-ui-bundle.js`, { headers: { "accept-encoding": "br" } });
    expect(bundle.headers.get("content-encoding")).toBe("br");
    await bundle.arrayBuffer();

    const c = app();
    await signedUp(c);
    const product = await call<{ variants: { id: number; available: number }[] }>(c, "GET", "/products/harlem-classic-tee");
    // Two lines: past the 512 bytes below which nothing is compressed.
    for (const variant of product.body.variants.filter((v) => v.available > 2).slice(0, 2)) {
      expect((await call(c, "POST", "/cart/items", { variantId: variant.id, quantity: 1 })).status).toBe(201);
    }
    const cart = await fetch(`${base}/api/v1/cart`, { headers: { authorization: `Bearer ${c.token}`, "accept-encoding": "gzip", "x-forwarded-for": "203.0.113.252" } });
    expect(cart.status).toBe(200);
    expect(cart.headers.get("content-encoding")).toBe("gzip");
    expect(((await cart.json()) as { itemCount: number }).itemCount).toBe(2);
  });
});

describe("the catalogue", () => {
  it("lists products a page at a time with the shop's filters, search and sort", async () => {
    const c = app();
    const all = await call<{ items: { slug: string; basePriceCents: number; category: string }[]; total: number; pageCount: number; nextPage: number | null }>(c, "GET", "/products");
    expect(all.status).toBe(200);
    expect(all.body.items.length).toBeGreaterThan(0);
    expect(all.body.items.length).toBeLessThanOrEqual(12);
    const music = await call<{ items: { category: string }[] }>(c, "GET", "/products?category=music");
    expect(music.body.items.length).toBeGreaterThan(0);
    expect(music.body.items.every((p) => p.category === "music")).toBe(true);
    const cheap = await call<{ items: { basePriceCents: number }[] }>(c, "GET", "/products?sort=price-asc");
    const prices = cheap.body.items.map((p) => p.basePriceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const search = await call<{ items: { name: string }[]; total: number }>(c, "GET", "/products?q=hoodie");
    expect(search.body.total).toBeGreaterThan(0);
    expect(search.body.items.some((p) => /hoodie/i.test(p.name))).toBe(true);
    // Past the end: the last page, as the shop does; values the shop does not know fall back to its defaults.
    const past = await call<{ page: number; pageCount: number; nextPage: number | null }>(c, "GET", "/products?page=9999&category=nonsense&sort=sideways");
    expect(past.body.page).toBe(past.body.pageCount);
    expect(past.body.nextPage).toBeNull();
  });

  it("answers 304 to a matching If-None-Match, and another ETag in Spanish", async () => {
    const c = app();
    const first = await call(c, "GET", "/products?category=apparel");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await c.get("/products?category=apparel", { "If-None-Match": etag });
    contract.check("GET", "/products", again as ApiAnswer<unknown>);
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    const spanish = await app({ language: "es" }).get("/products?category=apparel", { "If-None-Match": etag });
    expect(spanish.status).toBe(200);
    expect(spanish.headers.get("content-language")).toBe("es");
    expect(spanish.headers.get("etag")).not.toBe(etag);
    const collections = await call(c, "GET", "/collections");
    expect(collections.status).toBe(200);
    const unchanged = await c.get("/collections", { "If-None-Match": `W/${collections.headers.get("etag")}, "other"` });
    expect(unchanged.status).toBe(304);
  });

  it("shows a product with its variants, stock label, images and rating; Spanish texts when asked", async () => {
    const en = await call<{ slug: string; variants: { id: number; stockLabel: string; available: number; color: string | null; colorName: string | null }[]; art: string; url: string }>(app(), "GET", "/products/harlem-classic-tee");
    expect(en.status).toBe(200);
    const variant = en.body.variants.find((v) => v.available > 0)!;
    expect(variant.stockLabel).toBe(`${variant.available} in stock`);
    expect(en.body.art).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/art\//);
    const es = await call<{ description: string; categoryName: string; tags: string[]; tagNames: string[]; variants: { colorName: string | null; color: string | null; stockLabel: string }[]; url: string }>(app({ language: "es-US,es;q=0.9" }), "GET", "/products/harlem-classic-tee");
    expect(es.body.categoryName).toBe("Ropa");
    expect(es.body.tags).toContain("cotton");
    expect(es.body.tagNames[es.body.tags.indexOf("cotton")]).toBe("algodón");
    expect(es.body.variants.find((v) => v.color === "Black")?.colorName).toBe("Negro");
    expect(es.body.variants[0]!.stockLabel).toMatch(/disponibles?|agotado/i);
    expect(es.body.url).toContain("/es/shop/harlem-classic-tee");
    const missing = await call(app(), "GET", "/products/no-such-tee");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(missing.body).toMatchObject({ status: 404, title: "Not Found", detail: "Product not found" });
    expect((await call(app(), "GET", "/products/NOT_a_slug")).status).toBe(404);
  });
});

describe("a drop's line", () => {
  it("answers 404 to joining or reading a place where there is no waiting room (the answers with a place: drop-queue-http)", async () => {
    const c = app();
    const join = await call<{ code: string }>(c, "POST", "/products/harlem-classic-tee/queue");
    expect(join.status).toBe(404);
    expect(join.body.code).toBe("queue.not_queued");
    const read = await call<{ code: string }>(c, "GET", "/products/harlem-classic-tee/queue");
    expect(read.status).toBe(404);
    expect((await call(c, "GET", "/products/no-such-thing/queue")).status).toBe(404);
  });
});

describe("accounts", () => {
  it("signs up with the form's rules and messages, mails the verification link, and answers with a working token", async () => {
    const c = app();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "not-an-email", password: PASSWORD, acceptTerms: true }, "email", MESSAGES.invalidEmail],
      [{ email: newEmail(), password: "abc", acceptTerms: true }, "password", MESSAGES.passwordTooShort],
      [{ email: newEmail(), password: PASSWORD, acceptTerms: false }, "acceptTerms", MESSAGES.acceptTerms],
      [{ password: PASSWORD, acceptTerms: true }, "email", MESSAGES.fillRequired],
      [{ email: newEmail(), password: 123456, acceptTerms: "yes" }, "password", MESSAGES.fillRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await call<{ errors: { field: string; message: string }[]; code: string }>(c, "POST", "/auth/sign-up", body);
      expect(res.status, message).toBe(400);
      expect(res.body.code).toBe("validation");
      expect(res.body.errors.find((e) => e.field === field)?.message, JSON.stringify(res.body)).toBe(message);
    }
    const email = newEmail();
    const made = await signedUp(c, email);
    expect(made.body).toMatchObject({ tokenType: "Bearer", user: { email, displayName: "Ana Rivera", emailVerified: false, role: "customer" } });
    const verification = await mail.waitFor(email, /Verify your email/);
    const link = linkIn(verification, `${base}/api/auth/verify-email`);
    expect(link).toContain("token=");
    // Again, as the profile's button sends it, then verified: refused.
    const resent = await call(c, "POST", "/auth/verification");
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual({ message: "Verification email sent. Check your inbox." });
    // The mail leaves through the job queue: as long as waitFor allows (expect.poll's own default is 1 s).
    await expect.poll(() => mail.mails.filter((m) => m.to.includes(email) && /Verify your email/.test(m.subject)).length, { timeout: 15_000 }).toBe(2);
    expect((await fetch(link, { redirect: "manual" })).status).toBe(302);
    const verified = app();
    verified.token = (await call<{ token: string }>(verified, "POST", "/auth/sign-in", { email, password: PASSWORD })).body.token;
    const already = await call(verified, "POST", "/auth/verification");
    expect(already.status).toBe(409);
    expect(already.body).toMatchObject({ code: "accounts.already_verified", detail: MESSAGES.resendFailed });
    const me = await call(c, "GET", "/me");
    expect(me.body).toMatchObject({ email });
    const again = await call(app(), "POST", "/auth/sign-up", { email, password: PASSWORD, acceptTerms: true });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "accounts.email_in_use", detail: MESSAGES.emailInUse });
  });

  it("signs in and out, lists and revokes tokens, with the web's messages (in Spanish when asked)", async () => {
    const email = newEmail();
    await signedUp(app(), email);
    const wrong = await call(app(), "POST", "/auth/sign-in", { email, password: "not-the-one" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ detail: MESSAGES.wrongPassword });
    const nobody = await call(app({ language: "es" }), "POST", "/auth/sign-in", { email: `nobody-${email}`, password: PASSWORD });
    expect(nobody.status).toBe(401);
    expect(nobody.body.detail).toMatch(/cuenta/i);
    const empty = await call(app(), "POST", "/auth/sign-in", {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ detail: MESSAGES.fillAll });

    const phone = app();
    const signedIn = await call<{ token: string; tokenId: string; expiresAt: string }>(phone, "POST", "/auth/sign-in", { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    phone.token = signedIn.body.token;
    expect(Date.parse(signedIn.body.expiresAt)).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    const tablet = app();
    tablet.token = (await call<{ token: string }>(tablet, "POST", "/auth/sign-in", { email, password: PASSWORD })).body.token;

    const tokens = await call<{ items: { id: string; current: boolean; device: string | null }[] }>(phone, "GET", "/auth/tokens");
    expect(tokens.body.items.length).toBe(3); // the sign-up's, the phone's and the tablet's
    expect(tokens.body.items.filter((t) => t.current).map((t) => t.id)).toEqual([signedIn.body.tokenId]);
    expect(tokens.body.items[0]!.device).toBe("EastHarlemApp/1.0 (test)");
    expect(JSON.stringify(tokens.body)).not.toContain(phone.token);

    const tabletId = tokens.body.items.find((t) => !t.current && t.id !== signedIn.body.tokenId)!.id;
    expect((await call(phone, "DELETE", `/auth/tokens/${tabletId}`)).status).toBe(204);
    const gone = await call(phone, "DELETE", `/auth/tokens/${tabletId}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: "accounts.session_not_found" });

    expect((await call(phone, "POST", "/auth/sign-out")).status).toBe(204);
    const after = await call(phone, "GET", "/me");
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });

  it("throttles wrong passwords per account and address as the web does, with Retry-After", async () => {
    const email = newEmail();
    await signedUp(app(), email);
    const guesser = app();
    let last: ApiAnswer | null = null;
    for (let i = 0; i < 7; i++) last = await call(guesser, "POST", "/auth/sign-in", { email, password: `guess-${i}` });
    expect(last!.status).toBe(429);
    expect(last!.body).toMatchObject({ code: "accounts.too_many_attempts", detail: MESSAGES.tooManyRequests });
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // The owner, from elsewhere, is not locked out.
    expect((await call(app(), "POST", "/auth/sign-in", { email, password: PASSWORD })).status).toBe(200);
  });

  it("mails a reset link with the same answer whether or not the account exists", async () => {
    const email = newEmail();
    await signedUp(app(), email);
    const known = await call(app(), "POST", "/auth/password-reset", { email });
    const unknown = await call(app(), "POST", "/auth/password-reset", { email: `nobody-${email}` });
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect((await mail.waitFor(email, /reset/i)).text).toContain(`${base}/api/auth/reset-password/`);
    const bad = await call(app(), "POST", "/auth/password-reset", { email: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ field: "email", message: MESSAGES.invalidEmail }] });
  });
});

describe("the cart", () => {
  it("adds, changes and removes lines with the web's stock rules and messages", async () => {
    const c = app();
    await signedUp(c);
    const empty = await call(c, "GET", "/cart");
    expect(empty.body).toMatchObject({ lines: [], itemCount: 0, subtotalCents: 0 });
    const product = await call<{ variants: { id: number; available: number; priceCents: number }[] }>(c, "GET", "/products/harlem-classic-tee");
    const variant = product.body.variants.find((v) => v.available > 2)!;

    const added = await call<{ lines: { id: number; quantity: number; lineTotalCents: number }[]; itemCount: number }>(c, "POST", "/cart/items", { variantId: variant.id, quantity: 2 });
    expect(added.status).toBe(201);
    expect(added.body.lines).toEqual([expect.objectContaining({ id: variant.id, quantity: 2, lineTotalCents: 2 * variant.priceCents })]);

    const tooMany = await call(c, "POST", "/cart/items", { variantId: variant.id, quantity: 99 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: "cart.insufficient_stock" });
    expect(tooMany.body.detail).toMatch(new RegExp(`^Only ${variant.available} of Harlem Classic Tee \\(.+\\) available, and your cart already has 2\\.$`));
    const spanish = new ApiClient(base, { address: "203.0.113.251", language: "es" });
    spanish.token = c.token;
    expect((await call(spanish, "POST", "/cart/items", { variantId: variant.id, quantity: 99 })).body.detail).toMatch(/^Solo quedan/);

    const badQuantity = await call(c, "POST", "/cart/items", { variantId: variant.id, quantity: 0 });
    expect(badQuantity.status).toBe(400);
    expect(badQuantity.body).toMatchObject({ errors: [{ field: "quantity", message: "Quantity must be a whole number from 1 to 99." }] });
    const unknown = await call(c, "POST", "/cart/items", { variantId: 999_999, quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "cart.variant_not_found", detail: "This item is no longer available." });

    const changed = await call<{ lines: { quantity: number }[] }>(c, "PATCH", `/cart/items/${variant.id}`, { quantity: 3 });
    expect(changed.body.lines[0]!.quantity).toBe(3);
    expect((await call(c, "PATCH", `/cart/items/${variant.id}`, { quantity: variant.available + 1 })).status).toBe(409);
    const notThere = await call(c, "PATCH", `/cart/items/${variant.id + 1}`, { quantity: 1 });
    expect(notThere.status).toBe(404);
    expect(notThere.body).toMatchObject({ detail: "That item is not in your cart." });
    const removed = await call(c, "DELETE", `/cart/items/${variant.id}`);
    expect(removed.body).toMatchObject({ lines: [], itemCount: 0 });
    await call(c, "POST", "/cart/items", { variantId: variant.id, quantity: 1 });
    expect((await call(c, "PATCH", `/cart/items/${variant.id}`, { quantity: 0 })).body).toMatchObject({ lines: [] });
  });

  it("keeps a guest's cart by the token it gives, and joins it to the account at sign-in as the web does", async () => {
    const guest = app();
    expect((await call(guest, "GET", "/cart")).body).toMatchObject({ lines: [], itemCount: 0, cartToken: null });
    const product = await call<{ variants: { id: number; available: number }[] }>(guest, "GET", "/products/harlem-classic-tee");
    const [first, second] = product.body.variants.filter((v) => v.available > 3);
    // Nothing to change before there is a cart.
    expect((await call(guest, "PATCH", `/cart/items/${first!.id}`, { quantity: 1 })).status).toBe(404);
    const made = await call<{ cartToken: string; itemCount: number }>(guest, "POST", "/cart/items", { variantId: first!.id, quantity: 1 });
    expect(made.status).toBe(201);
    const token = made.headers.get("x-cart-token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.body.cartToken).toBe(token);
    const withToken = { "X-Cart-Token": token };
    const more = await call<{ lines: { variantId: number; quantity: number }[] }>(guest, "POST", "/cart/items", { variantId: first!.id, quantity: 1 }, withToken);
    expect(more.body.lines).toEqual([expect.objectContaining({ variantId: first!.id, quantity: 2 })]);
    expect(more.headers.get("x-cart-token")).toBeNull();
    await call(guest, "POST", "/cart/items", { variantId: second!.id, quantity: 1 }, withToken);
    expect((await call(guest, "DELETE", `/cart/items/${second!.id}`, undefined, withToken)).body).toMatchObject({ itemCount: 2 });
    // Without the token, or with a malformed one, the guest's cart is not reached.
    expect((await call(app(), "GET", "/cart")).body).toMatchObject({ itemCount: 0 });
    const malformed = await call(app(), "GET", "/cart", undefined, { "X-Cart-Token": "not-a-token" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ errors: [{ field: "header.x-cart-token" }] });

    // An account with a line of its own; the guest signs in sending the token: the carts join.
    const owner = app();
    const email = newEmail();
    await signedUp(owner, email);
    await call(owner, "POST", "/cart/items", { variantId: first!.id, quantity: 1 });
    const signedIn = await call<{ token: string }>(app(), "POST", "/auth/sign-in", { email, password: PASSWORD }, withToken);
    expect(signedIn.status).toBe(200);
    guest.token = signedIn.body.token;
    const joined = await call<{ lines: { variantId: number; quantity: number }[]; cartToken: string | null }>(guest, "GET", "/cart");
    expect(joined.body.lines).toEqual([expect.objectContaining({ variantId: first!.id, quantity: 3 })]);
    expect(joined.body.cartToken).toBeNull();
    // The guest token names nothing any more: the account's cart is not reached through it.
    expect((await call(app(), "GET", "/cart", undefined, withToken)).body).toMatchObject({ itemCount: 0 });
    // A guest's cart given to sign-up becomes the new account's.
    const another = app();
    const guestCart = await call<{ cartToken: string }>(another, "POST", "/cart/items", { variantId: second!.id, quantity: 2 });
    const up = await call<{ token: string }>(another, "POST", "/auth/sign-up", { email: newEmail(), password: PASSWORD, acceptTerms: true }, { "X-Cart-Token": guestCart.body.cartToken });
    another.token = up.body.token;
    expect((await call(another, "GET", "/cart")).body).toMatchObject({ itemCount: 2, cartToken: null });
  });

  it("answers a repeated add under the same Idempotency-Key once, and refuses the key for another add", async () => {
    const c = app();
    await signedUp(c);
    const product = await call<{ variants: { id: number; available: number }[] }>(c, "GET", "/products/harlem-classic-tee");
    const variant = product.body.variants.find((v) => v.available > 3)!;
    const key = { "Idempotency-Key": `add-${Date.now()}` };
    const first = await call<{ itemCount: number }>(c, "POST", "/cart/items", { variantId: variant.id, quantity: 1 }, key);
    const again = await call<{ itemCount: number }>(c, "POST", "/cart/items", { quantity: 1, variantId: variant.id }, key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await call(c, "GET", "/cart")).body).toMatchObject({ itemCount: 1 });
    const other = await call(c, "POST", "/cart/items", { variantId: variant.id, quantity: 2 }, key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: "idempotency.key_reused", detail: "This Idempotency-Key was already used for a different request." });
    const bad = await call(c, "POST", "/cart/items", { variantId: variant.id, quantity: 1 }, { "Idempotency-Key": "has spaces" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ field: "header.idempotency-key" }] });
  });

  it("is refused to guests where an account is needed", async () => {
    const guest = app();
    for (const [method, path, body] of [["GET", "/me"], ["GET", "/auth/tokens"], ["POST", "/auth/sign-out"], ["GET", "/checkout"], ["POST", "/checkout", { fullName: "A", email: "a@b.co" }], ["GET", "/checkout/attempts/abc"], ["GET", "/orders"], ["GET", "/orders/abcdefghijklmnop"], ["GET", "/orders/abcdefghijklmnop/tracking"], ["POST", "/orders/abcdefghijklmnop/reorder"]] as const) {
      const res = await call(guest, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ code: "unauthorized", detail: "Please sign in." });
    }
  });
});

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/34", cardCvc: "123" };
const DECLINED_CARD = { cardNumber: "4000 0000 0000 0002", cardExpiry: "12/34", cardCvc: "123" };
const billing = (card: unknown = GOOD_CARD) => ({ fullName: "Ana Rivera", email: "ana@east-harlem.test", street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", card });
const keyed = (key: string) => ({ "Idempotency-Key": key });
let keys = 0;
const newKey = () => `${Date.now()}-${++keys}-0f3c1a`;

describe("checkout and orders", () => {
  it("summarises the order, pays with the test card once per key, and shows the order to its owner only", async () => {
    const c = app();
    await signedUp(c);
    const product = await call<{ variants: { id: number; available: number; priceCents: number }[] }>(c, "GET", "/products/harlem-classic-tee");
    const variant = product.body.variants.find((v) => v.available > 3)!;
    await call(c, "POST", "/cart/items", { variantId: variant.id, quantity: 2 });

    const summary = await call<{ subtotalCents: number; taxCents: number; shippingCents: number; totalCents: number; lines: unknown[]; payment: { provider: string } }>(c, "GET", "/checkout");
    expect(summary.status).toBe(200);
    const subtotal = 2 * variant.priceCents;
    expect(summary.body).toMatchObject({ subtotalCents: subtotal, taxCents: Math.round(subtotal * 0.08), shippingCents: 0, totalCents: subtotal + Math.round(subtotal * 0.08), payment: { provider: "test" } });
    expect(summary.body.lines).toHaveLength(1);

    // The key is required; the card's and the billing fields' messages are the web's.
    const noKey = await call(c, "POST", "/checkout", billing());
    expect(noKey.status).toBe(400);
    expect(noKey.body).toMatchObject({ detail: "This request needs an Idempotency-Key header.", errors: [{ field: "header.idempotency-key" }] });
    const noCard = await call<{ errors: { field: string; message: string }[] }>(c, "POST", "/checkout", billing({}), keyed(newKey()));
    expect(noCard.status).toBe(400);
    expect(noCard.body.errors).toContainEqual({ field: "card.cardNumber", message: "Enter your card number." });
    const noName = await call<{ errors: { field: string; message: string }[] }>(c, "POST", "/checkout", { ...billing(), fullName: "" }, keyed(newKey()));
    expect(noName.body.errors).toContainEqual({ field: "fullName", message: "Full name is required." });
    const declined = await call(c, "POST", "/checkout", billing(DECLINED_CARD), keyed(newKey()));
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ code: "checkout.payment_failed" });

    const key = newKey();
    const paid = await call<{ status: string; attemptId: string; order: { id: string; number: string; totalCents: number } }>(c, "POST", "/checkout", billing(), keyed(key));
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({ status: "completed", order: { number: expect.stringMatching(/^EH-\d+$/), totalCents: summary.body.totalCents } });
    // Sent again (a lost answer): the same answer, no second order; another body under the key: refused.
    const replay = await call(c, "POST", "/checkout", billing(), keyed(key));
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(paid.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const reused = await call(c, "POST", "/checkout", { ...billing(), fullName: "Someone Else" }, keyed(key));
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: "idempotency.key_reused" });
    expect((await call(c, "GET", "/cart")).body).toMatchObject({ itemCount: 0 });
    const empty = await call(c, "POST", "/checkout", billing(), keyed(newKey()));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: "checkout.empty_cart", detail: "Your cart is empty" });
    const attempt = await call(c, "GET", `/checkout/attempts/${paid.body.attemptId}`);
    expect(attempt.body).toMatchObject({ status: "completed", order: { id: paid.body.order.id } });

    const orderId = paid.body.order.id;
    const list = await call<{ items: { id: string; status: string; itemCount: number }[]; nextPage: number | null; page: number }>(c, "GET", "/orders");
    expect(list.body.items.map((o) => o.id)).toEqual([orderId]);
    expect(list.body).toMatchObject({ page: 1, nextPage: null });
    const status = list.body.items[0]!.status;
    expect((await call<{ items: unknown[] }>(c, "GET", `/orders?status=${status}`)).body.items).toHaveLength(1);
    expect((await call<{ items: unknown[] }>(c, "GET", "/orders?status=cancelled")).body.items).toHaveLength(0);
    expect((await call<{ items: unknown[]; page: number }>(c, "GET", "/orders?status=nonsense&page=x")).body).toMatchObject({ page: 1, items: [expect.anything()] });
    const detail = await call(c, "GET", `/orders/${orderId}`);
    expect(detail.body).toMatchObject({ id: orderId, paymentMethod: "Visa ending in 4242", customerName: "Ana Rivera", itemCount: 2, shippingAddress: { city: "New York" } });
    const spanish = new ApiClient(base, { address: "203.0.113.252", language: "es" });
    spanish.token = c.token;
    expect((await call<{ paymentMethod: string }>(spanish, "GET", `/orders/${orderId}`)).body.paymentMethod).toMatch(/terminada en 4242/);
    const tracking = await call<{ trackingNumber: string | null; steps: { status: string; state: string; label: string }[] }>(c, "GET", `/orders/${orderId}/tracking`);
    expect(tracking.body.trackingNumber).toBeNull();
    expect(tracking.body.steps.map((s) => s.status)).toEqual(["pending", "processing", "shipped", "delivered"]);
    expect(tracking.body.steps[0]).toMatchObject({ label: "Order placed", state: "done" });
    const early = await call(c, "POST", `/orders/${orderId}/reorder`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: "orders.not_reorderable", detail: "Only delivered orders can be reordered." });

    // Another customer: the order, its tracking, its reorder and its checkout are not found.
    const stranger = app();
    await signedUp(stranger);
    for (const path of [`/orders/${orderId}`, `/orders/${orderId}/tracking`, "/orders/not-an-order-id", `/checkout/attempts/${paid.body.attemptId}`]) {
      const res = await call(stranger, "GET", path);
      expect(res.status, path).toBe(404);
    }
    expect((await call(stranger, "POST", `/orders/${orderId}/reorder`)).status).toBe(404);
    expect((await call<{ items: unknown[] }>(stranger, "GET", "/orders")).body.items).toEqual([]);
    // The same Idempotency-Key is another shopper's own: it does not answer with the first one's order.
    expect((await call(stranger, "POST", "/checkout", billing(), keyed(key))).status).toBe(400);

    // Shipped and delivered by the store: tracked, then bought again.
    const admin = new Client(base);
    await registerOverHttp(admin, ADMIN, "Store Boss");
    expect((await admin.post(`/admin/orders/${orderId}`, { intent: "ship", carrier: "UPS", trackingNumber: "1Z999AA10123456784" })).status).toBeLessThan(400);
    expect((await admin.post(`/admin/orders/${orderId}`, { intent: "deliver" })).status).toBeLessThan(400);
    const delivered = await call<{ trackingNumber: string; carrier: string; steps: { state: string }[] }>(c, "GET", `/orders/${orderId}/tracking`);
    expect(delivered.body).toMatchObject({ trackingNumber: "1Z999AA10123456784", carrier: "UPS" });
    expect(delivered.body.steps.map((s) => s.state)).toEqual(["done", "done", "done", "current"]);
    const again = await call<{ addedUnits: number; cart: { lines: { variantId: number; quantity: number }[] } }>(c, "POST", `/orders/${orderId}/reorder`);
    expect(again.status).toBe(200);
    expect(again.body.addedUnits).toBe(2);
    expect(again.body.cart.lines).toEqual([expect.objectContaining({ variantId: variant.id, quantity: 2 })]);
  });

  it("runs one checkout for requests sent at once under one key: the others wait (409) or get its answer", async () => {
    const c = app();
    await signedUp(c);
    const product = await call<{ variants: { id: number; available: number }[] }>(c, "GET", "/products/harlem-classic-tee");
    await call(c, "POST", "/cart/items", { variantId: product.body.variants.find((v) => v.available > 1)!.id, quantity: 1 });
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(c, "POST", "/checkout", billing(), keyed(key))));
    const fresh = answers.filter((a) => a.status === 201 && a.headers.get("idempotent-replayed") === null);
    expect(fresh).toHaveLength(1);
    for (const other of answers.filter((a) => a !== fresh[0])) {
      if (other.status === 409) expect(other.body).toMatchObject({ code: "idempotency.in_progress" });
      else expect(other.text).toBe(fresh[0]!.text);
    }
    expect((await call<{ items: unknown[] }>(c, "GET", "/orders")).body.items).toHaveLength(1);
  });
});

describe("wishlists", () => {
  it("makes, renames, shares and deletes lists, saves and moves items, with the page's rules and messages", async () => {
    const c = app();
    await signedUp(c);
    const tee = await call<{ id: number; variants: { id: number; size: string | null; color: string | null; available: number }[] }>(c, "GET", "/products/harlem-classic-tee");
    const variant = tee.body.variants.find((v) => v.available > 0)!;
    expect((await call(c, "GET", "/wishlists")).body).toEqual({ items: [] });

    // The heart: the first save makes "My Favorites" (in Spanish when asked).
    const saved = await call<{ listId: number; itemId: number; message: string }>(c, "POST", "/wishlist-items", { productId: tee.body.id, size: variant.size, color: variant.color });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe("Saved to your wishlist");
    const again = await call(c, "POST", "/wishlist-items", { productId: tee.body.id, size: variant.size, color: variant.color });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "wishlist.item_exists", detail: "Item already in wishlist" });
    const bad = await call(c, "POST", "/wishlist-items", { productId: "tee" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ field: "productId", message: "This item is no longer available." }] });
    expect((await call(c, "GET", "/wishlist-products")).body).toEqual({ productIds: [tee.body.id] });

    const lists = await call<{ items: { id: number; name: string; first: boolean; itemCount: number }[] }>(c, "GET", "/wishlists");
    expect(lists.body.items).toEqual([expect.objectContaining({ id: saved.body.listId, name: "My Favorites", first: true, itemCount: 1 })]);
    const spanish = new ApiClient(base, { address: "203.0.113.249", language: "es" });
    spanish.token = c.token;
    expect((await call<{ items: { name: string }[] }>(spanish, "GET", "/wishlists")).body.items[0]!.name).toBe("Mis favoritos");

    const made = await call<{ id: number; name: string; items: unknown[] }>(c, "POST", "/wishlists", { name: "Birthday", description: "For June" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Birthday", items: [] });
    expect((await call(c, "POST", "/wishlists", { name: "  " })).body).toMatchObject({ errors: [{ field: "name", message: "Please give the list a name." }] });
    const renamed = await call<{ name: string; description: string }>(c, "PATCH", `/wishlists/${made.body.id}`, { name: "Summer", description: "" });
    expect(renamed.body).toMatchObject({ name: "Summer", description: "" });
    const into = await call<{ itemId: number }>(c, "POST", "/wishlist-items", { productId: tee.body.id, listId: made.body.id });
    expect(into.status).toBe(201);
    const detail = await call<{ items: { id: number; productSlug: string; offer: { priceCents: number | null; availabilityLabel: string; choices: unknown[] } }[] }>(c, "GET", `/wishlists/${made.body.id}`);
    expect(detail.body.items).toEqual([expect.objectContaining({ id: into.body.itemId, productSlug: "harlem-classic-tee" })]);
    expect(detail.body.items[0]!.offer.choices.length).toBeGreaterThan(1);
    expect((await call(c, "PATCH", `/wishlist-items/${into.body.itemId}`, { priority: "high", notes: "Size up" })).body).toEqual({ message: "Item updated" });
    expect((await call(c, "PATCH", `/wishlist-items/${into.body.itemId}`, { priority: "urgent" })).body).toMatchObject({ errors: [{ field: "priority", message: "Choose high, medium or low." }] });

    // Shared: anyone reads it by its code (case forgiven) until it is made private again.
    const shared = await call<{ isPublic: boolean; shareCode: string; shareUrl: string }>(c, "POST", `/wishlists/${made.body.id}/share`);
    expect(shared.body.isPublic).toBe(true);
    expect(shared.body.shareUrl).toBe(`${base}/wishlist/${shared.body.shareCode}`);
    const read = await call<{ name: string; items: { productSlug: string; notes: string; priority: string }[] }>(app(), "GET", `/shared-wishlists/${shared.body.shareCode.toLowerCase()}`);
    expect(read.body).toMatchObject({ name: "Summer", items: [{ productSlug: "harlem-classic-tee", notes: "Size up", priority: "high" }] });
    expect(read.body.items[0]).not.toHaveProperty("id");
    expect(read.body).not.toHaveProperty("id");
    expect((await call(c, "DELETE", `/wishlists/${made.body.id}/share`)).body).toMatchObject({ isPublic: false, shareCode: null });
    const gone = await call(app(), "GET", `/shared-wishlists/${shared.body.shareCode}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: "wishlist.not_found", detail: "That wishlist was not found." });

    // Moving to the cart needs a variant when the saved item names none.
    const choose = await call(c, "POST", `/wishlist-items/${into.body.itemId}/move-to-cart`, {});
    expect(choose.status).toBe(400);
    expect(choose.body).toMatchObject({ code: "wishlist.invalid_options", detail: "Please choose a size and color." });
    expect((await call(c, "POST", `/wishlist-items/${into.body.itemId}/move-to-cart`, { variantId: variant.id })).body).toEqual({ message: "Moved to cart" });
    expect((await call<{ lines: { variantId: number }[] }>(c, "GET", "/cart")).body.lines.map((l) => l.variantId)).toEqual([variant.id]);
    expect((await call(c, "DELETE", `/wishlist-items/${into.body.itemId}`)).status).toBe(404);
    expect((await call(c, "DELETE", `/wishlist-items/${saved.body.itemId}`)).status).toBe(204);

    const first = await call(c, "DELETE", `/wishlists/${saved.body.listId}`);
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: "wishlist.first_list", detail: "Your first list cannot be deleted. You can rename it or remove its items." });
    expect((await call(c, "DELETE", `/wishlists/${made.body.id}`)).status).toBe(204);
    expect((await call(c, "GET", `/wishlists/${made.body.id}`)).status).toBe(404);
    await call(c, "POST", "/wishlist-items", { productId: tee.body.id });
    expect((await call(c, "DELETE", `/wishlist-products/${tee.body.id}`)).body).toEqual({ message: "Removed from your wishlist" });
    expect((await call(c, "GET", "/wishlist-products")).body).toEqual({ productIds: [] });
  });
});

describe("reviews", () => {
  it("writes a review with the form's rules, lists it with the page's filters, sums it up and counts helpful once", async () => {
    const slug = "el-barrio-logo-cap";
    const author = app();
    await signedUp(author);
    const bad = await call(author, "POST", `/products/${slug}/reviews`, { rating: 7, title: "Nice" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ field: "rating", message: "Please choose a rating from 1 to 5 stars." }] });
    const color = await call(author, "POST", `/products/${slug}/reviews`, { rating: 4, color: "Chartreuse" });
    expect(color.status).toBe(400);
    expect(color.body).toMatchObject({ code: "reviews.invalid_option", detail: "Please choose one of this product's colors." });
    const posted = await call<{ id: number; verified: boolean; message: string }>(author, "POST", `/products/${slug}/reviews`, { rating: 4, title: "Sits right", comment: "Good <b>cap</b>" });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ verified: false, message: "Thanks! Your review is posted." });
    const twice = await call(author, "POST", `/products/${slug}/reviews`, { rating: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "reviews.review_exists", detail: "You have already reviewed this product. You can edit your review instead." });
    expect((await call(author, "GET", `/products/${slug}/reviews/mine`)).body).toMatchObject({ id: posted.body.id, rating: 4, hidden: false });
    expect((await call(author, "PATCH", `/products/${slug}/reviews/mine`, { rating: 5, title: "Sits right", comment: "Good <b>cap</b>" })).body).toMatchObject({ message: "Your review is updated." });

    const list = await call<{ items: { id: number; rating: number; comment: string; authorName: string; mine: boolean }[]; total: number; nextPage: number | null }>(author, "GET", `/products/${slug}/reviews?sort=highest`);
    expect(list.body.items[0]).toMatchObject({ id: posted.body.id, rating: 5, comment: "Good <b>cap</b>", authorName: "Ana R.", mine: true });
    expect((await call<{ total: number }>(app(), "GET", `/products/${slug}/reviews?rating=1`)).body.total).toBe(0);
    expect((await call<{ items: unknown[]; page: number }>(app(), "GET", `/products/${slug}/reviews?page=0&sort=sideways`)).body.page).toBe(1);
    const summary = await call<{ totalReviews: number; ratingDistribution: Record<string, number>; averageRating: number }>(app(), "GET", `/products/${slug}/reviews/summary`);
    expect(summary.body).toMatchObject({ totalReviews: 1, averageRating: 5, ratingDistribution: { 5: 1 } });
    expect((await call(app(), "GET", "/products/no-such-cap/reviews/summary")).status).toBe(404);

    const own = await call(author, "POST", `/reviews/${posted.body.id}/helpful`);
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ code: "reviews.own_review", detail: "You can't mark your own review as helpful." });
    const voter = new ApiClient(base, { address: "203.0.113.248", language: "es" });
    await signedUp(voter);
    const vote = await call(voter, "POST", `/reviews/${posted.body.id}/helpful`);
    expect(vote.body).toMatchObject({ counted: true, helpfulCount: 1 });
    expect((await call(voter, "POST", `/reviews/${posted.body.id}/helpful`)).body).toMatchObject({ counted: false, helpfulCount: 1, message: "Ya marcaste esta reseña como útil." });
    expect((await call(voter, "GET", `/products/${slug}/reviews/mine`)).status).toBe(404);
    expect((await call(app(), "POST", `/reviews/${posted.body.id}/helpful`)).status).toBe(401);
  });
});

describe("account settings", () => {
  it("changes the profile and Settings' preferences, and exports the account's data", async () => {
    const c = app();
    const { body } = await signedUp(c);
    const profile = await call<{ displayName: string; profile: Record<string, unknown> }>(c, "PATCH", "/me/profile", { firstName: "Ana", lastName: "Rivera", phone: "+1 212 555 0116", marketingOptIn: true });
    expect(profile.body).toMatchObject({ displayName: "Ana Rivera", profile: { firstName: "Ana", phone: "+1 212 555 0116", marketingOptIn: true } });
    const phone = await call(c, "PATCH", "/me/profile", { firstName: "Ana", lastName: "Rivera", phone: "call me", marketingOptIn: false });
    expect(phone.body).toMatchObject({ errors: [{ field: "phone", message: "Please enter a valid phone number, such as +1 212 555 0116." }] });

    const prefs = await call<{ theme: string; language: string; currency: string; notifications: { email: { promotions: boolean; newsletter: boolean } }; currencies: string[] }>(c, "GET", "/me/preferences");
    expect(prefs.body).toMatchObject({ theme: "auto", language: "en", currency: "USD", notifications: { email: { promotions: true } } });
    expect(prefs.body.currencies).toContain("USD");
    const changed = await call(c, "PATCH", "/me/preferences", { theme: "dark", language: "es", notifications: { push: { cartReminders: false } } });
    expect(changed.body).toMatchObject({ theme: "dark", language: "es", notifications: { email: { promotions: true }, push: { cartReminders: false } } });
    const wrong = await call(c, "PATCH", "/me/preferences", { theme: "neon" });
    expect(wrong.body).toMatchObject({ errors: [{ field: "theme", message: "Please choose a theme." }] });

    const file = await call<{ format: string; account: Record<string, unknown> }>(c, "GET", "/me/export");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="east-harlem-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.body.format).toBe("east-harlem-account-export/1");
    expect(JSON.stringify(file.body)).toContain((body.user as { email: string }).email);
    expect(JSON.stringify(file.body)).not.toContain(c.token!.split(".")[0]!);
  });

  it("changes the password (a new token, every other one ended) and deletes the account once the password confirms it", async () => {
    const c = app();
    const email = newEmail();
    await signedUp(c, email);
    const other = app();
    other.token = (await call<{ token: string }>(other, "POST", "/auth/sign-in", { email, password: PASSWORD })).body.token;
    const short = await call(c, "POST", "/me/password", { currentPassword: PASSWORD, newPassword: "abc" });
    expect(short.body).toMatchObject({ errors: [{ field: "newPassword", message: MESSAGES.passwordTooShort }] });
    const wrong = await call(c, "POST", "/me/password", { currentPassword: "not-it", newPassword: "brand-new-pass" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "accounts.wrong_password", detail: MESSAGES.wrongPassword, errors: [{ field: "currentPassword" }] });
    const done = await call<{ token: string; message: string }>(c, "POST", "/me/password", { currentPassword: PASSWORD, newPassword: "brand-new-pass" });
    expect(done.status, done.text).toBe(200);
    expect(done.body.message).toBe("Password changed successfully.");
    expect((await call(other, "GET", "/me")).status).toBe(401);
    expect((await call(c, "GET", "/me")).status).toBe(401);
    c.token = done.body.token;
    expect((await call(c, "GET", "/me")).status).toBe(200);

    const refused = await call(c, "POST", "/me/deletion", { password: PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "accounts.wrong_password", errors: [{ field: "password", message: MESSAGES.wrongPassword }] });
    expect((await call(c, "POST", "/me/deletion", {})).body).toMatchObject({ errors: [{ field: "password", message: "Please enter your password to confirm." }] });
    expect((await call(c, "POST", "/me/deletion", { password: "brand-new-pass" })).status).toBe(204);
    expect((await call(c, "GET", "/me")).status).toBe(401);
    expect((await call(app(), "POST", "/auth/sign-in", { email, password: "brand-new-pass" })).status).toBe(401);
  });
});

describe("events", () => {
  it("lists the calendar, shows an event, takes and cancels an RSVP, and lists tickets", async () => {
    const c = app();
    await signedUp(c);
    const upcoming = await call<{ items: { slug: string; mode: string; past: boolean; ticketTypes: unknown[] }[] }>(app(), "GET", "/events");
    expect(upcoming.body.items.length).toBeGreaterThan(0);
    expect(upcoming.body.items.every((e) => !e.past)).toBe(true);
    const rsvpEvent = upcoming.body.items.find((e) => e.mode === "rsvp")!;
    const ticketed = upcoming.body.items.find((e) => e.mode === "tickets")!;
    expect(ticketed.ticketTypes.length).toBeGreaterThan(0);
    expect((await call<{ items: unknown[] }>(app(), "GET", "/events?when=past")).status).toBe(200);
    const one = await call<{ slug: string; placesLeft: number; partySizeLimit: number; url: string }>(app({ language: "es" }), "GET", `/events/${rsvpEvent.slug}`);
    expect(one.body.url).toBe(`${base}/es/events/${rsvpEvent.slug}`);
    expect((await call(app(), "GET", "/events/no-such-night")).body).toMatchObject({ status: 404, detail: "This event was not found." });

    const tooMany = await call(c, "POST", `/events/${rsvpEvent.slug}/rsvps`, { partySize: one.body.partySizeLimit + 1 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: "events.party_too_large", errors: [{ field: "partySize", message: `A party can be at most ${one.body.partySizeLimit} people.` }] });
    const notRsvp = await call(c, "POST", `/events/${ticketed.slug}/rsvps`, { partySize: 1 });
    expect(notRsvp.body).toMatchObject({ code: "events.not_rsvp", detail: "This event takes tickets, not RSVPs." });
    const taken = await call<{ id: number; status: string; partySize: number; message: string }>(c, "POST", `/events/${rsvpEvent.slug}/rsvps`, { partySize: 2 });
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({ status: "confirmed", partySize: 2, name: "Ana Rivera" });
    expect(taken.body.message).toMatch(/^You're on the list/);
    expect((await call<{ placesLeft: number }>(app(), "GET", `/events/${rsvpEvent.slug}`)).body.placesLeft).toBe(one.body.placesLeft - 2);
    expect((await call<{ items: { id: number }[] }>(c, "GET", "/me/rsvps")).body.items.map((r) => r.id)).toEqual([taken.body.id]);
    expect((await call(c, "DELETE", `/me/rsvps/${taken.body.id}`)).body).toMatchObject({ id: taken.body.id, status: "cancelled" });
    expect((await call(c, "DELETE", "/me/rsvps/99999999")).status).toBe(404);
    expect((await call(c, "GET", "/me/tickets")).body).toEqual({ items: [] });
  });
});

describe("Idempotency-Key", () => {
  it("is taken by every POST that creates something (sign-up excepted: an address is an account once)", () => {
    const creators = OPERATIONS.filter((op) => op.method === "post" && op.success.status === 201 && op.operationId !== "signUp");
    expect(creators.length).toBeGreaterThan(5);
    expect(creators.filter((op) => !op.idempotency).map((op) => op.operationId)).toEqual([]);
  });
});

describe("hostile input", () => {
  it("calls every documented operation, each answer matching the document", () => {
    // Runs after the tests above (vitest keeps a file's order): they are what covered the operations.
    expect([...contract.covered].sort()).toEqual([...contract.operationIds].sort());
  });

  const BODY_OPS = [
    ["POST", "/auth/sign-up"],
    ["POST", "/auth/sign-in"],
    ["POST", "/auth/password-reset"],
    ["POST", "/cart/items"],
    ["PATCH", "/cart/items/1"],
    ["POST", "/checkout"],
    ["POST", "/wishlist-items"],
    ["POST", "/products/harlem-classic-tee/reviews"],
    ["PATCH", "/me/preferences"],
    ["POST", "/events/paint-the-block-art-exhibition/rsvps"],
  ] as const;

  it("refuses malformed JSON, other media types and control characters with a 4xx problem", async () => {
    const c = app();
    await signedUp(c);
    for (const [method, path] of BODY_OPS) {
      const broken = await c.call(method, path, { body: '{"email": "a@b.c",', headers: { "Content-Type": "application/json" } });
      contract.check(method, path, broken as ApiAnswer<unknown>);
      expect(broken.status, path).toBe(400);
      expect(broken.body).toMatchObject({ code: "malformed_json", detail: "The request body is not valid JSON." });
      const form = await c.call(method, path, { body: "email=a%40b.c", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
      expect(form.status, path).toBe(415);
      expect(form.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      const control = await c.call(method, path, { json: { email: "a\u0000@b.c", password: "x\u0007", variantId: 1, quantity: 1 } });
      expect(control.status, path).toBe(400);
      expect(control.body).toMatchObject({ code: "bad_request" });
    }
    const zipped = await c.call("POST", "/auth/sign-in", { body: "{}", headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" } });
    expect(zipped.status).toBe(415);
  });

  it("refuses bodies past 64 KB, with or without a stated length, and never reads them whole", async () => {
    for (const contentLength of [true, false]) {
      const res = await rawRequest(base, { path: "/api/v1/auth/sign-in", headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.7" }, prefix: '{"email":"', bodyBytes: 200 * 1024, contentLength });
      expect(res.status).toBe(413);
      expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(res.body)).toMatchObject({ status: 413, code: "payload_too_large", detail: "The request body is larger than the limit of 64 KB." });
    }
  });

  it("answers any JSON of the wrong shape with a 4xx problem naming the fields, never a 5xx", async () => {
    const c = app();
    await signedUp(c);
    const anyJson = fc.jsonValue({ maxDepth: 3 });
    const fields = fc.dictionary(fc.constantFrom("email", "password", "acceptTerms", "displayName", "variantId", "quantity", "fullName", "card", "productId", "rating", "theme", "partySize", "__proto__", "constructor"), anyJson, { maxKeys: 5 });
    for (const [method, path] of BODY_OPS) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(anyJson, fields), async (body) => {
          const res = await c.call(method, path, { json: body });
          expect(res.status, `${method} ${path} ${JSON.stringify(body)}: ${res.text}`).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
            contract.check(method, path, res as ApiAnswer<unknown>);
          }
        }),
        { numRuns: 25 },
      );
    }
  }, 120_000);

  it("answers unknown addresses under /api, unknown methods and unreadable addresses with problems", async () => {
    const c = app();
    for (const path of ["/api/v1/nothing-here", "/api/v2/products", "/api/orders", "/api"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/problem\+json/);
      expect(await res.json()).toMatchObject({ status: 404, code: "not_found" });
    }
    const put = await c.call("PUT", "/cart", { json: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toContain("GET");
    const encoded = await fetch(`${base}/api/v1/products/%E0%A4%A`);
    expect(encoded.status).toBe(400);
    expect(encoded.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    await signedUp(c);
    const line = await c.call("PATCH", "/cart/items/not-a-number", { json: { quantity: 1 } });
    contract.check("PATCH", "/cart/items/not-a-number", line as ApiAnswer<unknown>);
    expect(line.status).toBe(400);
    expect(line.body).toMatchObject({ errors: [{ field: "path.id", message: "This item is no longer available." }] });
  });
});
