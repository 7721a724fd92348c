import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usingPostgres } from "./database.ts";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type RunningServer, type SeededStore } from "./server.ts";

// The production server as its own process: on PostgreSQL when TEST_DATABASE_URL is set, else embedded.
let store: SeededStore;
let server: RunningServer;

beforeAll(async () => {
  store = await startSeededStore();
  server = store.server;
}, 240_000);

afterAll(() => store?.stop());

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

async function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(server.url + path, {
    method: "POST",
    body: form(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
}

/** A page's HTML without React's text separators, as a reader would see the words. */
const pageText = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";

describe("the HTTP server", () => {
  it("answers /healthz when the database is reachable", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: usingPostgres() ? "postgres" : "pglite" });
  });

  it("sends security headers and a CSP nonce that the page's scripts carry", async () => {
    const res = await fetch(`${server.url}/shop`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      if (tag.includes('type="application/ld+json"')) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull(); // plain http here
  });

  it("compresses pages, caches fingerprinted assets for good and revalidates other files", async () => {
    const page = await fetch(`${server.url}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetRes = await fetch(server.url + asset);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get("cache-control")).toContain("immutable");
    // Never shown as a page: none of a page's headers, and nothing to revalidate with.
    expect(assetRes.headers.get("x-content-type-options")).toBe("nosniff");
    for (const header of ["content-security-policy", "x-frame-options", "permissions-policy", "etag", "last-modified"]) expect(assetRes.headers.get(header), header).toBeNull();
    // Compressed once, at build time, at brotli's highest quality: the same script, as the browser asks.
    const plain = await (await fetch(server.url + asset, { headers: { "Accept-Encoding": "identity" } })).text();
    for (const encoding of ["br", "gzip"]) {
      const compressed = await fetch(server.url + asset, { headers: { "Accept-Encoding": `${encoding}, deflate` } });
      expect(compressed.headers.get("content-encoding")).toBe(encoding);
      // The file compressed at build time, not a compression made for this answer.
      expect(Number(compressed.headers.get("content-length"))).toBe(fs.statSync(`build/client${asset}.${encoding === "br" ? "br" : "gz"}`).size);
      expect(compressed.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(compressed.headers.get("content-type")).toMatch(/javascript/);
      expect(await compressed.text()).toBe(plain);
    }
    const missing = await fetch(`${server.url}/assets/no-such-file-0123.js`, { headers: { Accept: "text/html" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
    // A page carries the visitor's cart and session: no shared cache may keep it.
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control")).toBe("no-cache");
    // Small files that every first visit fetches come compressed too.
    const manifest = await fetch(`${server.url}/manifest.webmanifest`, { headers: { "Accept-Encoding": "br" } });
    expect(manifest.headers.get("content-encoding")).toBe("br");
    expect(await manifest.json()).toMatchObject({ name: "East Harlem" });
  });

  it("answers unknown pages and products with 404", async () => {
    expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404);
    expect((await fetch(`${server.url}/shop/no-such-product`)).status).toBe(404);
    expect((await fetch(`${server.url}/shop/..%2F..%2Fetc`)).status).toBe(404);
  });

  it("keeps the shop open for unreadable parameters", async () => {
    const res = await fetch(`${server.url}/shop?category=shoes&sort=DROP&page=abc&q=${"x".repeat(500)}`);
    expect(res.status).toBe(200);
  });

  it("answers guests on pages that need an account with 401", async () => {
    for (const path of ["/checkout", "/dashboard", "/profile", "/orders", "/admin", "/analytics"]) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(401);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      expect(await res.text()).toContain(path === "/analytics" ? "Admin Access Required" : "Authentication Required");
    }
  });
});

describe("the cart over HTTP", () => {
  const tee = { intent: "add", productId: "", size: "S", color: "Black", quantity: "2" };

  beforeAll(async () => {
    const html = await (await fetch(`${server.url}/shop/harlem-classic-tee`)).text();
    tee.productId = /name="productId" value="(\d+)"/.exec(html)![1]!;
  });

  it("prices from the database whatever the form says, and gives the new cart a cookie", async () => {
    const res = await post("/cart", { ...tee, priceCents: "1", unitPriceCents: "1", total: "0" });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/eh_cart=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const page = await pageText(await fetch(`${server.url}/cart`, { headers: { Cookie: cookieOf(res) } }));
    expect(page).toContain("$110.00");
    expect(page).toContain("Your cart (2)");
  });

  it("sends a plain form back to the page it came from, and never off the site", async () => {
    const back = await post("/cart", { ...tee, redirectTo: "/shop?category=apparel" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/shop?category=apparel");
    // A return address off the site is refused before the cart changes (the store never renders one).
    const away = await post("/cart", { ...tee, redirectTo: "//evil.example/" }, cookieOf(back));
    expect(away.status).toBe(400);
    expect(away.headers.get("location")).toBeNull();
    const page = await pageText(await fetch(`${server.url}/cart`, { headers: { Cookie: cookieOf(back) } }));
    expect(page).toContain("Your cart (2)");
  });

  it("refuses bad quantities and too much with a clear message, changing nothing", async () => {
    const first = await post("/cart", { ...tee, quantity: "1" });
    const cookie = cookieOf(first);
    for (const quantity of ["abc", "1.5", "0", "100"]) {
      const res = await post("/cart", { ...tee, quantity }, cookie);
      expect(res.status, quantity).toBe(400);
      expect(await res.text()).toContain("Quantity must be a whole number from 1 to 99.");
    }
    const tooMany = await post("/cart", { ...tee, quantity: "99" }, cookie);
    expect(tooMany.status).toBe(409);
    expect(await tooMany.text()).toMatch(/Only \d+ of Harlem Classic Tee \(S, Black\) available/);
    const page = await pageText(await fetch(`${server.url}/cart`, { headers: { Cookie: cookie } }));
    expect(page).toContain("Your cart (1)");
  });

  it("refuses an unknown action and a forged cart cookie", async () => {
    expect((await post("/cart", { intent: "steal" })).status).toBe(400);
    const res = await post("/cart", { intent: "clear" }, "eh_cart=not-a-real-token");
    expect(res.status).toBe(400);
  });
});

describe("English and Spanish", () => {
  const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
  const page = (lang: string, extra: Record<string, string> = {}) => ({ "User-Agent": browser, Accept: "text/html", "Accept-Language": lang, ...extra });

  it("serves every storefront page under /es in Spanish, each naming both languages for search engines", async () => {
    const res = await fetch(`${server.url}/es/shop?category=music`, { headers: page("en-US") });
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(">Tienda<");
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="https?:\/\/[^/"]+\/shop\?category=music"\/>/);
    expect(html).toMatch(/hrefLang="es" href="[^"]+\/es\/shop\?category=music"/);
    expect(html).toMatch(/hrefLang="x-default" href="[^"]+\/shop\?category=music"/);
    const english = await pageText(await fetch(`${server.url}/shop`, { headers: page("en-US") }));
    expect(english).toContain('<html lang="en"');
    expect(english).toContain(">Shop<");
  });

  it("sends a browser that prefers Spanish to /es on its first visit, and leaves crawlers and chosen English alone", async () => {
    const first = await fetch(`${server.url}/shop?page=2`, { headers: page("es-MX,es;q=0.9,en;q=0.5"), redirect: "manual" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/es/shop?page=2");
    const crawler = await fetch(`${server.url}/shop`, { headers: page("es", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }), redirect: "manual" });
    expect(crawler.status).toBe(200);
    // Someone with no choice made who follows a link to a Spanish page gets it, whatever their browser says.
    expect((await fetch(`${server.url}/es/shop`, { headers: page("en-US"), redirect: "manual" })).status).toBe(200);
  });

  it("keeps the switcher's choice in a cookie, over the browser's language, and on the account of a signed-in shopper", async () => {
    const guest = new Client(server.url, undefined, page("es"));
    const chose = await guest.post("/language", { lang: "en", redirectTo: "/shop/harlem-classic-tee?color=white" });
    expect(chose.status).toBe(302);
    expect(chose.headers.get("location")).toBe("/shop/harlem-classic-tee?color=white");
    expect((await guest.get("/shop")).status).toBe(200);
    const back = await guest.get("/es/shop");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/shop");
    expect((await guest.post("/language", { lang: "fr", redirectTo: "/" })).status).toBe(400);

    const shopper = new Client(server.url, undefined, page("en-US"));
    await registerOverHttp(shopper, `lang-${Date.now()}@east-harlem.test`);
    expect((await shopper.post("/language", { lang: "es", redirectTo: "/settings" })).headers.get("location")).toBe("/es/settings");
    const settings = await Client.text(await shopper.get("/es/settings"));
    expect(settings).toMatch(/<option value="es" lang="es" selected="">/);
    // Signed out, the account's language stays with the browser.
    shopper.cookies.delete("lang");
    await (await shopper.post("/logout", {})).arrayBuffer();
    const home = await shopper.get("/");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/es");
  });

  it("gives the browser each language's texts at an address that changes with them", async () => {
    const html = await (await fetch(`${server.url}/es`, { headers: page("es") })).text();
    // A browse page fetches them with its app, on the first interaction (ADR 0030): until then the link waits.
    const [, rel, url] = /<link rel="([a-z-]+)" as="fetch" crossorigin="anonymous" href="(\/i18n\/es\.[0-9a-f]{12}\.json)"/.exec(html)! as unknown as [string, string, string];
    expect(rel).toBe("x-preload");
    const res = await fetch(server.url + url);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(await res.json()).toMatchObject({ "nav.shop": "Tienda" });
    expect((await fetch(`${server.url}/i18n/fr.000000000000.json`)).status).toBe(404);
  });
});

describe("stopping", () => {
  it("closes the database and exits promptly on SIGTERM", async () => {
    const { code, ms } = await server.stop("SIGTERM");
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5000);
  });
});
