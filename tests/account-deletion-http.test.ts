import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMER_CUSTOMER } from "../core/reviews/index.ts";
import { localeT } from "../app/lib/i18n.server.ts";
import { Client } from "./http-client.ts";
import { buyOverHttp, registerOverHttp, SHOPPER_PASSWORD } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// What a deleted account leaves in public and what it frees, over HTTP against the production server:
// its shared list is gone, its review stays without its name, its email makes a new account, and the
// back office still has its order.

const ADMIN = `deletion-boss-${Date.now()}@east-harlem.test`;
const SLUG = "stickball-shorts";
let store: SeededStore;
let admin: Client;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  admin = new Client(store.server.url);
  await registerOverHttp(admin, ADMIN, "Store Boss");
}, 240_000);

afterAll(() => store?.stop());

const guestPage = async (path: string) => {
  const res = await new Client(store.server.url).get(path);
  return { status: res.status, html: await Client.text(res) };
};

describe("deleting an account", () => {
  it("takes its shared list and its name off the public pages, frees its email, and keeps its order for the back office only", async () => {
    const email = `leaving-${Date.now()}@east-harlem.test`;
    const shopper = new Client(store.server.url);
    await registerOverHttp(shopper, email, "Marisol Vega");
    const orderPath = await buyOverHttp(shopper, SLUG, "M", { name: "Marisol Vega", email });
    const orderId = orderPath.split("/").pop()!;
    const orderNumber = /EH-\d{6}/.exec(await Client.text(await shopper.get(orderPath)))![0];

    const reviewed = await shopper.post(`/shop/${SLUG}/reviews`, { intent: "create", rating: "5", title: "Built for the block", comment: "Wore them to the stickball game on 111th.", redirectTo: `/shop/${SLUG}` });
    expect(reviewed.status).toBe(303);
    const productId = /name="productId" value="(\d+)"/.exec(await Client.text(await shopper.get(`/shop/${SLUG}`)))![1]!;
    expect((await shopper.post("/wishlist/toggle", { productId, intent: "save", redirectTo: `/shop/${SLUG}` })).status).toBe(303);
    const listId = /href="\/wishlist\?list=(\d+)"/.exec(await Client.text(await shopper.get("/wishlist")))![1]!;
    const shared = await shopper.post("/wishlist", { intent: "sharing", listId, visibility: "public" });
    const code = /data-testid="share-code">([A-Z0-9]+)</.exec(await Client.text(shared))![1]!;

    // Before: the list answers anyone, and the review carries the name.
    expect((await guestPage(`/wishlist/${code}`)).status).toBe(200);
    const before = (await guestPage(`/shop/${SLUG}`)).html;
    expect(before).toContain("Built for the block");
    expect(before).toContain("Marisol V.");

    const deleted = await shopper.post("/settings", { intent: "delete", password: SHOPPER_PASSWORD });
    expect(deleted.status).toBe(302);

    // The shared address answers as an unknown code does.
    const list = await guestPage(`/wishlist/${code}`);
    expect(list.status).toBe(404);
    expect(list.status).toBe((await guestPage("/wishlist/QQQQQQ")).status);
    expect(list.html).not.toContain("My Favorites");

    // The review stays, by a former customer, in both languages.
    const after = (await guestPage(`/shop/${SLUG}`)).html;
    expect(after).toContain("Built for the block");
    expect(after).toContain(FORMER_CUSTOMER);
    expect(after).not.toContain("Marisol");
    const spanish = (await guestPage(`/es/shop/${SLUG}`)).html;
    expect(spanish).toContain(localeT("es")("shop.reviews.formerCustomer"));
    expect(spanish).not.toContain("Marisol");

    // The email makes a new account, which signs in and sees none of the old account's orders.
    const again = new Client(store.server.url);
    await registerOverHttp(again, email, "Marisol Vega");
    expect((await again.post("/logout", {})).status).toBe(302);
    const signIn = await again.post("/login", { intent: "signin", email, password: SHOPPER_PASSWORD, redirectTo: "/orders" });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/orders");
    const orders = await again.get("/orders");
    expect(orders.status).toBe(200);
    expect(await Client.text(orders)).not.toContain(orderNumber);
    expect((await again.get(orderPath)).status).toBe(404);

    // The back office still has the order, as it was placed.
    const books = await admin.get(`/admin/orders/${orderId}`);
    expect(books.status).toBe(200);
    const booked = await Client.text(books);
    expect(booked).toContain(orderNumber);
    expect(booked).toContain("Marisol Vega");
    expect(await admin.get(`/admin/orders?q=${encodeURIComponent(email)}`).then(Client.text)).toContain(`/admin/orders/${orderId}`);
  });
});
