// A shopper's steps over plain HTTP, as a browser without JavaScript takes them: register, fill the
// cart, open the checkout page (which hands out the form's idempotency key) and pay. Shared by the
// checkout race test and `npm run bench:checkout`.
import { Client } from "./http-client.ts";

export const SHOPPER_PASSWORD = "uptown-2024";

/** Test-mode cards (see core/payments/rules.ts). */
export const HTTP_CARDS = {
  good: { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/39", cardCvc: "123" },
  declined: { cardNumber: "4000 0000 0000 0002", cardExpiry: "12/39", cardCvc: "123" },
} as const;
export type HttpCard = (typeof HTTP_CARDS)[keyof typeof HTTP_CARDS];

/** Registers an account through the sign-up form; the client keeps the session cookie. */
export async function registerOverHttp(client: Client, email: string, name = "Ana Rivera"): Promise<void> {
  const res = await client.post("/login", {
    intent: "register",
    email,
    password: SHOPPER_PASSWORD,
    confirmPassword: SHOPPER_PASSWORD,
    acceptTerms: "on",
    displayName: name,
    redirectTo: "/",
  });
  await res.arrayBuffer();
  if (res.status !== 302 || ![...client.cookies.keys()].some((k) => k.includes("session_token"))) {
    throw new Error(`registering ${email} answered ${res.status} without a session`);
  }
}

/** The same browser talking to another app process (same cookies, that process's origin). */
export function sameShopperOn(client: Client, baseUrl: string): Client {
  const other = new Client(baseUrl, client.timeoutMs);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

/** Adds a variant through the cart form; returns the answer (200, or 409 when there is not enough). */
export async function addToCartOverHttp(client: Client, variantId: number, quantity = 1): Promise<Response> {
  return client.post("/cart", { intent: "add", variantId: String(variantId), quantity: String(quantity) });
}

/** Empties the cart through the cart form. */
export async function clearCartOverHttp(client: Client): Promise<void> {
  const res = await client.post("/cart", { intent: "clear", confirm: "yes" });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`clearing the cart answered ${res.status}`);
}

/** Opens the checkout page and reads the idempotency key its form carries. */
export async function openCheckout(client: Client): Promise<string> {
  const res = await client.get("/checkout");
  const html = await res.text();
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
  if (res.status !== 200 || !key) throw new Error(`GET /checkout answered ${res.status} without a checkout form`);
  return key;
}

/** The checkout form's fields, as the page's form submits them. */
export function checkoutFields(key: string, buyer: { name: string; email: string }, card: { cardNumber: string; cardExpiry: string; cardCvc: string } = HTTP_CARDS.good): Record<string, string> {
  return {
    idempotencyKey: key,
    fullName: buyer.name,
    email: buyer.email,
    street: "2150 Third Ave",
    city: "New York",
    state: "NY",
    zipCode: "10035",
    country: "US",
    ...card,
  };
}

export type CheckoutAnswer =
  | { kind: "paid"; status: number; location: string }
  | { kind: "insufficient_stock"; status: number; body: string }
  | { kind: "payment_error"; status: number; body: string }
  | { kind: "other"; status: number; body: string };

/** Posts the checkout form and sorts the answer: 303 paid, 409 insufficient stock, 402 payment error. */
export async function submitCheckout(client: Client, fields: Record<string, string>): Promise<CheckoutAnswer> {
  const res = await client.post("/checkout", fields);
  const body = await Client.text(res);
  const location = res.headers.get("location") ?? "";
  if (res.status === 303 && location.startsWith("/checkout/complete?attempt=")) return { kind: "paid", status: res.status, location };
  if (res.status === 409) return { kind: "insufficient_stock", status: res.status, body };
  if (res.status === 402) return { kind: "payment_error", status: res.status, body };
  return { kind: "other", status: res.status, body };
}

/** Runs `fn` over `items` with at most `limit` running at once; results in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Buys units of a product (one unless told, in the size given) through the product page's cart form and
 * the checkout, as a browser without JavaScript does; returns the order's page, `/orders/<id>`.
 */
export async function buyOverHttp(client: Client, slug: string, size: string, buyer = { name: "Ana Rivera", email: "ana@east-harlem.test" }, quantity = 1): Promise<string> {
  const html = await client.get(`/shop/${slug}`).then((res) => res.text());
  const productId = /name="productId" value="(\d+)"/.exec(html)?.[1];
  if (!productId) throw new Error(`/shop/${slug} has no cart form`);
  const added = await client.post("/cart", { intent: "add", productId, size, color: "", quantity: String(quantity) });
  await added.arrayBuffer();
  if (added.status !== 200) throw new Error(`adding ${slug} (${size}) answered ${added.status}`);
  const paid = await submitCheckout(client, checkoutFields(await openCheckout(client), buyer));
  if (paid.kind !== "paid") throw new Error(`the checkout answered ${paid.status}: ${paid.kind}`);
  const complete = await Client.text(await client.get(paid.location));
  const order = /href="(\/orders\/[A-Za-z0-9_-]{16})"/.exec(complete)?.[1];
  if (!order) throw new Error("the checkout's completion page links no order");
  return order;
}
