import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markDelivered, shipOrder } from "../core/orders/index.ts";
import { openDatabase, type Db } from "../db/client.ts";
import { products, variants } from "../db/schema/index.ts";
import { Client } from "./http-client.ts";
import { HTTP_CARDS, registerOverHttp, sameShopperOn } from "./http-shopper.ts";
import { startSeededStore, startServer, type RunningServer, type SeededStore } from "./server.ts";

// The order pages as a browser without JavaScript uses them: plain GETs and form posts to the built server.

let store: SeededStore;
/** The store's server; asStaff below may restart it on the embedded database. */
let server: RunningServer;

beforeAll(async () => {
  store = await startSeededStore();
  server = store.server;
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await store?.stop();
});

/**
 * Changes the store's database as its staff would (there are no admin screens for orders yet). On
 * PostgreSQL the server keeps running; the embedded database belongs to one process at a time, so the
 * server is stopped, the change made, and the server started again on the same data (a new port).
 */
async function asStaff(change: (db: Db) => Promise<void>): Promise<void> {
  if (store.database) return change(store.database.db);
  await server.stop();
  const opened = await openDatabase({ dataDir: store.dataDir });
  try {
    await change(opened.db);
  } finally {
    await opened.close();
  }
  server = await startServer(server.env);
}

/** The same visitor (cookies) at the server's current address. */
const at = (c: Client) => sameShopperOn(c, server.url);

let counter = 0;
async function shopper(): Promise<Client> {
  const c = new Client(server.url);
  await registerOverHttp(c, `orders${++counter}-${Date.now()}@east-harlem.test`);
  return c;
}

async function addToCart(c: Client, slug: string, options: { size: string; color?: string; quantity: number }) {
  const html = await (await c.get(`/shop/${slug}`)).text();
  const productId = /name="productId" value="(\d+)"/.exec(html)![1]!;
  const res = await c.post("/cart", { intent: "add", productId, size: options.size, color: options.color ?? "", quantity: String(options.quantity) });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Pays for the cart with the test card; returns the order's path ("/orders/<id>"). */
async function checkout(c: Client): Promise<string> {
  const form = await (await c.get("/checkout")).text();
  const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(form)![1]!;
  const paid = await c.post("/checkout", {
    idempotencyKey,
    fullName: "Ana Rivera",
    email: "ana@east-harlem.test",
    street: "2150 Third Ave",
    city: "New York",
    state: "NY",
    zipCode: "10035",
    country: "US",
    cardNumber: "4242 4242 4242 4242",
    cardExpiry: "12/34",
    cardCvc: "123",
  });
  expect(paid.status).toBe(303);
  const complete = await Client.text(await c.get(paid.headers.get("location")!));
  expect(complete).toContain("Thank you for your order!");
  return /href="(\/orders\/[A-Za-z0-9_-]{16})"/.exec(complete)![1]!;
}

const orderIdOf = (path: string) => path.split("/")[2]!;

describe("a delivered order", () => {
  it("can be tracked and reordered: available items go back into the cart, and the page says what could not", async () => {
    let c = await shopper();
    await addToCart(c, "salsa-breaks-tee", { size: "L", color: "Black", quantity: 2 });
    await addToCart(c, "stickball-shorts", { size: "M", quantity: 1 });
    const orderPath = await checkout(c);
    expect(await Client.text(await c.get("/cart"))).toContain("Your cart (0)");

    // While it is processing there is no Reorder, and posting one anyway is refused with a reason.
    const processing = await Client.text(await c.get(orderPath));
    expect(processing).not.toMatch(/>Reorder</);
    const early = await c.post(orderPath, { intent: "reorder" });
    expect(early.status).toBe(409);
    expect(await Client.text(early)).toContain("Only delivered orders can be reordered.");

    // The store ships and delivers it; since then the shorts were withdrawn from sale.
    await asStaff(async (db) => {
      await shipOrder(db, { orderId: orderIdOf(orderPath), actor: "system", trackingNumber: "1Z999AA10123456784", note: "UPS Ground" });
      await markDelivered(db, { orderId: orderIdOf(orderPath), actor: "system" });
      await db.update(products).set({ status: "archived" }).where(eq(products.slug, "stickball-shorts"));
    });
    c = at(c);

    const list = await Client.text(await c.get("/orders?status=delivered"));
    expect(list).toContain("1Z999AA10123456784");
    expect(list).toMatch(/>Reorder</);
    expect(await Client.text(await c.get("/orders?status=processing"))).toContain("No processing orders found.");

    const track = await Client.text(await c.get(`${orderPath}/track`));
    expect(track).toContain("1Z999AA10123456784");
    expect(track).toMatch(/Delivered<span class="sr-only">: Current step<\/span>/);
    expect(track).toContain("UPS Ground");

    const reordered = await c.post(orderPath, { intent: "reorder" });
    expect(reordered.status).toBe(200);
    const page = await Client.text(reordered);
    expect(page).toContain("Added 2 items to your cart.");
    expect(page).toContain("Stickball Shorts (M) is no longer available.");
    const cart = await Client.text(await c.get("/cart"));
    expect(cart).toContain("Your cart (2)");
    expect(cart).toContain("Salsa Breaks Tee");
    expect(cart).not.toContain("Stickball Shorts");

    // Nobody else can open it, track it or reorder it into their own cart; a guest is asked to sign in.
    const other = await shopper();
    for (const path of [orderPath, `${orderPath}/track`]) {
      const res = await other.get(path);
      expect(res.status, path).toBe(404);
      const text = await Client.text(res);
      expect(text).toContain("Page not found");
      expect(text).not.toContain("1Z999AA10123456784");
    }
    expect((await other.post(orderPath, { intent: "reorder" })).status).toBe(404);
    expect(await Client.text(await other.get("/cart"))).toContain("Your cart (0)");
    const guest = new Client(server.url);
    const asGuest = await guest.get(orderPath);
    expect(asGuest.status).toBe(401);
    expect(await Client.text(asGuest)).toContain("Authentication Required");
    expect((await guest.post(orderPath, { intent: "reorder" })).status).toBe(401);
  });

  it("reordered when an item is sold out says so, and adds nothing for it", async () => {
    const c0 = await shopper();
    await addToCart(c0, "salsa-breaks-tee", { size: "S", color: "Red", quantity: 1 });
    const orderPath = await checkout(c0);
    await asStaff(async (db) => {
      await shipOrder(db, { orderId: orderIdOf(orderPath), actor: "system", trackingNumber: "9400100000000000000000" });
      await markDelivered(db, { orderId: orderIdOf(orderPath), actor: "system" });
      // Sold out since: nothing of the tee is left.
      const tee = db.select({ id: products.id }).from(products).where(eq(products.slug, "salsa-breaks-tee"));
      await db.update(variants).set({ onHand: 0, reserved: 0 }).where(inArray(variants.productId, tee));
    });
    const c = at(c0);
    const res = await c.post(orderPath, { intent: "reorder" });
    expect(res.status).toBe(200);
    const page = await Client.text(res);
    expect(page).toContain("Nothing could be added to your cart.");
    expect(page).toContain("Salsa Breaks Tee (S / Red) is out of stock.");
    expect(await Client.text(await c.get("/cart"))).toContain("Your cart (0)");
  });
});

describe("an order's addresses in Spanish", () => {
  it("name the country in the page's language, on the order and its tracking page", async () => {
    const c = await shopper();
    // A product the tests above leave on sale (they sell out the Salsa Breaks Tee and withdraw the shorts).
    await addToCart(c, "bodega-cat-tee", { size: "M", color: "White", quantity: 1 });
    const form = await (await c.get("/checkout")).text();
    const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(form)![1]!;
    // An address in Mexico: the order page names its country in the page's language.
    const paid = await c.post("/checkout", { idempotencyKey, fullName: "Ana Rivera", email: "ana@east-harlem.test", street: "Av. Insurgentes Sur 1602", city: "Ciudad de México", state: "CMX", zipCode: "03940", country: "MX", ...HTTP_CARDS.good });
    expect(paid.status, await paid.clone().text()).toBe(303);
    const complete = await Client.text(await c.get(paid.headers.get("location")!));
    const orderPath = /href="(\/orders\/[A-Za-z0-9_-]{16})"/.exec(complete)![1]!;

    const en = await Client.text(await c.get(orderPath));
    expect(en).toMatch(/<address[^>]*>Ana Rivera<br\/>Av. Insurgentes Sur 1602<br\/>Ciudad de México, CMX 03940<br\/>Mexico<\/address>/);
    expect(await Client.text(await c.get(`${orderPath}/track`))).toContain("Shipping to Ana Rivera, Ciudad de México, CMX");

    expect((await c.post("/language", { lang: "es", redirectTo: orderPath })).status).toBe(302);
    const es = await Client.text(await c.get(`/es${orderPath}`));
    expect(es).toMatch(/<br\/>Ciudad de México, CMX 03940<br\/>México<\/address>/);
    expect(es).not.toMatch(/<br\/>MX<\/address>/);
    expect(await Client.text(await c.get(`/es${orderPath}/track`))).toContain("Envío a Ana Rivera, Ciudad de México, CMX");
  });
});
