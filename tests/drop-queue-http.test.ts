import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, loadContract, type ApiAnswer } from "./api-client.ts";
import { Client } from "./http-client.ts";
import { saveProductForm, valueOf } from "./http-admin.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type RunningServer, type SeededStore } from "./server.ts";

/*
 * A drop's waiting room over HTTP (issue 18, ADR 0034): switched on in the product editor; the first visitor
 * is let in and buys, the next ones wait with their place on the page (without JavaScript too), keep it through
 * reloads by the signed cookie, cannot add by any route (the page's form, a crafted one, the API), and joins
 * past the limit per address get a 429 with a clear message.
 */

let store: SeededStore;
let server: RunningServer;
const ADMIN = "queue-boss@east-harlem.test";
let admin: Client;
const SLUG = "harlem-classic-tee";
let productId = "";
let variantId = 0;

/** Saves the product form as it stands, with the waiting room's fields. */
const saveQueue = (queue: { queueCapacity: string; queueRatePerMinute: string; queueCheckoutMinutes: string }, id = productId) => saveProductForm(admin, id, { ...queue, status: "active" });

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  server = store.server;
  admin = new Client(server.url);
  await registerOverHttp(admin, ADMIN, "Queue Boss");
  const listed = await Client.text(await admin.get(`/admin/products?q=${encodeURIComponent("Harlem Classic Tee")}`));
  productId = /href="\/admin\/products\/(\d+)"/.exec(listed)![1]!;
  const api = await new ApiClient(server.url).get<{ variants: { id: number; available: number }[] }>(`/products/${SLUG}`);
  variantId = api.body.variants.find((v) => v.available > 0)!.id;
}, 240_000);

afterAll(() => store?.stop());

describe("a drop's waiting room over HTTP", () => {
  it("is switched on in the product editor, with field errors for bad values, and audited", async () => {
    const bad = await saveQueue({ queueCapacity: "0", queueRatePerMinute: "abc", queueCheckoutMinutes: "500" });
    expect(bad.status).toBe(400);
    const text = await Client.text(bad);
    expect(text).toContain("Enter how many shoppers to serve at once (1 to 100000), or leave it blank for no waiting room.");
    expect(text).toContain("Enter how many shoppers to let in per minute (1 to 10000).");
    expect(text).toContain("Enter the minutes a shopper has to check out once let in (1 to 120).");

    // One shopper at once, one let in per minute: the first visitor gets in, the next ones wait.
    expect((await saveQueue({ queueCapacity: "1", queueRatePerMinute: "1", queueCheckoutMinutes: "10" })).status).toBe(302);
    const form = await Client.text(await admin.get(`/admin/products/${productId}`));
    expect(valueOf(form, "queueCapacity")).toBe("1");
    expect(valueOf(form, "queueRatePerMinute")).toBe("1");
    const audit = await Client.text(await admin.get(`/admin/audit?entity=product`));
    expect(audit).toContain("queueCapacity");
  });

  it("lets the first visitor in to buy, and shows the next their place without JavaScript, kept across reloads", async () => {
    const first = new Client(server.url);
    // Let in at once: the product page, and the cookie saying so (later visits go straight to it).
    const page = await first.get(`/shop/${SLUG}`);
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().join(";")).toMatch(/eh_queue=.+HttpOnly/i);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const firstHtml = await Client.text(page);
    expect(firstHtml).toMatch(/It's your turn: you have until \d{1,2}:\d{2} [AP]M to check out\./);
    expect(firstHtml).toContain(">Add to Cart<");
    const added = await first.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(added.status, await added.clone().text()).toBe(200);
    // The cart says until when the pass holds, the time the page gave.
    const until = /you have until (\d{1,2}:\d{2} [AP]M) to check out/.exec(firstHtml)![1]!;
    expect(await Client.text(await first.get("/cart"))).toContain(`Check out by ${until}: your turn in line ends then.`);
    expect(await Client.text(await first.get("/es/cart"))).toMatch(/Paga antes de las \d{1,2}:\d{2}.*: ahí termina tu turno en la fila\./);

    const second = new Client(server.url);
    const waiting = await second.get(`/shop/${SLUG}`);
    expect(waiting.headers.get("cache-control")).toContain("no-store");
    expect(waiting.headers.getSetCookie().join(";")).toMatch(/eh_queue=.+HttpOnly/i);
    const html = await Client.text(waiting);
    expect(html).toContain("You're in line");
    expect(html).toContain("Your place in line: 1");
    expect(html).toContain("Nobody is ahead of you.");
    expect(html).toContain("About 1 minute");
    expect(html).toContain(">Check my place<");
    expect(html).not.toContain(">Add to Cart<");
    // The light waiting page: the product and the place, without the store's frame, its reviews or its app (a
    // few lines of script ask for the place); a few kilobytes, sent as they are.
    expect(html).toContain(">Harlem Classic Tee</h1>");
    expect(html).not.toMatch(/type="(module|text\/x-app)"/);
    expect(html).not.toContain('id="reviews"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html.length).toBeLessThan(8_000);
    expect(waiting.headers.get("content-encoding")).toBeNull();

    // A third visitor (another device: no cookie) joins behind; the second's reloads keep its place.
    const third = new Client(server.url);
    expect(await Client.text(await third.get(`/shop/${SLUG}`))).toContain("Your place in line: 2");
    const reload = await second.get(`/shop/${SLUG}`);
    expect(reload.headers.getSetCookie()).toEqual([]);
    expect(await Client.text(reload)).toContain("Your place in line: 1");
    const status = await second.get(`/shop/${SLUG}/queue`);
    expect(((await status.json()) as { queue: { state: string; position: number } }).queue).toMatchObject({ state: "waiting", position: 1 });
    // Waiting, the guest browses the rest of the store from the page cache like any guest; the drop's page
    // stays their own.
    await second.get("/shop");
    expect((await second.get("/shop")).headers.get("x-page-cache")).toBe("hit");
    const again = await second.get(`/shop/${SLUG}`);
    expect(again.headers.get("x-page-cache")).not.toBe("hit");
    expect(await Client.text(again)).toContain("Your place in line: 1");
    // In Spanish.
    expect(await Client.text(await third.get(`/es/shop/${SLUG}`))).toContain("Tu lugar en la fila: 2");

    // A forged cookie is no place at all: that visitor joins at the back.
    const forger = new Client(server.url);
    forger.cookies.set("eh_queue", Buffer.from(JSON.stringify([`${"a".repeat(32)}.${"b".repeat(43)}`])).toString("base64"));
    expect(await Client.text(await forger.get(`/shop/${SLUG}`))).toContain("Your place in line: 3");

    // Waiting, no route adds the item. A form posted as a page (crafted, or the page's without JavaScript) is
    // sent back to the line; the page's app is told why, in its language.
    const crafted = await second.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(crafted.status).toBe(303);
    expect(crafted.headers.get("location")).toBe(`/shop/${SLUG}`);
    expect(await Client.text(await second.get(`/shop/${SLUG}`))).toContain("Your place in line: 1");
    const inApp = await second.post("/cart.data", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(await Client.text(inApp)).toContain("Join the line for Harlem Classic Tee to buy it.");
    const spanish = await second.post("/es/cart.data", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(await Client.text(spanish)).toContain("Únete a la fila de Harlem Classic Tee para comprarlo.");
    expect(await Client.text(await second.get("/cart"))).toContain("Your cart is empty");
  });

  it("carries an add without a place into the line, and lets a waiting page in once a place frees", async () => {
    // A page's form posted without a place (a page left open from before the line, JavaScript off): the
    // visitor takes a place and is sent back to the product's address, which shows it.
    const late = new Client(server.url);
    const plain = await late.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1", redirectTo: `/shop/${SLUG}` });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe(`/shop/${SLUG}`);
    expect(plain.headers.getSetCookie().join(";")).toMatch(/eh_queue=.+HttpOnly/i);
    const shown = await Client.text(await late.get(`/shop/${SLUG}`));
    expect(shown).toContain("You're in line");
    expect(shown).toMatch(/Your place in line: \d+/);
    const place = Number(/Your place in line: (\d+)/.exec(shown)![1]);
    // In Spanish, back to the Spanish address.
    const spanish = new Client(server.url);
    const posted = await spanish.post("/es/cart", { intent: "add", variantId: String(variantId), quantity: "1", redirectTo: `/es/shop/${SLUG}` });
    expect(posted.headers.get("location")).toBe(`/es/shop/${SLUG}`);
    expect(await Client.text(await spanish.get(`/es/shop/${SLUG}`))).toContain(`Tu lugar en la fila: ${place + 1}`);
    // The page's app's add (answered in place): the refusal, and the place taken meanwhile.
    const inPlace = new Client(server.url);
    const refused = await inPlace.post("/cart.data", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(await Client.text(refused)).toContain("Join the line for Harlem Classic Tee to buy it.");
    expect(refused.headers.getSetCookie().join(";")).toMatch(/eh_queue=.+HttpOnly/i);
    expect(await Client.text(await inPlace.get(`/shop/${SLUG}`))).toContain(`Your place in line: ${place + 2}`);

    // Room for five at once, let in ten a second: the first one's pass and the next four in line (the two
    // visitors before, the forger, this one), and a waiting page's check says so; the product's address then
    // shows the product page with the deadline. Those behind still wait.
    expect((await saveQueue({ queueCapacity: "5", queueRatePerMinute: "600", queueCheckoutMinutes: "10" })).status).toBe(302);
    const next = new Client(server.url);
    const waiting = await Client.text(await next.get(`/shop/${SLUG}`));
    expect(waiting).toContain("You're in line");
    let state = "waiting";
    for (let i = 0; i < 50 && state === "waiting"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      state = ((await (await late.get(`/shop/${SLUG}/queue`)).json()) as { queue: { state: string } | null }).queue?.state ?? "none";
    }
    expect(state).toBe("admitted");
    const product = await late.get(`/shop/${SLUG}`);
    expect(product.status).toBe(200);
    const html = await Client.text(product);
    expect(html).toMatch(/It's your turn: you have until \d{1,2}:\d{2} [AP]M to check out\./);
    expect(html).toContain(">Add to Cart<");
    const added = await late.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(added.status, await added.clone().text()).toBe(200);
    // Back to one at a time, for what follows.
    expect((await saveQueue({ queueCapacity: "1", queueRatePerMinute: "1", queueCheckoutMinutes: "10" })).status).toBe(302);
  });

  it("finds a signed-in shopper's place by the session on every device, and none by a forged or ended session", async () => {
    const shopper = new Client(server.url);
    await registerOverHttp(shopper, "line-two-phones@east-harlem.test", "Two Phones");
    const placeOf = (html: string) => Number(/Your place in line: (\d+)/.exec(html)?.[1] ?? NaN);
    const mine = placeOf(await Client.text(await shopper.get(`/shop/${SLUG}`)));
    expect(mine).toBeGreaterThan(0);
    // Another device: the same session, no place in its cookie; the account's place is found.
    const session = shopper.cookies.get("eh.session_token")!;
    const phone = new Client(server.url);
    phone.cookies.set("eh.session_token", session);
    const onPhone = await phone.get(`/shop/${SLUG}`);
    expect(placeOf(await Client.text(onPhone))).toBe(mine);
    // A session cookie whose signature is not the server's is no session: that browser joins at the back.
    const forger = new Client(server.url);
    const [token, signature] = decodeURIComponent(session).split(/\.(?=[^.]+$)/);
    forger.cookies.set("eh.session_token", encodeURIComponent(`${token}.${signature!.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`));
    expect(placeOf(await Client.text(await forger.get(`/shop/${SLUG}`)))).toBeGreaterThan(mine);
    // Signed out: the session is over on every device; the phone, still sending its cookie, joins at the back.
    expect((await shopper.post("/logout", {})).status).toBeLessThan(400);
    phone.cookies.delete("eh_queue");
    expect(placeOf(await Client.text(await phone.get(`/shop/${SLUG}`)))).toBeGreaterThan(mine);
  });

  it("gives the app a place, and refuses its add until let in and with a forged token", async () => {
    const contract = await loadContract(server.url);
    const app = new ApiClient(server.url, { address: "203.0.113.50" });
    const product = await app.get<{ waitingRoom: boolean }>(`/products/${SLUG}`);
    expect(product.body.waitingRoom).toBe(true);
    contract.check("GET", `/products/${SLUG}`, product as ApiAnswer<unknown>);
    const joined = await app.post<{ ticket: string; state: string; position: number }>(`/products/${SLUG}/queue`);
    expect(joined.status, joined.text).toBe(200);
    // The answers are the ones the OpenAPI document describes.
    contract.check("POST", `/products/${SLUG}/queue`, joined as ApiAnswer<unknown>);
    expect(joined.body.state).toBe("waiting");
    const again = await app.call<{ ticket: string; position: number }>("POST", `/products/${SLUG}/queue`, { headers: { "Queue-Ticket": joined.body.ticket } });
    expect(again.body).toMatchObject({ ticket: joined.body.ticket, position: joined.body.position });
    const read = await app.get<{ position: number }>(`/products/${SLUG}/queue`, { "Queue-Ticket": joined.body.ticket });
    expect(read.body.position).toBe(joined.body.position);
    contract.check("GET", `/products/${SLUG}/queue`, read as ApiAnswer<unknown>);
    expect((await app.get(`/products/${SLUG}/queue`, { "Queue-Ticket": `${joined.body.ticket.split(".")[0]}.${"x".repeat(43)}` })).status).toBe(404);

    const add = await app.call<{ code: string }>("POST", "/cart/items", { json: { variantId, quantity: 1 }, headers: { "Queue-Ticket": joined.body.ticket } });
    expect(add.status).toBe(403);
    expect(add.body.code).toBe("cart.queue_required");
    contract.check("POST", "/cart/items", add as ApiAnswer<unknown>);
    const none = await app.call<{ code: string }>("POST", "/cart/items", { json: { variantId, quantity: 1 } });
    expect(none.status).toBe(403);
  });

  it("answers joins past the limit per address with a 429 and a clear message", async () => {
    let last: Response | null = null;
    for (let i = 0; i < 31; i++) {
      // Each a new visitor (no cookie) from one address.
      last = await new Client(server.url, undefined, { "X-Forwarded-For": "198.51.100.7" }).get(`/shop/${SLUG}`);
    }
    expect(last!.status).toBe(429);
    expect(await Client.text(last!)).toContain("Too many tries to join the line. Please wait a minute and try again.");
  });

  it("holds nobody in line for a drop that is sold out: the page offers Notify me, and a waiting page is told to stop", async () => {
    const listed = await Client.text(await admin.get(`/admin/products?q=${encodeURIComponent("Golden Era Tee")}`));
    const soldOutId = /href="\/admin\/products\/(\d+)"/.exec(listed)![1]!;
    expect((await saveQueue({ queueCapacity: "1", queueRatePerMinute: "1", queueCheckoutMinutes: "10" }, soldOutId)).status).toBe(302);
    const guest = new Client(server.url);
    const res = await guest.get("/shop/golden-era-tee");
    expect(res.status).toBe(200);
    const page = await Client.text(res);
    expect(page).not.toContain('data-testid="waiting-room"');
    expect(page).toContain('data-testid="notify-me"');
    expect(res.headers.get("set-cookie") ?? "").not.toContain("eh_queue");
    const status = await guest.get("/shop/golden-era-tee/queue");
    expect(await status.json()).toEqual({ queue: null, open: false });
  });
});
