import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../core/shared/sql-rows.ts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products } from "../db/schema/index.ts";
import { usingPostgres } from "./database.ts";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type RunningServer, type SeededStore } from "./server.ts";

// The rendered-page cache (server/page-cache.ts, ADR 0026) seen from outside: the production server as
// its own process, on PostgreSQL when TEST_DATABASE_URL is set (changes then reach the cache by
// LISTEN/NOTIFY), else embedded.
let store: SeededStore;
let server: RunningServer;
const ADMIN = "cache-boss@east-harlem.test";
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BROWSER = { "User-Agent": UA, Accept: "text/html,application/xhtml+xml" };
let admin: Client;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  server = store.server;
  admin = new Client(server.url, undefined, BROWSER);
  await registerOverHttp(admin, ADMIN, "Cache Boss");
}, 240_000);
afterAll(() => store?.stop());

/** A new browser: no cookie yet, and the headers a browser sends for a page. */
const browser = (headers: Record<string, string> = {}) => new Client(server.url, undefined, { ...BROWSER, ...headers });

interface Seen {
  status: number;
  cache: string | null;
  html: string;
  csp: string;
  cookies: string[];
}

async function visit(c: Client, path: string): Promise<Seen> {
  const res = await c.get(path);
  return { status: res.status, cache: res.headers.get("x-page-cache"), html: await res.text(), csp: res.headers.get("content-security-policy") ?? "", cookies: res.headers.getSetCookie() };
}

/**
 * A page seen by one guest, then by another from the copy: tried again if the machine was so slow that
 * the copy had to be rendered anew in between (a copy past half its age is).
 */
async function seenTwice(path: string): Promise<[Seen, Seen]> {
  for (let attempt = 0; ; attempt++) {
    const first = await visit(browser(), path);
    const second = await visit(browser(), path);
    if (second.cache === "hit" || attempt === 4) return [first, second];
  }
}

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];

describe("guests' copies of public pages", () => {
  it("serves a guest the page another guest's visit rendered, under its own nonce policy, with a visit cookie of its own", async () => {
    const [first, second] = await seenTwice("/shop");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.cache).toBe("hit");
    expect(second.html).toBe(first.html);
    // The inline scripts keep the nonce they were rendered with, and this answer's policy allows exactly it.
    const nonce = nonceOf(second.html)!;
    expect(second.csp).toContain(`'nonce-${nonce}'`);
    // The analytics visit is each guest's own, never copied.
    const sid = (seen: Seen) => seen.cookies.find((c) => c.startsWith("eh_sid="))?.split(";")[0];
    expect(sid(first)).toBeTruthy();
    expect(sid(second)).toBeTruthy();
    expect(sid(second)).not.toBe(sid(first));
  });

  it("answers HEAD from the copy, without a body", async () => {
    await seenTwice("/");
    const res = await browser().send("/", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toBe("");
  });

  it("never serves a signed-in shopper a guest's copy, nor a guest anything of the shopper's", async () => {
    await seenTwice("/shop");
    const email = `cache-shopper-${Date.now()}@east-harlem.test`;
    const shopper = browser();
    await registerOverHttp(shopper, email, "Ana Cachet");
    const theirs = await visit(shopper, "/shop");
    expect(theirs.status).toBe(200);
    expect(theirs.cache).toBeNull();
    expect(theirs.html).toContain("Ana Cachet");
    // With a saved theme the page is drawn in it; guests have none.
    expect((await shopper.post("/settings", { intent: "preferences", theme: "dark", language: "en", currency: "USD", emailOrderUpdates: "on" })).status).toBe(200);
    expect((await visit(shopper, "/shop")).html).toMatch(/<html [^>]*data-theme="dark"/);
    for (let i = 0; i < 2; i++) {
      const guestPage = await visit(browser(), "/shop");
      expect(guestPage.html).not.toContain("Ana Cachet");
      expect(guestPage.html).not.toContain(email);
      expect(guestPage.html).not.toMatch(/<html [^>]*data-theme/);
    }
  });

  it("renders fresh for a guest with a cart, and never shows that cart to other guests", async () => {
    const [, copy] = await seenTwice("/shop/harlem-classic-tee");
    expect(copy.html).not.toContain('data-testid="cart-badge"');
    const buyer = browser();
    const added = await buyer.post("/cart", { intent: "add", productId: "1", size: "S", color: "Black", quantity: "1" });
    expect(added.status).toBeLessThan(400);
    expect([...buyer.cookies.keys()]).toContain("eh_cart");
    await added.arrayBuffer();
    const theirs = await visit(buyer, "/shop/harlem-classic-tee");
    expect(theirs.cache).toBeNull();
    expect(theirs.html).toContain('data-testid="cart-badge"');
    const other = await visit(browser(), "/shop/harlem-classic-tee");
    expect(other.html).not.toContain('data-testid="cart-badge"');
  });

  it("keeps English and Spanish apart, and still sends a visitor who chose the other language to it", async () => {
    await seenTwice("/shop");
    await seenTwice("/es/shop");
    expect((await visit(browser(), "/shop")).html).toContain('<html lang="en"');
    expect((await visit(browser(), "/es/shop")).html).toContain('<html lang="es"');

    // The switcher's cookie and a Spanish browser are sent to /es/shop, though /shop is kept for others.
    const chose = browser();
    chose.cookies.set("lang", encodeURIComponent(Buffer.from(JSON.stringify("es")).toString("base64")));
    const moved = await chose.get("/shop");
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/es/shop");
    const spanishBrowser = await browser({ "Accept-Language": "es-MX,es;q=0.9" }).get("/shop");
    expect(spanishBrowser.status).toBe(302);
    expect(spanishBrowser.headers.get("location")).toBe("/es/shop");
    // A crawler always gets the address it asked for.
    const crawler = await visit(browser({ "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Accept-Language": "es" }), "/shop");
    expect(crawler.status).toBe(200);
    expect(crawler.html).toContain('<html lang="en"');
  });

  it("shows a guest's chosen currency, and dollars to the others", async () => {
    expect((await admin.post("/admin/currency", { intent: "set", currency: "EUR", rate: "0.92" })).status).toBe(302);
    await seenTwice("/shop/harlem-classic-tee");
    const euro = browser();
    const chosen = await euro.post("/currency", { currency: "EUR", redirectTo: "/shop/harlem-classic-tee" });
    expect(chosen.status).toBe(302);
    const theirs = await visit(euro, "/shop/harlem-classic-tee");
    expect(theirs.html).toMatch(/data-testid="price">≈\s€/);
    const dollars = await visit(browser(), "/shop/harlem-classic-tee");
    expect(dollars.html).toMatch(/data-testid="price">\$/);
    expect(dollars.html).not.toMatch(/≈\s?€/);
  });

  it("shows a change of price or stock to the very next guest", async () => {
    const name = `Cache Park Windbreaker ${Date.now()}`;
    const product = { name, description: "A light shell.", category: "apparel", artKind: "jacket", basePrice: "85.00", tags: "outerwear", status: "draft" };
    const versionOn = (html: string) => /name="version" value="(\d+)"/.exec(html)![1]!;
    const created = await admin.post("/admin/products/new", product);
    expect(created.status).toBe(302);
    const id = /\/admin\/products\/(\d+)/.exec(created.headers.get("location") ?? "")![1]!;
    let page = await Client.text(await admin.get(`/admin/products/${id}`));
    const slug = /name="slug"[^>]*value="([^"]+)"/.exec(page)![1]!;
    expect((await admin.post(`/admin/products/${id}`, { intent: "variant-add", version: versionOn(page), size: "M", color: "Olive", initialStock: "3", active: "on" })).status).toBe(302);
    page = await Client.text(await admin.get(`/admin/products/${id}`));
    expect((await admin.post(`/admin/products/${id}`, { intent: "save", version: versionOn(page), ...product, slug, status: "active" })).status).toBe(302);

    const [, before] = await seenTwice(`/shop/${slug}`);
    expect(before.cache).toBe("hit");
    expect(before.html).toContain("$85.00");
    await seenTwice("/shop");

    page = await Client.text(await admin.get(`/admin/products/${id}`));
    expect((await admin.post(`/admin/products/${id}`, { intent: "save", version: versionOn(page), ...product, basePrice: "79.00", slug, status: "active" })).status).toBe(302);
    const repriced = await visit(browser(), `/shop/${slug}`);
    expect(repriced.cache).toBe("miss");
    expect(repriced.html).toContain("$79.00");
    expect(repriced.html).not.toContain("$85.00");

    await seenTwice(`/shop/${slug}`);
    const list = await Client.text(await admin.get(`/admin/inventory?q=${encodeURIComponent(name)}`));
    // The stock table's row of this product (the open alerts above it name other products).
    const variantId = new RegExp(`href="/admin/inventory/(\\d+)"[^>]*>${name}<`).exec(list)![1]!;
    expect((await admin.post(`/admin/inventory/${variantId}`, { intent: "adjust", onHand: "0", reason: "Count" })).status).toBe(200);
    const soldOut = await visit(browser(), `/shop/${slug}`);
    expect(soldOut.cache).toBe("miss");
    expect(soldOut.html).toContain("Out of Stock");
  });

  it.runIf(usingPostgres())("shows a change another process committed to the very next guest", async () => {
    const [, before] = await seenTwice("/shop/el-barrio-logo-cap");
    expect(before.cache).toBe("hit");
    const marker = `Knit on 116th Street, batch ${Date.now()}.`;
    // The test's own connection stands for another app process (or a script) writing to the database.
    await store.database!.db.update(products).set({ description: marker }).where(eq(products.slug, "el-barrio-logo-cap"));
    const after = await visit(browser(), "/shop/el-barrio-logo-cap");
    expect(after.cache).toBe("miss");
    expect(after.html).toContain(marker);
  });

  it("keeps the app's catalogue reads without a token like pages, and drops them with the same changes", async () => {
    const read = async () => {
      const res = await fetch(`${server.url}/api/v1/products/el-barrio-logo-cap`, { headers: { accept: "application/json" } });
      const body = (await res.json()) as { variants: { id: number; available: number }[] };
      return { cache: res.headers.get("x-page-cache"), etag: res.headers.get("etag"), body };
    };
    let first = await read();
    let second = await read();
    for (let attempt = 0; second.cache !== "hit" && attempt < 4; attempt++) [first, second] = [await read(), await read()];
    expect(second.cache).toBe("hit");
    expect(second.etag).toBe(first.etag);
    expect(second.body).toEqual(first.body);
    // The copy goes out compressed as it was kept, and a client holding it is told it is still good.
    const url = `${server.url}/api/v1/products/el-barrio-logo-cap`;
    const gzipped = await fetch(url, { headers: { accept: "application/json", "accept-encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await gzipped.json()).toEqual(first.body);
    const plain = await fetch(url, { headers: { accept: "application/json", "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toEqual(first.body);
    const unchanged = await fetch(url, { headers: { accept: "application/json", "if-none-match": first.etag! } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("etag")).toBe(first.etag);

    // A stock count in the back office: the next read is made anew and shows it.
    const variant = first.body.variants[0]!;
    const onHand = variant.available + 7;
    expect((await admin.post(`/admin/inventory/${variant.id}`, { intent: "adjust", onHand: String(onHand), reason: "Count" })).status).toBe(200);
    const after = await read();
    expect(after.cache).toBe("miss");
    expect(after.body.variants.find((v) => v.id === variant.id)!.available).toBe(onHand);
    expect(after.etag).not.toBe(first.etag);
  });

  it("records each guest's page view and product view, copy or not", async () => {
    const path = "/shop/bodega-cat-tee";
    const guests = Array.from({ length: 4 }, () => browser());
    const served: (string | null)[] = [];
    for (const guest of guests) served.push((await visit(guest, path)).cache);
    expect(served).toContain("hit");
    const sessions = guests.map((g) => g.cookies.get("eh_sid")!);
    expect(new Set(sessions).size).toBe(4);

    const read = async (db: Db) =>
      rowsOf<{ type: string; session_id: string; path: string | null; product_id: number | null }>(
        await db.execute(sql`select type, session_id, path, product_id from analytics_events where session_id in ${sql.raw(`(${sessions.map((s) => `'${s}'`).join(", ")})`)}`),
      );
    const rows = await store.withDatabase(read, { flush: () => admin.get("/analytics?refresh=1").then((r) => r.arrayBuffer()) });
    server = store.server;
    for (const session of sessions) {
      const mine = rows.filter((r) => r.session_id === session);
      expect(mine.filter((r) => r.type === "page_view" && r.path === path), session).toHaveLength(1);
      expect(mine.filter((r) => r.type === "product_view" && r.product_id !== null), session).toHaveLength(1);
    }
  });

});
