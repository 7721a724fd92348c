// A shipping address for what ships, through the store's own server: the checkout form and the app's API
// refuse a cart that ships without an address a carrier can take (each field saying what it needs, in the
// page's or the app's language) and hold or charge nothing; a cart of event tickets only needs none, and its
// order shows no shipping address, to the shopper or the back office.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutAttempts, orders, testCharges } from "../db/schema/index.ts";
import { ApiClient } from "./api-client.ts";
import { Client } from "./http-client.ts";
import { addToCartOverHttp, HTTP_CARDS, openCheckout, registerOverHttp, SHOPPER_PASSWORD } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

const ADMIN = `shipping-boss-${Date.now()}@east-harlem.test`;
const HARLEM = { street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let store: SeededStore;
let admin: Client;
let teeVariantId: number;
let ticketVariantId: number;
/** Every shopper of this file whose checkout was refused: none may have a checkout or a charge. */
const refusedEmails: string[] = [];

type Variant = { id: number; available: number };
const api = () => new ApiClient(store.server.url);
const availableOf = async (variantId: number) => {
  const product = await api().get<{ variants: Variant[] }>("/products/harlem-classic-tee");
  return product.body.variants.find((v) => v.id === variantId)!.available;
};

async function shopper(label: string, variantId: number) {
  const client = new Client(store.server.url);
  const email = `${label}-${unique()}@east-harlem.test`;
  await registerOverHttp(client, email, "Ana Rivera");
  await (await addToCartOverHttp(client, variantId, 1)).arrayBuffer();
  return { client, email };
}

/** The checkout form as the page sends it: the buyer, the address fields given, and a card that pays. */
const form = (key: string, email: string, address: Partial<typeof HARLEM>) => ({ idempotencyKey: key, fullName: "Ana Rivera", email, ...address, ...HTTP_CARDS.good });

/** The message shown next to a field (its error paragraph), or null. */
const errorNextTo = (html: string, field: string) => new RegExp(`id="${field}-error"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN, PAYMENT_PROVIDER: "test" });
  admin = new Client(store.server.url);
  await registerOverHttp(admin, ADMIN, "Store Boss");
  const tee = await api().get<{ variants: Variant[] }>("/products/harlem-classic-tee");
  teeVariantId = tee.body.variants.find((v) => v.available > 5)!.id;
  const events = await api().get<{ items: { slug: string }[] }>("/events");
  for (const { slug } of events.body.items) {
    const event = await api().get<{ ticketTypes: { variantId: number; available: number }[] }>(`/events/${slug}`);
    const type = event.body.ticketTypes.find((t) => t.available > 2);
    if (type) ticketVariantId = type.variantId;
  }
  expect(ticketVariantId, "a seeded event sells tickets").toBeGreaterThan(0);
}, 240_000);
afterAll(() => store?.stop());

describe("the checkout form, for a cart that ships", () => {
  it("asks for the shipping address and refuses the order without it, each field saying what it needs; nothing is held", async () => {
    const { client, email } = await shopper("no-address", teeVariantId);
    refusedEmails.push(email);
    const before = await availableOf(teeVariantId);
    const page = await Client.text(await client.get("/checkout"));
    expect(page).toContain("Shipping address");
    expect(page).toMatch(/<input[^>]*id="street"[^>]*required/);

    const res = await client.post("/checkout", form(/name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!, email, { country: "US" }));
    expect(res.status).toBe(400);
    const html = await Client.text(res);
    expect(html).toContain("Please check the fields marked below.");
    expect({ street: errorNextTo(html, "street"), city: errorNextTo(html, "city"), state: errorNextTo(html, "state"), zipCode: errorNextTo(html, "zipCode") }).toEqual({
      street: "Enter the street address.",
      city: "Enter the city.",
      state: "Enter the state, province or region.",
      zipCode: "Enter the ZIP or postal code.",
    });
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="street-error"|<input[^>]*aria-describedby="street-error"[^>]*aria-invalid="true"/);
    expect(await availableOf(teeVariantId)).toBe(before);
  });

  it("refuses a US address whose ZIP or state is not one, in Spanish on the Spanish page too", async () => {
    const { client, email } = await shopper("bad-zip", teeVariantId);
    refusedEmails.push(email);
    const key = await openCheckout(client);
    const html = await Client.text(await client.post("/checkout", form(key, email, { ...HARLEM, state: "ZZ", zipCode: "1003" })));
    expect(errorNextTo(html, "state")).toBe("Enter a US state, such as NY.");
    expect(errorNextTo(html, "zipCode")).toBe("Enter a 5-digit ZIP code.");
    expect(errorNextTo(html, "street")).toBeNull();

    const spanish = await Client.text(await client.post("/es/checkout", form(key, email, { ...HARLEM, state: "ZZ", zipCode: "1003" })));
    expect(errorNextTo(spanish, "state")).toBe("Escribe un estado de EE. UU., como NY.");
    expect(errorNextTo(spanish, "zipCode")).toBe("Escribe un código postal de 5 dígitos.");
  });

  it("pays once the address is one; the order ships there and, with no billing address of its own, is billed there", async () => {
    const { client, email } = await shopper("good-address", teeVariantId);
    const key = await openCheckout(client);
    const paid = await client.post("/checkout", form(key, email, { ...HARLEM, state: "new york" }));
    expect(paid.status).toBe(303);
    const complete = await Client.text(await client.get(paid.headers.get("location")!));
    const orderPath = /href="(\/orders\/[A-Za-z0-9_-]{16})"/.exec(complete)![1]!;
    const order = await Client.text(await client.get(orderPath));
    const section = (title: string) => new RegExp(`${title}</h2>[\\s\\S]*?</address>`).exec(order)?.[0] ?? "";
    expect(section("Shipping address")).toContain("2150 Third Ave");
    expect(section("Shipping address")).toContain("New York, NY 10035");
    expect(section("Billing address")).toContain("2150 Third Ave");
  });
});

describe("the app's checkout, for a cart that ships", () => {
  it("is refused without the address, field by field and in the app's language, and says beforehand that one is needed", async () => {
    const email = `app-address-${unique()}@east-harlem.test`;
    refusedEmails.push(email);
    await registerOverHttp(new Client(store.server.url), email, "Ana Rivera");
    const app = new ApiClient(store.server.url, { language: "es" });
    app.token = (await app.post<{ token: string }>("/auth/sign-in", { email, password: SHOPPER_PASSWORD })).body.token;
    expect((await app.post("/cart/items", { variantId: teeVariantId, quantity: 2 })).status).toBe(201);
    expect((await app.get<{ shippingRequired: boolean }>("/checkout")).body.shippingRequired).toBe(true);
    const before = await availableOf(teeVariantId);

    const bare = await app.call<{ code: string; errors: { field: string; message: string }[] }>("POST", "/checkout", {
      json: { fullName: "Ana Rivera", email, country: "US", card: HTTP_CARDS.good },
      headers: { "Idempotency-Key": `bare-${unique()}` },
    });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe("validation");
    expect(bare.body.errors).toEqual([
      { field: "street", message: "Escribe la calle y el número." },
      { field: "city", message: "Escribe la ciudad." },
      { field: "zipCode", message: "Escribe el código postal." },
      { field: "state", message: "Escribe el estado, la provincia o la región." },
    ]);

    const wrong = await app.call<{ errors: { field: string; message: string }[] }>("POST", "/checkout", {
      json: { fullName: "Ana Rivera", email, ...HARLEM, state: "Ontario", zipCode: "100", card: HTTP_CARDS.good },
      headers: { "Idempotency-Key": `wrong-${unique()}` },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.map((e) => e.field).sort()).toEqual(["state", "zipCode"]);
    expect(await availableOf(teeVariantId)).toBe(before);
  });
});

describe("a cart of event tickets only", () => {
  it("needs no address: the form asks for none, the order shows none, and the back office says nothing ships", async () => {
    const { client, email } = await shopper("tickets", ticketVariantId);
    const key = await openCheckout(client);
    const page = await Client.text(await client.get("/checkout"));
    expect(page).not.toContain("Shipping address");
    const paid = await client.post("/checkout", { idempotencyKey: key, fullName: "Ana Rivera", email, ...HTTP_CARDS.good });
    expect(paid.status).toBe(303);
    const complete = await Client.text(await client.get(paid.headers.get("location")!));
    const orderPath = /href="(\/orders\/[A-Za-z0-9_-]{16})"/.exec(complete)![1]!;
    const order = await Client.text(await client.get(orderPath));
    expect(order).toContain("Billing address");
    expect(order).not.toContain("Shipping address");

    const orderId = orderPath.split("/").pop()!;
    const back = await Client.text(await admin.get(`/admin/orders/${orderId}`));
    expect(back).toContain("None: nothing in this order ships");
    expect(await Client.text(await admin.get(`/admin/orders/${orderId}/packing-slip`))).toContain("Nothing in this order ships");
  });

  it("over the app too: no address asked, none kept", async () => {
    const email = `app-tickets-${unique()}@east-harlem.test`;
    await registerOverHttp(new Client(store.server.url), email, "Ana Rivera");
    const app = api();
    app.token = (await app.post<{ token: string }>("/auth/sign-in", { email, password: SHOPPER_PASSWORD })).body.token;
    expect((await app.post("/cart/items", { variantId: ticketVariantId, quantity: 1 })).status).toBe(201);
    expect((await app.get<{ shippingRequired: boolean }>("/checkout")).body.shippingRequired).toBe(false);
    const placed = await app.call<{ status: string; order: { id: string } }>("POST", "/checkout", {
      json: { fullName: "Ana Rivera", email, card: HTTP_CARDS.good },
      headers: { "Idempotency-Key": `tickets-${unique()}` },
    });
    expect(placed.status, placed.text).toBe(201);
    const order = await app.get<{ shippingAddress: unknown; billingAddress: { name: string } }>(`/orders/${placed.body.order.id}`);
    expect(order.body.shippingAddress).toBeNull();
    expect(order.body.billingAddress.name).toBe("Ana Rivera");
  });
});

describe("what was refused", () => {
  it("left no checkout, no charge and no order behind", async () => {
    const left = await store.withDatabase(async (db) => {
      const attempts = await db.select().from(checkoutAttempts).where(inArray(checkoutAttempts.customerEmail, refusedEmails));
      const charges = await db.select().from(testCharges).where(and(inArray(testCharges.idempotencyKey, attempts.map((a) => a.idempotencyKey).concat("-")), eq(testCharges.status, "succeeded")));
      const placed = await db.select().from(orders).where(inArray(orders.customerEmail, refusedEmails));
      return { attempts: attempts.length, charges: charges.length, orders: placed.length };
    });
    expect(refusedEmails).toHaveLength(3);
    expect(left).toEqual({ attempts: 0, charges: 0, orders: 0 });
  });
});
