import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./api-client.ts";
import { Client } from "./http-client.ts";
import { saveProductForm, valueOf } from "./http-admin.ts";
import { registerOverHttp, SHOPPER_PASSWORD } from "./http-shopper.ts";
import { startSeededStore, type RunningServer, type SeededStore } from "./server.ts";

/*
 * Limits per customer over HTTP (issue 18, ADR 0033): the back office sets a limit and "Sign in to buy";
 * the product page and the app's product say so; guests are sent to sign in; a customer's second unit is
 * refused by the web's cart form and the API, and so is an add after an order (counted by the server).
 */

let store: SeededStore;
let server: RunningServer;
const ADMIN = "limit-boss@east-harlem.test";
const CUSTOMER = `limit-fan-${Date.now()}@east-harlem.test`;
let admin: Client;
let customer: Client;
const SLUG = "harlem-classic-tee";
const NAME = "Harlem Classic Tee";
let productId = "";
let variantId = 0;


/** Saves the product form as it stands, with a limit per customer ("" for none) and "Sign in to buy". */
const saveLimit = (limitPerCustomer: string, signInRequired: boolean, as = admin) =>
  saveProductForm(admin, productId, { limitPerCustomer, signInRequired: signInRequired ? "on" : "", status: "active" }, as);

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  server = store.server;
  admin = new Client(server.url);
  await registerOverHttp(admin, ADMIN, "Limit Boss");
  customer = new Client(server.url);
  await registerOverHttp(customer, CUSTOMER, "Limit Fan");
  const listed = await Client.text(await admin.get(`/admin/products?q=${encodeURIComponent(NAME)}`));
  productId = /href="\/admin\/products\/(\d+)"/.exec(listed)![1]!;
  const api = await new ApiClient(server.url).get<{ variants: { id: number; available: number }[] }>(`/products/${SLUG}`);
  variantId = api.body.variants.find((v) => v.available > 1)!.id;
}, 240_000);

afterAll(() => store?.stop());

describe("a limit per customer over HTTP", () => {
  it("is set in the product editor, audited, refused to a customer (403) and to a bad value with the field's message", async () => {
    expect((await saveLimit("1", true, customer)).status).toBe(403);
    for (const bad of ["0", "100", "one"]) {
      const refused = await saveLimit(bad, false);
      expect(refused.status).toBe(400);
      expect(await Client.text(refused)).toContain("Enter a limit from 1 to 99, or leave it blank for none.");
    }
    const saved = await saveLimit("1", true);
    expect(saved.status).toBe(302);
    const form = await Client.text(await admin.get(`/admin/products/${productId}`));
    expect(valueOf(form, "limitPerCustomer")).toBe("1");
    expect(form).toMatch(/name="signInRequired"[^>]*checked/);
    const audit = await Client.text(await admin.get(`/admin/audit?entity=product`));
    expect(audit).toContain("limitPerCustomer");
  });

  it("is shown on the product page in English and Spanish, and carried by the app's product", async () => {
    const guest = new Client(server.url);
    const page = await Client.text(await guest.get(`/shop/${SLUG}`));
    expect(page).toContain("Limit 1 per customer");
    // A guest is offered the way in, back to this page, rather than a button the server would refuse.
    expect(page).toContain(`href="/login?redirectTo=${encodeURIComponent(`/shop/${SLUG}`)}"`);
    expect(page).toContain(">Sign in to buy<");
    expect(page).not.toContain(">Add to Cart<");
    const es = await Client.text(await guest.get(`/es/shop/${SLUG}`));
    expect(es).toContain("Límite: 1 por cliente");
    expect(es).toContain(">Inicia sesión para comprar<");
    // A customer gets Add to Cart.
    const signedIn = await Client.text(await customer.get(`/shop/${SLUG}`));
    expect(signedIn).toContain(">Add to Cart<");
    expect(signedIn).not.toContain(">Sign in to buy<");
    const shown = await new ApiClient(server.url).get<{ limitPerCustomer: number | null; signInRequired: boolean; variants: { limitPerCustomer: number | null }[] }>(`/products/${SLUG}`);
    expect(shown.body).toMatchObject({ limitPerCustomer: 1, signInRequired: true });
    expect(shown.body.variants.every((v) => v.limitPerCustomer === null)).toBe(true);
  });

  it("sends a guest to sign in, on the web (with a way back to the product) and in the API", async () => {
    const guest = new Client(server.url);
    const crafted = await guest.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(crafted.status).toBe(401);
    const body = await Client.text(crafted);
    expect(body).toContain(`Sign in to buy ${NAME}.`);
    expect(body).toContain(`/login?redirectTo=${encodeURIComponent(`/shop/${SLUG}`)}`);
    const spanish = await guest.post("/es/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(spanish.status).toBe(401);
    expect(await Client.text(spanish)).toContain(`Inicia sesión para comprar ${NAME}.`);

    const app = new ApiClient(server.url);
    const refused = await app.post<{ code: string; detail: string }>("/cart/items", { variantId, quantity: 1 });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "cart.sign_in_required", detail: `Sign in to buy ${NAME}.` });
  });

  it("refuses a customer's second unit on the web and in the API, and counts an order placed", async () => {
    const first = await customer.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const second = await customer.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(second.status).toBe(409);
    expect(await Client.text(second)).toContain(`You can buy at most 1 ${NAME} per customer.`);

    const app = new ApiClient(server.url, { language: "es" });
    const signedIn = await app.post<{ token: string }>("/auth/sign-in", { email: CUSTOMER, password: SHOPPER_PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(200);
    app.token = signedIn.body.token;
    const refused = await app.post<{ code: string; detail: string }>("/cart/items", { variantId, quantity: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "cart.customer_limit", detail: `Puedes comprar como máximo 1 ${NAME} por cliente.` });

    // The unit in the cart is bought through the app; the order then counts where the cart no longer does.
    const card = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/34", cardCvc: "123" };
    const paid = await app.call<{ status: string }>("POST", "/checkout", {
      json: { fullName: "Limit Fan", email: CUSTOMER, street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", card },
      headers: { "Idempotency-Key": `limits-${Date.now()}-first-order` },
    });
    expect(paid.status, paid.text).toBe(201);
    expect((await app.get<{ lines: unknown[] }>("/cart")).body.lines).toEqual([]);
    const again = await app.post<{ code: string }>("/cart/items", { variantId, quantity: 1 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("cart.customer_limit");
  });

  it("refuses at checkout, in the API, another account shipping to the same address", async () => {
    const other = `limit-twin-${Date.now()}@east-harlem.test`;
    await registerOverHttp(new Client(server.url), other, "Limit Twin");
    const app = new ApiClient(server.url);
    const signedIn = await app.post<{ token: string }>("/auth/sign-in", { email: other, password: SHOPPER_PASSWORD });
    app.token = signedIn.body.token;
    // This account has bought none: its cart takes the unit.
    expect((await app.post("/cart/items", { variantId, quantity: 1 })).status).toBe(201);
    const card = { cardNumber: "5555 5555 5555 4444", cardExpiry: "12/34", cardCvc: "123" };
    const refused = await app.call<{ code: string; detail: string }>("POST", "/checkout", {
      json: { fullName: "Limit Twin", email: other, street: "  2150 third   ave ", city: "New York", state: "NY", zipCode: "10035", card },
      headers: { "Idempotency-Key": `limits-${Date.now()}-twin-order` },
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ code: "cart.customer_limit", detail: `You can buy at most 1 ${NAME} per customer.` });
    // Nothing was held or charged: the unit is still in the cart.
    expect((await app.get<{ lines: unknown[] }>("/cart")).body.lines).toHaveLength(1);
  });
});
