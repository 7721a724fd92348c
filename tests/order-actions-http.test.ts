// What each order offers, as a shopper sees it on the order pages, the app reads it from the API and the mails
// say it: one rule in core (orderActions) from what the order holds and its status. And Clear Cart, which
// removes nothing until the shopper confirms; and the struck-through price, only beside a cheaper variant.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelOrder, markDelivered, shipOrder } from "../core/orders/index.ts";
import { createTestProvider } from "../core/payments/index.ts";
import { orders, outbox, products, variants } from "../db/schema/index.ts";
import { ApiClient } from "./api-client.ts";
import { Client } from "./http-client.ts";
import { addToCartOverHttp, HTTP_CARDS, openCheckout, registerOverHttp, sameShopperOn, SHOPPER_PASSWORD } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

const HARLEM = { street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let store: SeededStore;
let teeVariantId: number;
let ticketVariantId: number;
let ticketProductSlug: string;

type Variant = { id: number; available: number; size: string | null; color: string | null; priceCents: number; originalPriceCents: number | null };
const api = () => new ApiClient(store.server.url);

beforeAll(async () => {
  store = await startSeededStore({ PAYMENT_PROVIDER: "test" });
  const tee = await api().get<{ variants: Variant[] }>("/products/harlem-classic-tee");
  teeVariantId = tee.body.variants.find((v) => v.available > 10)!.id;
  const events = await api().get<{ items: { slug: string }[] }>("/events");
  for (const { slug } of events.body.items) {
    const event = await api().get<{ ticketTypes: { variantId: number; available: number }[] }>(`/events/${slug}`);
    const type = event.body.ticketTypes.find((t) => t.available > 4);
    if (type) {
      ticketVariantId = type.variantId;
      ticketProductSlug = `ticket-${slug}`;
    }
  }
  expect(ticketVariantId, "a seeded event sells tickets").toBeGreaterThan(0);
}, 240_000);
afterAll(() => store?.stop());

interface Shopper {
  client: Client;
  email: string;
}

/** A new account that buys the variant with the test card over the web's checkout; answers the order's path. */
async function buy(variantId: number, ships: boolean): Promise<Shopper & { orderPath: string }> {
  const client = new Client(store.server.url);
  const email = `actions-${unique()}@east-harlem.test`;
  await registerOverHttp(client, email, "Ana Rivera");
  await (await addToCartOverHttp(client, variantId, 1)).arrayBuffer();
  const key = await openCheckout(client);
  const paid = await client.post("/checkout", { idempotencyKey: key, fullName: "Ana Rivera", email, ...(ships ? HARLEM : {}), ...HTTP_CARDS.good });
  expect(paid.status, await paid.clone().text()).toBe(303);
  const complete = await Client.text(await client.get(paid.headers.get("location")!));
  return { client, email, orderPath: /href="(\/orders\/[A-Za-z0-9_-]{16})"/.exec(complete)![1]! };
}

const orderIdOf = (path: string) => path.split("/")[2]!;
/** The order's card in the history (its <article>). */
const cardOf = (html: string, number: string) => {
  const start = html.indexOf(`>Order ${number}<`);
  return html.slice(start, html.indexOf("</article>", start));
};
const numberOf = (html: string) => /Order (EH-\d+)/.exec(html)![1]!;

/** The app, signed in as the shopper. */
async function appOf(shopper: Shopper): Promise<ApiClient> {
  const app = api();
  app.token = (await app.post<{ token: string }>("/auth/sign-in", { email: shopper.email, password: SHOPPER_PASSWORD })).body.token;
  return app;
}

type ApiOrder = { actions: { track: boolean; reorder: boolean; shipping: string }; items: { kind: string }[] };

describe("what an order offers", () => {
  it("tickets only: no Track Package, no 'Not shipped yet', the tracking page says there is nothing to track; no Reorder once the event is over", async () => {
    const tickets = await buy(ticketVariantId, false);
    const page = await Client.text(await tickets.client.get(tickets.orderPath));
    const number = numberOf(page);
    expect(page).not.toContain("Track Package");
    expect(page).not.toContain("Not shipped yet");
    expect(page).toContain("Nothing to ship: tickets come by email");
    // The event is still to come: more tickets can be bought.
    expect(page).toMatch(/>Reorder</);

    const list = cardOf(await Client.text(await tickets.client.get("/orders")), number);
    expect(list).toContain("Delivery");
    expect(list).toContain("Nothing to ship: tickets come by email");
    expect(list).not.toContain("Track Package");
    expect(list).not.toContain("Not shipped yet");

    const track = await tickets.client.get(`${tickets.orderPath}/track`);
    expect(track.status).toBe(200);
    const trackPage = await Client.text(track);
    expect(trackPage).toContain("Nothing to track");
    expect(trackPage).toContain("This order holds event tickets only: they come by email, so there is no package to track.");
    expect(trackPage).not.toContain("Shipment progress");

    const app = await appOf(tickets);
    const order = await app.get<ApiOrder & { steps?: unknown }>(`/orders/${orderIdOf(tickets.orderPath)}`);
    expect(order.status, order.text).toBe(200);
    expect(order.body.actions).toEqual({ track: false, reorder: true, shipping: "nothing_to_ship" });
    expect(order.body.items.map((i) => i.kind)).toEqual(["ticket"]);
    expect((await app.get<{ steps: unknown[] }>(`/orders/${orderIdOf(tickets.orderPath)}/tracking`)).body.steps).toEqual([]);

    // The event is over (its ticket's sale ended): Reorder is gone, on the page and in the API, and refused if posted.
    const mail = await store.withDatabase(async (db) => {
      await db.update(products).set({ saleEndsAt: new Date(Date.now() - 60_000) }).where(eq(products.slug, ticketProductSlug));
      const [confirmation] = await db.select().from(outbox).where(and(eq(outbox.to, tickets.email), eq(outbox.subject, `Your East Harlem order ${number}`)));
      return confirmation!;
    });
    // The confirmation mail said the tickets come by email, with nothing to ship and nothing to track.
    expect(mail.text).toContain("your tickets come in their own mail, with nothing to ship.");
    expect(mail.text).not.toContain("getting it ready");
    expect(mail.text).not.toContain("/track");

    const c = sameShopperOn(tickets.client, store.server.url);
    const after = await Client.text(await c.get(tickets.orderPath));
    expect(after).not.toMatch(/>Reorder</);
    expect(cardOf(await Client.text(await c.get("/orders")), number)).not.toMatch(/>Reorder</);
    const refused = await c.post(tickets.orderPath, { intent: "reorder" });
    expect(refused.status).toBe(409);
    expect(await Client.text(refused)).toContain("Nothing in this order is on sale any more.");
    const later = await appOf({ ...tickets, client: c });
    expect((await later.get<ApiOrder>(`/orders/${orderIdOf(tickets.orderPath)}`)).body.actions).toEqual({ track: false, reorder: false, shipping: "nothing_to_ship" });
    expect((await later.post(`/orders/${orderIdOf(tickets.orderPath)}/reorder`, {})).status).toBe(409);
  });

  it("goods: tracked and not shipped yet while processing, Reorder once delivered; cancelled: nothing to track", async () => {
    const processing = await buy(teeVariantId, true);
    const delivered = await buy(teeVariantId, true);
    const cancelled = await buy(teeVariantId, true);

    let page = await Client.text(await processing.client.get(processing.orderPath));
    expect(page).toContain("Track Package");
    expect(page).toContain("Not shipped yet");
    expect(page).not.toMatch(/>Reorder</);
    const mail = await store.withDatabase(async (db, jobs) => {
      await shipOrder(db, { orderId: orderIdOf(delivered.orderPath), actor: "system", trackingNumber: "1Z999AA10123456784" });
      await markDelivered(db, { orderId: orderIdOf(delivered.orderPath), actor: "system" });
      await cancelOrder({ db, payments: createTestProvider(db), jobs }, { orderId: orderIdOf(cancelled.orderPath), actor: "system", note: "Asked by the shopper" });
      const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderIdOf(processing.orderPath)));
      const [confirmation] = await db.select().from(outbox).where(and(eq(outbox.to, processing.email), eq(outbox.subject, `Your East Harlem order EH-${row!.number}`)));
      return confirmation!;
    });
    // A package to follow: the confirmation mail links to its tracking page.
    expect(mail.text).toMatch(new RegExp(`Once it ships, follow the package: \\S+/orders/${orderIdOf(processing.orderPath)}/track`));

    const d = sameShopperOn(delivered.client, store.server.url);
    page = await Client.text(await d.get(delivered.orderPath));
    expect(page).toContain("Track Package");
    expect(page).toContain("1Z999AA10123456784");
    expect(page).toMatch(/>Reorder</);
    const app = await appOf({ ...delivered, client: d });
    expect((await app.get<ApiOrder>(`/orders/${orderIdOf(delivered.orderPath)}`)).body.actions).toEqual({ track: true, reorder: true, shipping: "shipped" });

    const x = sameShopperOn(cancelled.client, store.server.url);
    page = await Client.text(await x.get(cancelled.orderPath));
    expect(page).not.toContain("Track Package");
    expect(page).not.toContain("Not shipped yet");
    expect(page).toContain("None: cancelled before shipping");
    const card = cardOf(await Client.text(await x.get("/orders")), numberOf(page));
    expect(card).not.toContain("Track Package");
    expect(card).toContain("None: cancelled before shipping");
    const track = await Client.text(await x.get(`${cancelled.orderPath}/track`));
    expect(track).toContain("Nothing to track");
    expect(track).toContain("This order was cancelled before it shipped, so there is nothing to track.");
    const cancelledApp = await appOf({ ...cancelled, client: x });
    const list = await cancelledApp.get<{ items: (ApiOrder & { id: string })[] }>("/orders");
    expect(list.body.items.find((o) => o.id === orderIdOf(cancelled.orderPath))!.actions).toEqual({ track: false, reorder: false, shipping: "cancelled" });
  });
});

describe("Clear Cart", () => {
  it("without JavaScript asks first: nothing is removed until the shopper confirms", async () => {
    const client = new Client(store.server.url);
    await registerOverHttp(client, `clear-${unique()}@east-harlem.test`, "Ana Rivera");
    await (await addToCartOverHttp(client, teeVariantId, 2)).arrayBuffer();

    // The Clear Cart button's form, as posted without JavaScript: to the question, the cart untouched.
    const asked = await client.post("/cart", { intent: "clear", redirectTo: "/shop" });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe("/cart?clear=confirm");
    const question = await Client.text(await client.get("/cart?clear=confirm"));
    expect(question).toContain("Your cart (2)");
    expect(question).toContain("Clear your cart?");
    expect(question).toContain("Remove all 2 items from your cart?");
    expect(question).toContain("Yes, clear cart");
    expect(question).toMatch(/href="\/cart"[^>]*>Keep my items</);
    // "Keep my items": the cart as it was.
    expect(await Client.text(await client.get("/cart"))).toContain("Your cart (2)");

    // A fetcher's post without the confirmation is refused too, and removes nothing.
    const unconfirmed = await client.post("/cart.data", { intent: "clear" });
    expect(unconfirmed.status).toBe(400);
    expect(await Client.text(await client.get("/cart"))).toContain("Your cart (2)");

    const confirmed = await client.post("/cart", { intent: "clear", confirm: "yes", redirectTo: "/cart" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/cart");
    const empty = await Client.text(await client.get("/cart"));
    expect(empty).toContain("Your cart (0)");
    expect(empty).toContain("Your cart is empty");
  });
});

describe("a variant's price against the base price", () => {
  it("strikes the base price through only beside a cheaper variant (ADR 0041)", async () => {
    const before = await api().get<{ basePriceCents: number; variants: Variant[] }>("/products/harlem-classic-tee");
    const white = before.body.variants.find((v) => v.color === "White")!;
    const black = before.body.variants.find((v) => v.color === "Black")!;
    // White costs more ($60.00 on a $55.00 tee): no sale, nothing struck through.
    expect([before.body.basePriceCents, white.priceCents, white.originalPriceCents]).toEqual([5500, 6000, null]);
    expect(black.originalPriceCents).toBeNull();

    // A Black size on sale for $45.00: the $55.00 base price is struck through beside it.
    await store.withDatabase((db) => db.update(variants).set({ priceCents: 4500 }).where(eq(variants.id, black.id)));
    const after = await api().get<{ variants: Variant[] }>("/products/harlem-classic-tee");
    expect(after.body.variants.find((v) => v.id === black.id)).toMatchObject({ priceCents: 4500, originalPriceCents: 5500 });
  });
});
