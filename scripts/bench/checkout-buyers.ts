import { randomBytes } from "node:crypto";
import { ApiClient } from "../../tests/api-client.ts";
import { Client } from "../../tests/http-client.ts";
import { addToCartOverHttp, checkoutFields, type CheckoutAnswer, clearCartOverHttp, HTTP_CARDS, openCheckout, registerOverHttp, submitCheckout } from "../../tests/http-shopper.ts";

// bench-checkout.ts's buyers: browsers without JavaScript on the forms, or apps on the JSON API.

const REQUEST_TIMEOUT_MS = 30_000;

type Card = (typeof HTTP_CARDS)[keyof typeof HTTP_CARDS];
/** How a checkout POST ended, as tests/http-shopper.ts reads the form's answer. */
type CheckoutKind = CheckoutAnswer["kind"];

/** A buyer's visit, step by step, the same whoever the buyer is; each step answers with the HTTP status. */
export interface Buyer {
  /** Adds units of a variant: true when they are in the cart, false when the store refused them as sold out (409). */
  add(variantId: number, quantity: number): Promise<{ status: number; added: boolean }>;
  /** Opens the checkout (the page, or the app's summary). */
  open(): Promise<number>;
  /** Pays for the cart with the card: the checkout POST alone, which the bench times. */
  pay(card: Card): Promise<{ status: number; kind: CheckoutKind }>;
  /** Leaves the cart empty. */
  clear(): Promise<void>;
}

/** A browser without JavaScript on the web's forms (tests/http-shopper.ts), signed up through the sign-up form. */
export async function formBuyer(url: string, email: string, name: string): Promise<Buyer> {
  const client = new Client(url, REQUEST_TIMEOUT_MS);
  await registerOverHttp(client, email, name);
  // The idempotency key the checkout page's form carries, sent back with the payment.
  let key = "";
  return {
    async add(variantId, quantity) {
      const res = await addToCartOverHttp(client, variantId, quantity);
      await res.arrayBuffer();
      return { status: res.status, added: res.status === 200 };
    },
    async open() {
      key = await openCheckout(client);
      return 200;
    },
    pay: (card) => submitCheckout(client, checkoutFields(key, { name, email }, card)),
    clear: () => clearCartOverHttp(client),
  };
}

/** An app on the JSON API (/api/v1), signed up with its token: the same visit, each step answered with JSON. */
export async function appBuyer(url: string, email: string, name: string): Promise<Buyer> {
  const app = new ApiClient(url, { timeoutMs: REQUEST_TIMEOUT_MS });
  const signedUp = await app.post<{ token: string }>("/auth/sign-up", { email, password: "bench-password-1", displayName: name, acceptTerms: true });
  if (signedUp.status !== 201) throw new Error(`POST /api/v1/auth/sign-up answered ${signedUp.status}: ${signedUp.text.slice(0, 200)}`);
  app.token = signedUp.body.token;
  return {
    async add(variantId, quantity) {
      const { status } = await app.post("/cart/items", { variantId, quantity });
      return { status, added: status === 201 };
    },
    async open() {
      return (await app.get("/checkout")).status;
    },
    async pay(card) {
      const { idempotencyKey: _form, cardNumber, cardExpiry, cardCvc, ...billing } = checkoutFields("", { name, email }, card);
      const res = await app.call<{ status: string }>("POST", "/checkout", {
        json: { ...billing, card: { cardNumber, cardExpiry, cardCvc } },
        headers: { "Idempotency-Key": randomBytes(12).toString("base64url") },
      });
      const kind: CheckoutKind =
        res.status === 201 && res.body.status === "completed" ? "paid" : res.status === 409 ? "insufficient_stock" : res.status === 402 ? "payment_error" : "other";
      return { status: res.status, kind };
    },
    async clear() {
      const cart = await app.get<{ lines: { id: number }[] }>("/cart");
      for (const line of cart.body?.lines ?? []) await app.delete(`/cart/items/${line.id}`);
    },
  };
}
