import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { checkoutFields, openCheckout, registerOverHttp, submitCheckout } from "./http-shopper.ts";
import { sql } from "drizzle-orm";
import { rowsOf } from "../core/shared/sql-rows.ts";
import type { Db } from "../db/client.ts";
import { startSeededStore, type RunningServer, type SeededStore } from "./server.ts";

// What shoppers do over HTTP, read back as the administrator's analytics (the production server as its own process).
let store: SeededStore;
let server: RunningServer;
const ADMIN = "numbers-boss@east-harlem.test";
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", Accept: "text/html,application/xhtml+xml" };
let admin: Client;
/** The anonymous session of the shopper who buys in the first test. */
let shopperSession = "";

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  server = store.server;
  admin = new Client(server.url, undefined, BROWSER);
  await registerOverHttp(admin, ADMIN, "Numbers Boss");
}, 240_000);
afterAll(() => store?.stop());

const text = (c: Client, path: string) => c.get(path).then(Client.text);
/** The products tab's row for a product, as text ("" when the product is not listed). */
async function productRow(name: string): Promise<string> {
  const html = await text(admin, "/analytics?tab=products&period=7d&sort=views&refresh=1");
  const row = html.split('data-testid="analytics-product-row"').find((r) => r.includes(`>${name}<`));
  return row ? row.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") : "";
}
const figure = (html: string, testId: string) => Number(new RegExp(`data-testid="${testId}"[\\s\\S]*?<p class="mt-1 text-2xl font-bold">([^<]+)<`).exec(html)![1]!.replace(/[$,]/g, ""));
const funnelCount = (html: string, step: string) => Number(new RegExp(`data-testid="funnel-${step}"[\\s\\S]*?data-testid="funnel-count">(\\d+)<`).exec(html)![1]);

describe("analytics from real visits", () => {
  it("counts a shopper's visit, search, add to cart and purchase in the KPIs, the funnel and the products table", async () => {
    const before = await text(admin, "/analytics?tab=overview&period=7d&refresh=1");
    const funnelBefore = await text(admin, "/analytics?tab=funnel&period=7d");
    const ordersBefore = figure(before, "kpi-orders");

    const shopper = new Client(server.url, undefined, BROWSER);
    const page = await shopper.get("/shop/bodega-cat-tee");
    expect(page.headers.getSetCookie().some((c) => c.startsWith("eh_sid="))).toBe(true);
    const html = await Client.text(page);
    shopperSession = shopper.cookies.get("eh_sid") ?? "";
    await text(shopper, "/shop?q=hoodie");
    await registerOverHttp(shopper, `counted-${Date.now()}@east-harlem.test`);
    const productId = /name="productId" value="(\d+)"/.exec(html)![1]!;
    const added = await shopper.post("/cart", { intent: "add", productId, size: "M", color: "White", quantity: "1" });
    expect(added.status).toBe(200);
    await added.arrayBuffer();
    const paid = await submitCheckout(shopper, checkoutFields(await openCheckout(shopper), { name: "Ana Rivera", email: "ana@east-harlem.test" }));
    expect(paid.kind).toBe("paid");

    const after = await text(admin, "/analytics?tab=overview&period=7d&refresh=1");
    expect(figure(after, "kpi-orders")).toBe(ordersBefore + 1);
    expect(figure(after, "kpi-revenue")).toBeGreaterThan(figure(before, "kpi-revenue"));
    const funnelAfter = await text(admin, "/analytics?tab=funnel&period=7d");
    for (const step of ["sessions", "product_views", "add_to_cart", "checkout_started", "purchased"]) {
      expect(funnelCount(funnelAfter, step), step).toBe(funnelCount(funnelBefore, step) + 1);
    }
    const row = await productRow("Bodega Cat Tee");
    expect(row).toMatch(/Bodega Cat Tee Views 1 Add-to-carts 1 Purchases 1 Units 1 Revenue \$\d+\.\d\d Conversion 100%/);

    const csv = await admin.get("/analytics/products.csv?tab=products&period=7d&sort=views");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain(`"Bodega Cat Tee","bodega-cat-tee","1","1","1","1",`);
  });

  it("leaves out bots and the administrators' own browsing, and counts Global Privacy Control without a session", async () => {
    const bot = new Client(server.url, undefined, { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await text(bot, "/shop/el-barrio-mural-print");
    await text(admin, "/shop/uptown-paisley-bandana");
    expect(await productRow("El Barrio Mural Print")).toBe("");
    expect(await productRow("Uptown Paisley Bandana")).toBe("");

    const privateBrowser = new Client(server.url, undefined, { ...BROWSER, "Sec-GPC": "1" });
    const page = await privateBrowser.get("/shop/cypher-crew-socks");
    expect(page.headers.getSetCookie().some((c) => c.includes("eh_sid"))).toBe(false);
    await page.arrayBuffer();
    expect(await productRow("Cypher Crew Socks")).toMatch(/Cypher Crew Socks Views 1 Add-to-carts 0 Purchases 0 Units 0 Revenue \$0\.00 Conversion 0%/);
  });

  it("shows Analytics in the menu only to those who may read it, and Admin Access Required to a customer", async () => {
    const guest = new Client(server.url, undefined, BROWSER);
    expect(await text(guest, "/")).not.toContain('href="/analytics"');
    const customer = new Client(server.url, undefined, BROWSER);
    await registerOverHttp(customer, `curious-${Date.now()}@east-harlem.test`);
    expect(await text(customer, "/")).not.toContain('href="/analytics"');
    const refused = await customer.get("/analytics");
    expect(refused.status).toBe(403);
    expect(await Client.text(refused)).toContain("Admin Access Required");
    expect(await text(admin, "/")).toContain('href="/analytics"');
  });

  it("answers the Predictions tab: no invented forecast on a new store, restock advice for the catalogue, and the lead time checked", async () => {
    const page = await admin.get("/analytics?tab=predictions&leadTime=21");
    expect(page.status).toBe(200);
    const html = await Client.text(page);
    expect(html).toContain('data-testid="predictions"');
    // A new store has no full day of sales before today: it says so instead of a number.
    expect(html).toContain('data-testid="forecast-not-enough"');
    expect(html).toMatch(/Not enough history for a forecast yet: the store has 0 days of sales records, and a forecast needs 28/);
    expect(html).toMatch(/id="leadTime"[^>]*value="21"/);
    expect(html).toContain("Restock advice for a 21-day lead time");
    expect(html.split('data-testid="restock-row"').length).toBeGreaterThan(1);
    expect(html).not.toContain('id="period"');
    // The page's browser code carries no server code: Node-only modules there stop hydration, and the charts with it.
    const script = /href="(\/assets\/analytics-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const bundle = await (await admin.get(script!)).text();
    expect(bundle).not.toMatch(/node:crypto|Buffer\.from\(/);

    const refused = await text(admin, "/analytics?tab=predictions&leadTime=500");
    expect(refused).toContain("The lead time must be a whole number of days from 1 to 180; the advice below uses 14 days.");
    expect(refused).toMatch(/id="leadTime"[^>]*value="14"/);
  });
});

/** A product's views in the products tab (0 while it is not listed). */
async function viewsOf(name: string): Promise<number> {
  const row = await productRow(name);
  return row ? Number(/ Views (\d+) /.exec(row)![1]) : 0;
}
const productIdOf = (html: string) => /name="productId" value="(\d+)"/.exec(html)![1]!;

describe("one visit of a product page is one view", () => {
  it("counts a visit, its Add to Cart without JavaScript (the form returns to the page) and a reload as one view", async () => {
    const shopper = new Client(server.url, undefined, BROWSER);
    const path = "/shop/stickball-shorts";
    const html = await text(shopper, path);
    const added = await shopper.post("/cart", { intent: "add", productId: productIdOf(html), size: "M", quantity: "1", redirectTo: path });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(path);
    await added.arrayBuffer();
    expect(await text(shopper, path)).toContain("Stickball Shorts");
    await text(shopper, path);
    expect(await productRow("Stickball Shorts")).toMatch(/Stickball Shorts Views 1 Add-to-carts 1 Purchases 0 /);
  });

  it("counts a visit, the app's add and the page's data asked again after it as one view; a link hovered counts none; a visit after another page counts again", async () => {
    const shopper = new Client(server.url, undefined, BROWSER);
    const path = "/shop/block-party-bucket-hat";
    const html = await text(shopper, path);
    // The app's add (a fetcher's post), then React Router asks the page's data again.
    const added = await shopper.post("/cart.data", { intent: "add", productId: productIdOf(html), color: "Black", quantity: "1" });
    expect(added.status).toBe(200);
    await added.arrayBuffer();
    const revalidated = await shopper.get(`${path}.data?_routes=root%2Croutes%2Fproduct`);
    expect(revalidated.status).toBe(200);
    await revalidated.arrayBuffer();
    // A product card hovered on the way (React Router prefetches its data): no view, and nothing kept for the visit it may lead to.
    const hovered = await shopper.send("/shop/lex-line-track-pants.data", { headers: { Purpose: "prefetch" } });
    expect(hovered.status).toBe(204);
    expect(hovered.headers.get("cache-control")).toBe("no-store");
    expect(await viewsOf("Block Party Bucket Hat")).toBe(1);
    expect(await productRow("Block Party Bucket Hat")).toMatch(/Views 1 Add-to-carts 1 /);
    expect(await viewsOf("Lex Line Track Pants")).toBe(0);

    // The app's navigation to the shop and back to the hat: a second visit of its page.
    await (await shopper.get("/shop.data")).arrayBuffer();
    await (await shopper.get(`${path}.data`)).arrayBuffer();
    expect(await viewsOf("Block Party Bucket Hat")).toBe(2);
  });

  it("counts a plain visit once, and a visit without a session (Global Privacy Control) with its add as one view", async () => {
    const guest = new Client(server.url, undefined, BROWSER);
    expect(await text(guest, "/shop/harlem-river-dad-cap")).toContain("Harlem River Dad Cap");
    expect(await viewsOf("Harlem River Dad Cap")).toBe(1);

    const privateBrowser = new Client(server.url, undefined, { ...BROWSER, "Sec-GPC": "1" });
    const path = "/shop/el-barrio-cuff-beanie";
    const html = await text(privateBrowser, path);
    expect(privateBrowser.cookies.has("eh_sid")).toBe(false);
    const added = await privateBrowser.send("/cart.data", {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId: productIdOf(html), color: "Black", quantity: "1" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Referer: `${server.url}${path}` },
    });
    expect(added.status).toBe(200);
    await added.arrayBuffer();
    // The page's own data, asked from the page itself.
    await (await privateBrowser.send(`${path}.data`, { headers: { Referer: `${server.url}${path}` } })).arrayBuffer();
    expect(await productRow("El Barrio Cuff Beanie")).toMatch(/El Barrio Cuff Beanie Views 1 Add-to-carts 1 /);
  });
});

/** A figure of the Sales tab and the counts written under it, as a person reads them. */
function salesFigure(html: string, key: string): { value: string; basis: string } {
  const card = new RegExp(`data-testid="sales-${key}"[\\s\\S]*?data-testid="sales-figure">([^<]+)<[\\s\\S]*?data-testid="sales-basis">([^<]+)<`).exec(html)!;
  return { value: card[1]!, basis: card[2]! };
}

describe("the Sales tab", () => {
  it("works each rate out from the counts beside it: a customer who bought twice this week is new, not returning", async () => {
    const twice = new Client(server.url, undefined, BROWSER);
    await registerOverHttp(twice, `twice-${Date.now()}@east-harlem.test`);
    const productId = productIdOf(await text(twice, "/shop/stickball-shorts"));
    for (let i = 0; i < 2; i++) {
      const added = await twice.post("/cart", { intent: "add", productId, size: "L", quantity: "1" });
      expect(added.status).toBe(200);
      await added.arrayBuffer();
      const paid = await submitCheckout(twice, checkoutFields(await openCheckout(twice), { name: "Beto Cruz", email: "beto@east-harlem.test" }));
      expect(paid.kind).toBe("paid");
    }
    const html = await text(admin, "/analytics?tab=sales&period=7d&refresh=1");
    const newCustomers = Number(salesFigure(html, "new-customers").value);
    const returning = Number(salesFigure(html, "returning-customers").value);
    // This store's customers all bought for the first time this week (the first test's shopper, and this one twice).
    expect(newCustomers).toBe(2);
    expect(returning).toBe(0);
    const rate = salesFigure(html, "return-rate");
    expect(rate.value).toBe("0%");
    expect(rate.basis).toBe("0 of 2 customers in this period were returning customers.");
    expect(salesFigure(html, "returning-customers").basis).toBe("Customers who bought in this period and had bought before it.");
    expect(salesFigure(html, "lifetime-value").basis).toMatch(/over the 2 customers with a paid order up to \d{4}-\d\d-\d\d\.$/);
    const abandonment = salesFigure(html, "abandonment-rate");
    const [abandoned, sessions] = /^(\d+) of (\d+) sessions? that added/.exec(abandonment.basis)!.slice(1).map(Number);
    expect(abandonment.value).toBe(`${sessions! > 0 ? Math.round((abandoned! / sessions!) * 1000) / 10 : 0}%`);
    expect(html).toMatch(/A customer is an account with a paid order that was not refunded in full\. The period is \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d, store time \(New York\)/);
    expect(html).toContain("Visits by bots, crawlers and headless browsers are left out of these figures, as are the administrators' own visits.");
  });
});

describe("with ANALYTICS_RECORDING=off", () => {
  it("sets no visit cookie and records nothing a browser does", async () => {
    const quiet = await startSeededStore({ ANALYTICS_RECORDING: "off", ADMIN_EMAILS: ADMIN });
    try {
      const browser = new Client(quiet.server.url, undefined, BROWSER);
      const page = await browser.get("/shop/cypher-crew-socks");
      expect(page.status).toBe(200);
      expect(page.headers.getSetCookie().some((c) => c.includes("eh_sid"))).toBe(false);
      await page.arrayBuffer();
      await text(browser, "/shop?q=tee");
      const boss = new Client(quiet.server.url, undefined, BROWSER);
      await registerOverHttp(boss, ADMIN, "Numbers Boss");
      const html = await text(boss, "/analytics?tab=products&period=7d&sort=views&refresh=1");
      expect(html).not.toContain("Cypher Crew Socks");
      expect(figure(await text(boss, "/analytics?tab=overview&period=7d&refresh=1"), "kpi-orders")).toBe(0);
    } finally {
      await quiet.stop();
    }
  }, 240_000);

  it("wrote each event type of the shopper's visit with its data, and no email or name", async () => {
    const read = async (db: Db) => {
      const result = await db.execute(sql`select type, user_id, query, result_count, product_id, quantity, value_cents, path from analytics_events where session_id = ${shopperSession} order by id`);
      return rowsOf<{ type: string; user_id: string | null; query: string | null; result_count: number | null; product_id: number | null; quantity: number | null; value_cents: number | null; path: string | null }>(result);
    };
    const rows = await store.withDatabase(read, { flush: () => admin.get("/analytics?refresh=1").then((r) => r.arrayBuffer()) });
    server = store.server;
    const types = new Set(rows.map((r) => r.type));
    for (const type of ["page_view", "product_view", "search", "add_to_cart", "checkout_started", "purchase"]) expect(types, type).toContain(type);
    expect(rows.find((r) => r.type === "search")).toMatchObject({ query: "hoodie" });
    expect(rows.find((r) => r.type === "search")!.result_count).toBeGreaterThan(0);
    expect(rows.find((r) => r.type === "add_to_cart")).toMatchObject({ quantity: 1, value_cents: 4000 });
    expect(rows.find((r) => r.type === "page_view" && r.path === "/shop/bodega-cat-tee")).toBeTruthy();
    // Signed in from the sign-up on: the purchase carries the account, and nothing carries an address.
    expect(rows.find((r) => r.type === "purchase")!.user_id).toBeTruthy();
    expect(JSON.stringify(rows)).not.toMatch(/@|Ana Rivera/);
  });
});
