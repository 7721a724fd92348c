import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, PageCache, pageCacheKey, refusalToKeep, type PageRequest } from "./page-cache.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const guest = (over: Partial<PageRequest> = {}, headers: Record<string, string> = {}): PageRequest => ({
  method: "GET",
  url: "/shop",
  protocol: "https",
  host: "shop.example",
  headers: { accept: "text/html", "user-agent": BROWSER, ...headers },
  ...over,
});

const keyOf = (req: PageRequest) => {
  const decision = pageCacheKey(req);
  if (!("key" in decision)) throw new Error(`bypassed: ${decision.bypass}`);
  return decision.key;
};

describe("which requests may be answered with a kept page", () => {
  it("keys a guest's GET and HEAD of the same address alike", () => {
    expect(keyOf(guest())).toBe(keyOf(guest({ method: "HEAD" })));
  });

  it("renders anything but GET and HEAD", () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) expect(pageCacheKey(guest({ method }))).toEqual({ bypass: "method" });
  });

  it("renders fresh for a signed-in shopper, a cart, or any cookie it does not know", () => {
    for (const cookie of [
      "better-auth.session_token=abc.def",
      "__Secure-better-auth.session_token=abc.def",
      "eh_cart=0123456789abcdef",
      "__Host-eh_cart=0123456789abcdef",
      "eh_sid=AAAAAAAAAAAAAAAAAAAAAA; eh_cart=0123456789abcdef",
      "better-auth.session_data=x",
      "flash=saved",
      "something",
    ]) {
      expect(pageCacheKey(guest({}, { cookie })), cookie).toHaveProperty("bypass");
    }
  });

  it("ignores the analytics visit cookies: every guest shares the page, each keeps their own visit", () => {
    expect(keyOf(guest({}, { cookie: "eh_sid=AAAAAAAAAAAAAAAAAAAAAA" }))).toBe(keyOf(guest()));
    expect(keyOf(guest({}, { cookie: "__Host-eh_sid=BBBBBBBBBBBBBBBBBBBBBB" }))).toBe(keyOf(guest()));
    expect(keyOf(guest({}, { cookie: "eh_sid=AAAAAAAAAAAAAAAAAAAAAA; eh_page=CCCCCCCCCCCCCCCC" }))).toBe(keyOf(guest()));
  });

  it("ignores a guest's places in waiting rooms: the pages it changes are never kept", () => {
    expect(keyOf(guest({}, { cookie: "eh_queue=WyJhYmMuZGVmIl0%3D" }))).toBe(keyOf(guest()));
    expect(keyOf(guest({}, { cookie: "__Host-eh_queue=WyJhYmMuZGVmIl0%3D; eh_sid=AAAAAAAAAAAAAAAAAAAAAA" }))).toBe(keyOf(guest()));
    expect(pageCacheKey(guest({}, { cookie: "eh_queue=WyJhYmMuZGVmIl0%3D; eh_cart=0123456789abcdef" }))).toHaveProperty("bypass");
  });

  it("keeps apart what changes a guest's page: address, query, language cookie, currency, crawler or person", () => {
    const keys = [
      keyOf(guest()),
      keyOf(guest({ url: "/es/shop" })),
      keyOf(guest({ url: "/shop?sort=price-asc" })),
      keyOf(guest({ url: "/shop?sort=price-desc" })),
      keyOf(guest({ host: "other.example" })),
      keyOf(guest({ protocol: "http" })),
      keyOf(guest({}, { cookie: "lang=ImVzIg%3D%3D" })),
      keyOf(guest({}, { cookie: "lang=ImVuIg%3D%3D" })),
      keyOf(guest({}, { cookie: "eh_currency=IkVVUiI%3D" })),
      keyOf(guest({}, { cookie: "__Host-eh_currency=IkVVUiI%3D" })),
      keyOf(guest({}, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })),
      keyOf(guest({}, { accept: "*/*" })),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("keys the browser's language by what it negotiates to, not its exact header", () => {
    const spanish = keyOf(guest({}, { "accept-language": "es-MX,es;q=0.9" }));
    expect(keyOf(guest({}, { "accept-language": "es-US,es;q=0.8,en;q=0.5" }))).toBe(spanish);
    const english = keyOf(guest({}, { "accept-language": "en-US,en;q=0.9" }));
    expect(english).not.toBe(spanish);
    // No header at all is kept apart from one that names English: the store only redirects on what a browser names.
    expect(keyOf(guest())).not.toBe(spanish);
    expect(keyOf(guest({}, { "accept-language": "fr-FR" }))).not.toBe(spanish);
  });

  it("keys the same cookies the same whatever their order", () => {
    expect(keyOf(guest({}, { cookie: "lang=ImVzIg%3D%3D; eh_currency=IkVVUiI%3D" }))).toBe(keyOf(guest({}, { cookie: "eh_currency=IkVVUiI%3D;lang=ImVzIg%3D%3D" })));
  });

  it("renders data requests, very long addresses and oversized cookie values fresh", () => {
    expect(pageCacheKey(guest({ url: "/shop.data" }))).toHaveProperty("bypass");
    expect(pageCacheKey(guest({ url: `/shop?q=${"x".repeat(3000)}` }))).toHaveProperty("bypass");
    expect(pageCacheKey(guest({}, { cookie: `lang=${"x".repeat(500)}` }))).toHaveProperty("bypass");
  });
});

describe("which rendered answers are kept", () => {
  const page = { guestCacheable: true, failed: false };
  const html = (headers: Record<string, string> = {}, status = 200) => ({
    status,
    headers: new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "private, no-cache", ...headers }),
  });

  it("keeps a complete 200 page of a route that allows it, rendered for a guest", () => {
    expect(refusalToKeep(html(), page, null)).toBeNull();
    expect(refusalToKeep(html(), page, undefined)).toBeNull();
  });

  it("keeps no answer that sets a cookie", () => {
    expect(refusalToKeep(html({ "set-cookie": "eh_cart=x; Path=/" }), page, null)).toBe("sets a cookie");
  });

  it("keeps no redirect, error or not-found page, nor anything but HTML", () => {
    expect(refusalToKeep(html({}, 302), page, null)).toBe("status");
    expect(refusalToKeep(html({}, 404), page, null)).toBe("status");
    expect(refusalToKeep(html({}, 500), page, null)).toBe("status");
    expect(refusalToKeep(html({ "content-type": "application/json" }), page, null)).toBe("not html");
  });

  it("keeps nothing of a route that does not allow it, a render that failed, or a signed-in viewer", () => {
    expect(refusalToKeep(html(), { guestCacheable: false, failed: false }, null)).toBe("route");
    expect(refusalToKeep(html(), { guestCacheable: true, failed: true }, null)).toBe("render failed");
    expect(refusalToKeep(html(), page, { id: "u1", role: "customer" })).toBe("signed in");
  });

  it("keeps nothing marked no-store, or with a header it does not know", () => {
    expect(refusalToKeep(html({ "cache-control": "private, no-store" }), page, null)).toBe("no-store");
    expect(refusalToKeep(html({ "x-something": "1" }), page, null)).toBe("header x-something");
  });
});

describe("the encoding a kept page is sent in", () => {
  it("prefers brotli, then gzip, as the compression middleware does", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
  });
});

describe("the kept pages", () => {
  const live = { live: true, sync: () => Promise.resolve(), close: () => Promise.resolve() };
  const html = Buffer.from("<!DOCTYPE html><html><body>" + "<p>Harlem Classic Tee</p>".repeat(200) + "</body></html>");
  const rendered = { html, headers: [["content-type", "text/html; charset=utf-8"]] as [string, string][], nonce: "n0nce", events: [] };
  const setup = () => {
    let now = 1_000_000;
    const cache = new PageCache({ maxAgeMs: 2000, now: () => now });
    cache.attach(live);
    return { cache, advance: (ms: number) => (now += ms) };
  };

  it("serves nothing until it listens for changes", async () => {
    const cache = new PageCache({ maxAgeMs: 2000 });
    expect(await cache.ready()).toBe(false);
    cache.attach({ ...live, live: false });
    expect(await cache.ready()).toBe(false);
    cache.attach(live);
    expect(await cache.ready()).toBe(true);
  });

  it("keeps a page compressed both ways, and serves it for at most its age counted from the render's start", async () => {
    const { cache, advance } = setup();
    const render = cache.begin("k");
    advance(300);
    await render.finish(rendered);
    const page = cache.get("k")!;
    expect(gunzipSync(page.body.gzip)).toEqual(html);
    expect(brotliDecompressSync(page.body.br)).toEqual(html);
    expect(page.body.identity).toEqual(html);
    advance(1699);
    expect(cache.get("k")).toBeDefined();
    advance(1);
    expect(cache.get("k")).toBeUndefined();
  });

  it("drops every page at once when a change is heard", async () => {
    const { cache } = setup();
    await cache.begin("a").finish(rendered);
    await cache.begin("b").finish(rendered);
    cache.invalidate();
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeUndefined();
  });

  it("keeps nothing rendered across a change: the render may have read what was there before it", async () => {
    const { cache } = setup();
    const render = cache.begin("k");
    cache.invalidate();
    await render.finish(rendered);
    expect(cache.get("k")).toBeUndefined();
  });

  it("has one render of a key under way at a time, and asks for a new one past half the age", async () => {
    const { cache, advance } = setup();
    const first = cache.begin("k");
    expect(cache.rendering("k")).toBeDefined();
    const waiting = cache.rendering("k")!;
    await first.finish(rendered);
    await waiting;
    expect(cache.rendering("k")).toBeUndefined();
    const page = cache.get("k")!;
    expect(cache.shouldRefresh("k", page)).toBe(false);
    advance(1000);
    expect(cache.shouldRefresh("k", page)).toBe(true);
    const again = cache.begin("k");
    expect(cache.shouldRefresh("k", page)).toBe(false);
    await again.finish(null);
    expect(cache.rendering("k")).toBeUndefined();
    expect(cache.get("k")).toBe(page);
  });

  it("answers a request with a copy or a render to make: waits for one under way, renders again past half the age, keeps nothing of a HEAD", async () => {
    const { cache, advance } = setup();
    const first = await cache.take("k", true);
    expect(first.copy).toBeNull();
    const waiter = cache.take("k", true);
    await first.render!.finish(rendered);
    const second = await waiter;
    expect(second.copy?.body.identity).toEqual(html);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });
    advance(1000);
    // Past half its age: one request renders it again while the next is still served the copy.
    const refresher = await cache.take("k", true);
    expect(refresher.copy).toBeNull();
    expect((await cache.take("k", true)).copy).toBeDefined();
    await refresher.render!.finish(null);
    expect(await cache.take("other", false)).toEqual({ copy: null, render: null });
    expect(cache.rendering("other")).toBeUndefined();
  });

  it("ends a render once, whoever ends it", async () => {
    const { cache } = setup();
    const render = cache.begin("k");
    await render.finish(rendered);
    await render.finish(null);
    expect(cache.get("k")).toBeDefined();
    expect(cache.stats().stored).toBe(1);
  });

  it("never serves past two seconds, whatever it is told", async () => {
    let now = 0;
    const cache = new PageCache({ maxAgeMs: 60_000, now: () => now });
    cache.attach(live);
    await cache.begin("k").finish(rendered);
    now += 2000;
    expect(cache.get("k")).toBeUndefined();
  });
});
