import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "./api-client.ts";
import { Client } from "./http-client.ts";
import { saveProductForm } from "./http-admin.ts";
import { registerOverHttp, SHOPPER_PASSWORD } from "./http-shopper.ts";
import { startSeededStore, type RunningServer, type SeededStore } from "./server.ts";

/*
 * Timed releases over HTTP (issue 18): the back office schedules a product; before the moment its page
 * counts down and neither the web's cart form (the page's own or a crafted one) nor the app's API sells it;
 * after the moment both do.
 */

let store: SeededStore;
let server: RunningServer;
const ADMIN = "drop-boss@east-harlem.test";
const CUSTOMER = `drop-fan-${Date.now()}@east-harlem.test`;
let admin: Client;
const SLUG = "harlem-classic-tee";
let productId = "";
let variantId = 0;


/** Saves the product form as it stands, with a new release moment (New York wall-clock time, or "" for none). */
const scheduleRelease = (onSaleAt: string, as = admin) => saveProductForm(admin, productId, { onSaleAt, status: "active" }, as);

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  server = store.server;
  admin = new Client(server.url);
  await registerOverHttp(admin, ADMIN, "Drop Boss");
  const listed = await Client.text(await admin.get(`/admin/products?q=${encodeURIComponent("Harlem Classic Tee")}`));
  productId = /href="\/admin\/products\/(\d+)"/.exec(listed)![1]!;
  const api = await new ApiClient(server.url).get<{ variants: { id: number; size: string; color: string; available: number }[] }>(`/products/${SLUG}`);
  variantId = api.body.variants.find((v) => v.available > 0)!.id;
}, 240_000);

afterAll(() => store?.stop());

describe("a timed release over HTTP", () => {
  it("is scheduled from the product editor, audited, and refused to a customer", async () => {
    const customer = new Client(server.url);
    await registerOverHttp(customer, CUSTOMER, "Drop Fan");
    expect((await scheduleRelease("2099-12-05T10:00", customer)).status).toBe(403);

    const saved = await scheduleRelease("2099-12-05T10:00");
    expect(saved.status).toBe(302);
    const form = await Client.text(await admin.get(`/admin/products/${productId}`));
    expect(form).toContain('value="2099-12-05T10:00"');
    expect(form).toContain("on sale from December 5, 2099, 10:00 AM ET");
    // 10:00 in New York in December is 15:00 UTC: the audit row keeps the instant.
    const audit = await Client.text(await admin.get(`/admin/audit?entity=product`));
    expect(audit).toContain("2099-12-05T15:00:00.000Z");

    const bad = await scheduleRelease("next friday");
    expect(bad.status).toBe(400);
    expect(await Client.text(bad)).toContain("Enter the release date and time, such as 2026-12-05 10:00.");
  });

  it("shows the moment and a countdown in the page's language, and starts the page's app at once", async () => {
    const guest = new Client(server.url);
    const en = await Client.text(await guest.get(`/shop/${SLUG}`));
    expect(en).toContain("Coming soon");
    expect(en).toContain("On sale December 5, 2099, 10:00 AM ET");
    expect(en).toContain('role="timer"');
    expect(en).not.toContain(">Add to Cart<");
    // The countdown must tick without an interaction: the app's start is not deferred on this page.
    expect(en).not.toContain('type="text/x-app"');
    // Search engines read it as a pre-sale from the moment.
    expect(en).toContain('"availability":"https://schema.org/PreSale"');
    // Its card in the shop leads to the countdown instead of offering the quick add.
    const shop = await Client.text(await guest.get(`/shop?q=${encodeURIComponent("Harlem Classic Tee")}`));
    expect(shop).toMatch(new RegExp(`href="/shop/${SLUG}"[^>]*>Coming soon<`));
    const es = await Client.text(await guest.get(`/es/shop/${SLUG}`));
    expect(es).toContain("Próximamente");
    expect(es).toContain("A la venta el 5 de diciembre de 2099, 10:00 a. m. ET");
  });

  it("refuses the web's cart form, a crafted form and the API before the moment, in English and Spanish", async () => {
    const guest = new Client(server.url);
    const crafted = await guest.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(crafted.status).toBe(409);
    expect(await Client.text(crafted)).toContain("Harlem Classic Tee is not on sale yet.");
    // The page's own form (by size and colour, without JavaScript), on the Spanish page.
    const pageForm = await guest.post("/es/cart", { intent: "add", productId, size: "S", color: "Black", quantity: "1" });
    expect(pageForm.status).toBe(409);
    expect(await Client.text(pageForm)).toContain("Harlem Classic Tee aún no está a la venta.");

    const app = new ApiClient(server.url, { language: "es" });
    const signedIn = await app.post<{ token: string }>("/auth/sign-in", { email: CUSTOMER, password: SHOPPER_PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(200);
    app.token = signedIn.body.token;
    // The app is told it is coming, when (by the store's clock), and how long until then.
    const shown = await app.get<{ upcoming: boolean; onSaleAt: string | null; msUntilOnSale: number | null }>(`/products/${SLUG}`);
    expect(shown.body).toMatchObject({ upcoming: true, onSaleAt: "2099-12-05T15:00:00.000Z" });
    expect(shown.body.msUntilOnSale).toBeGreaterThan(0);
    const listed = await app.get<{ items: { slug: string; upcoming: boolean }[] }>(`/products?q=${encodeURIComponent("Harlem Classic Tee")}`);
    expect(listed.body.items.find((p) => p.slug === SLUG)?.upcoming).toBe(true);
    const refused = await app.post<{ code: string; detail: string }>("/cart/items", { variantId, quantity: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "cart.not_on_sale_yet", detail: "Harlem Classic Tee aún no está a la venta." });
    expect((await app.get<{ lines: unknown[] }>("/cart")).body.lines).toEqual([]);
  });

  it("is on sale at most the page cache's two seconds after the moment, even on a page copy kept before it", async () => {
    const guest = new Client(server.url);
    // A moment on a whole second, a few seconds ahead (the form takes New York time with seconds).
    const moment = new Date(Math.ceil((Date.now() + 4000) / 1000) * 1000);
    const local = new Intl.DateTimeFormat("sv-SE", { timeZone: "America/New_York", dateStyle: "short", timeStyle: "medium" }).format(moment).replace(" ", "T");
    expect((await scheduleRelease(local)).status).toBe(302);
    const before = await guest.get(`/shop/${SLUG}`);
    expect(await Client.text(before)).toContain("Coming soon");
    // Kept for the next guests (nothing in the database changes at the moment itself).
    const kept = await guest.get(`/shop/${SLUG}`);
    expect(kept.headers.get("X-Page-Cache")).toBe("hit");
    await kept.arrayBuffer();
    // A refused add until the moment...
    const early = await guest.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(early.status).toBe(409);
    await early.arrayBuffer();
    // ...and, 2.1 s after it, no copy with the countdown is served any more: the page sells.
    await new Promise((resolve) => setTimeout(resolve, moment.getTime() + 2100 - Date.now()));
    const after = await Client.text(await guest.get(`/shop/${SLUG}`));
    expect(after).not.toContain("Coming soon");
    expect(after).toContain("Add to Cart");
    const added = await guest.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(added.status).toBe(200);
    await added.arrayBuffer();
    // Back to a far moment for the next test's own start.
    expect((await scheduleRelease("2099-12-05T10:00")).status).toBe(302);
  });

  it("sells through the web and the API once the moment has passed", async () => {
    expect((await scheduleRelease("2020-01-01T09:00")).status).toBe(302);
    const guest = new Client(server.url);
    const page = await Client.text(await guest.get(`/shop/${SLUG}`));
    expect(page).not.toContain("Coming soon");
    expect(page).toContain("Add to Cart");
    expect(await Client.text(await guest.get(`/shop?q=${encodeURIComponent("Harlem Classic Tee")}`))).not.toContain(">Coming soon<");
    const added = await guest.post("/cart", { intent: "add", variantId: String(variantId), quantity: "1" });
    expect(added.status).toBe(200);
    await added.arrayBuffer();

    const app = new ApiClient(server.url);
    expect((await app.get(`/products/${SLUG}`)).body).toMatchObject({ upcoming: false, onSaleAt: null, msUntilOnSale: null });
    const signedIn = await app.post<{ token: string }>("/auth/sign-in", { email: CUSTOMER, password: SHOPPER_PASSWORD });
    app.token = signedIn.body.token;
    const bought = await app.post<{ lines: { variantId: number }[] }>("/cart/items", { variantId, quantity: 1 });
    expect(bought.status, bought.text).toBe(201);
    expect(bought.body.lines.map((l) => l.variantId)).toEqual([variantId]);
  });
});

describe("a collection-wide drop over HTTP", () => {
  const slug = `night-drop-${Date.now()}`;
  const member = "bodega-cat-tee";
  const collectionForm = (onSaleAt: string) => ({ intent: "save", name: "Night Drop", slug, description: "Everything in it drops at once.", season: "", onSaleAt, products: member });
  let editor = "";

  it("is scheduled from the collection editor, audited, and holds its products back on every page and route", async () => {
    const bad = await admin.post("/admin/collections/new", collectionForm("tomorrow night"));
    expect(bad.status).toBe(400);
    expect(await Client.text(bad)).toContain("Enter the release date and time, such as 2026-12-05 10:00.");
    const made = await admin.post("/admin/collections/new", collectionForm("2099-12-05T10:00"));
    expect(made.status).toBe(302);
    editor = made.headers.get("location")!.replace(/\?.*$/, "");
    expect(await Client.text(await admin.get(editor))).toContain('value="2099-12-05T10:00"');
    expect(await Client.text(await admin.get("/admin/audit?entity=collection"))).toContain("2099-12-05T15:00:00.000Z");

    const guest = new Client(server.url);
    const page = await Client.text(await guest.get(`/collections/${slug}`));
    expect(page).toContain("Coming soon: the whole collection goes on sale December 5, 2099, 10:00 AM ET.");
    const es = await Client.text(await guest.get(`/es/collections/${slug}`));
    expect(es).toContain("Próximamente: toda la colección sale a la venta el 5 de diciembre de 2099, 10:00 a. m. ET.");
    const product = await Client.text(await guest.get(`/shop/${member}`));
    expect(product).toContain("On sale December 5, 2099, 10:00 AM ET");
    expect(product).not.toContain(">Add to Cart<");
    const api = await new ApiClient(server.url).get<{ upcoming: boolean; onSaleAt: string; variants: { id: number; available: number }[] }>(`/products/${member}`);
    expect(api.body).toMatchObject({ upcoming: true, onSaleAt: "2099-12-05T15:00:00.000Z" });
    const crafted = await guest.post("/cart", { intent: "add", variantId: String(api.body.variants.find((v) => v.available > 0)!.id), quantity: "1" });
    expect(crafted.status).toBe(409);
    expect(await Client.text(crafted)).toContain("Bodega Cat Tee is not on sale yet.");
  });

  it("opens its products when the moment is cleared", async () => {
    const saved = await admin.post(editor, collectionForm(""));
    expect(saved.status).toBe(302);
    const guest = new Client(server.url);
    expect(await Client.text(await guest.get(`/collections/${slug}`))).not.toContain("Coming soon");
    const product = await Client.text(await guest.get(`/shop/${member}`));
    expect(product).not.toContain("Coming soon");
    expect(product).toContain("Add to Cart");
  });
});
