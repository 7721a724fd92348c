import { promisify } from "node:util";
import type { Request, Response } from "express";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { LOCALES } from "../core/shared/locale.ts";
import type { Database, Listener } from "../db/client.ts";
import type { PageEvent } from "./analytics.ts";
import { isBot } from "./request-ids.ts";
import type { PageRender } from "../app/context.ts";

/*
 * The rendered-page cache (ADR 0026): a guest's copy of a public page (the shop, a product, a story...),
 * kept for at most PAGE_CACHE_SECONDS (2 s) and served, already compressed, to the next guests who would be
 * sent the very same bytes. Every write to a table those pages are drawn from notifies `guest_pages`
 * (migration 0024) and drops every copy at once, in every app process.
 */

/**
 * The cache of this process, listening on the database for changes; null when PAGE_CACHE_SECONDS is 0.
 */
export async function startPageCache(database: Database, seconds: number): Promise<{ cache: PageCache; stop: () => Promise<void> } | null> {
  if (seconds <= 0) return null;
  const cache = new PageCache({ maxAgeMs: seconds * 1000 });
  const listener = await database.listen(GUEST_PAGES_CHANNEL, () => cache.invalidate());
  cache.attach(listener);
  return { cache, stop: () => listener.close() };
}

/** The NOTIFY channel of migration 0024. */
export const GUEST_PAGES_CHANNEL = "guest_pages";

/**
 * The cookies a guest page is drawn with (the language switcher's choice, which decides the redirect to
 * the other language, and the display currency): each value gets copies of its own.
 */
const KEYED_COOKIES = new Set(["lang", "eh_currency"]);
/**
 * Cookies no kept page depends on: the analytics visit and the page it was last shown (set on each answer
 * by the visit middleware, not the page), and a guest's places in drops' waiting rooms (ADR 0034), read only by a drop's page while its line
 * runs, which is answered no-store and never kept, and by its place's JSON: a guest in line is shown the
 * same shop, stories and other products as every guest.
 */
const IGNORED_COOKIES = new Set(["eh_sid", "eh_page", "eh_queue"]);
/** Longer addresses and cookie values are rendered fresh: no one shares them anyway. */
const MAX_URL_LENGTH = 2048;
const MAX_COOKIE_VALUE_LENGTH = 128;

/** What the key is made of: the parts of a request that may change a guest page's bytes. */
export interface PageRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  protocol: string;
  host: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

export type KeyDecision = { key: string } | { bypass: string };

const header = (req: PageRequest, name: string): string => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
};

/**
 * The cache key of a request, or why it is rendered fresh. Only GET and HEAD, and only guests: a session
 * cookie, a cart cookie or any cookie the store does not know means the page may hold something of that
 * visitor's own. The key is the address (host, path, query) and everything else a guest page depends on:
 * the language cookie and the browser's preferred language (both decide whether the page redirects to
 * the other language), the currency cookie, whether the client is a crawler (crawlers are never
 * redirected and get the page whole rather than streamed) and whether it asked for HTML (only those are
 * redirected). The theme is an account preference: guests have none.
 */
export function pageCacheKey(req: PageRequest): KeyDecision {
  if (req.method !== "GET" && req.method !== "HEAD") return { bypass: "method" };
  if (req.url.length > MAX_URL_LENGTH) return { bypass: "address too long" };
  const path = req.url.split("?")[0]!;
  if (path.endsWith(".data")) return { bypass: "data request" };
  const keyed: string[] = [];
  const cookies = header(req, "cookie");
  if (cookies) {
    for (const part of cookies.split(";")) {
      const pair = part.trim();
      if (!pair) continue;
      const eq = pair.indexOf("=");
      const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
      const bare = name.replace(/^__(Host|Secure)-/, "");
      if (IGNORED_COOKIES.has(bare)) continue;
      if (!KEYED_COOKIES.has(bare)) return { bypass: `cookie ${name.slice(0, 40)}` };
      if (pair.length - eq > MAX_COOKIE_VALUE_LENGTH) return { bypass: `cookie ${name} too long` };
      keyed.push(pair);
    }
  }
  const accept = header(req, "accept");
  const language = new Negotiator({ headers: { "accept-language": header(req, "accept-language") } }).language([...LOCALES]) ?? "-";
  const parts = [
    req.protocol,
    req.host ?? "",
    req.url,
    keyed.sort().join("; "),
    header(req, "accept-language") ? language : "-",
    isBot(header(req, "user-agent")) ? "bot" : "person",
    accept.includes("text/html") ? "html" : "other",
  ];
  return { key: parts.join("\n") };
}

export type { PageRender };

/** The React Router answer headers a copy keeps: the rest are the server's own, set on every answer. */
const KEPT_HEADERS = new Set(["content-type", "cache-control", "content-language", "link", "vary", "x-robots-tag"]);

/**
 * Why a rendered answer may not be kept, or null when it may: only a complete 200 HTML page of a route
 * that allows it, rendered for a guest, with no cookie of its own and nothing that says not to store it.
 */
export function refusalToKeep(
  response: { status: number; headers: Headers },
  render: PageRender,
  viewer: unknown,
): string | null {
  if (response.status !== 200) return "status";
  if (!render.guestCacheable) return "route";
  if (render.failed) return "render failed";
  if (viewer) return "signed in";
  if (!response.headers.get("content-type")?.startsWith("text/html")) return "not html";
  if (response.headers.has("set-cookie")) return "sets a cookie";
  if (/no-store/i.test(response.headers.get("cache-control") ?? "")) return "no-store";
  for (const name of response.headers.keys()) if (!KEPT_HEADERS.has(name)) return `header ${name}`;
  return null;
}

export type Encoding = "br" | "gzip" | "identity";

/** The encoding a copy is sent in: brotli, else gzip, as the compression middleware would choose. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  // negotiator 1.x takes the preferred order as an option (its type declarations predate it).
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }) as unknown as {
    encodings(available: string[], options: { preferred: string[] }): string[];
  };
  const chosen = negotiator.encodings(["br", "gzip", "identity"], { preferred: ["br", "gzip"] })[0];
  return chosen === "br" || chosen === "gzip" ? chosen : "identity";
}

/**
 * Sends a kept body in the encoding the client takes best (a HEAD: its headers only), after the caller's own
 * status and headers: a kept page (react-router-handler.ts) and a kept API answer (server/api/router.ts).
 */
export function sendKeptBody(req: Request, res: Response, body: CachedPage["body"]): void {
  const encoding = chooseEncoding(req.get("accept-encoding"));
  const bytes = body[encoding];
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.length);
  if (req.method === "HEAD") res.end();
  else res.end(bytes);
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** One kept page. */
export interface CachedPage {
  /** The catalogue version it was rendered at. */
  version: number;
  renderedAt: number;
  headers: [string, string][];
  /** The CSP nonce its inline scripts carry: its answers name this one in their policy. */
  nonce: string;
  body: { identity: Buffer; gzip: Buffer; br: Buffer };
  /** What the page's loaders recorded for analytics (a product view, a search): recorded again for each guest served. */
  events: PageEvent[];
}

export interface PageCacheOptions {
  /** How long a copy may be served, in ms (at most 2000). */
  maxAgeMs: number;
  /** Copies kept at most; the least recently used go first. */
  maxEntries?: number;
  /** Bytes kept at most (all three encodings counted). */
  maxBytes?: number;
  now?: () => number;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  stored: number;
  bypassed: number;
  invalidations: number;
  entries: number;
  bytes: number;
}

/** How long a request waits for another's render of the same key before rendering it too. */
const WAIT_FOR_RENDER_MS = 3000;

/** A render under way: `finish` with the answer's bytes keeps a copy if it may be kept; with null, only ends it. */
export interface RenderTicket {
  finish(page: (Omit<CachedPage, "version" | "renderedAt" | "body"> & { html: Buffer }) | null): Promise<void>;
}

/**
 * The copies, and the version they are checked against. A copy is served only while it is younger than
 * maxAgeMs and was rendered at the current version; the version moves on with every notification, so a
 * change drops every copy at once. A render records the version it started at and its copy is kept only
 * if the version has not moved by the end (the change may have come after what the render read).
 *
 * One render per key at a time: guests asking for a page being rendered wait for it, and a copy past half
 * its age is rendered again by one request while the others are still served the copy.
 */
export class PageCache {
  readonly maxAgeMs: number;
  #version = 0;
  #listener: Listener | null = null;
  #entries: LRUCache<string, CachedPage>;
  #rendering = new Map<string, Promise<void>>();
  #now: () => number;
  #stats = { hits: 0, misses: 0, stored: 0, bypassed: 0, invalidations: 0 };

  constructor(options: PageCacheOptions) {
    this.maxAgeMs = Math.min(options.maxAgeMs, 2000);
    this.#now = options.now ?? Date.now;
    this.#entries = new LRUCache<string, CachedPage>({
      max: options.maxEntries ?? 500,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (page, key) => key.length + page.body.identity.length + page.body.gzip.length + page.body.br.length + 1024,
    });
  }

  /** Listens for changes (Database.listen on GUEST_PAGES_CHANNEL); until then nothing is served. */
  attach(listener: Listener): void {
    this.#listener = listener;
  }

  /** A change was committed somewhere: every copy is stale. */
  invalidate(): void {
    this.#version++;
    this.#stats.invalidations++;
    this.#entries.clear();
  }

  get version(): number {
    return this.#version;
  }

  /**
   * Whether copies may be served and kept now, after every change committed before the call has been
   * heard (PostgreSQL: one round trip on the listening connection). False while not listening.
   */
  async ready(): Promise<boolean> {
    const listener = this.#listener;
    if (!listener?.live) return false;
    try {
      await listener.sync();
      return listener.live;
    } catch {
      return false;
    }
  }

  /** The copy for a key, if one may be served now. */
  get(key: string): CachedPage | undefined {
    const page = this.#entries.get(key);
    if (!page) return undefined;
    if (page.version !== this.#version || this.#now() - page.renderedAt >= this.maxAgeMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return page;
  }

  /** True when the copy is past half its age and no render of its key is under way: the caller renders it again. */
  shouldRefresh(key: string, page: CachedPage): boolean {
    return this.#now() - page.renderedAt >= this.maxAgeMs / 2 && !this.#rendering.has(key);
  }

  /**
   * What to answer a request for `key` with: a copy that may be served (counted a hit), or, counted a miss,
   * a render to make, begun when `keep` (a GET; a HEAD keeps nothing). A render of the same key under way
   * is waited for (up to WAIT_FOR_RENDER_MS) rather than repeated; a copy past half its age is rendered
   * again by this request while the others are still served it. The page handler and the API's catalogue
   * reads both answer through here.
   */
  async take(key: string, keep: boolean): Promise<{ copy: CachedPage; render: null } | { copy: null; render: RenderTicket | null }> {
    let page = this.get(key);
    if (!page) {
      const underWay = this.rendering(key);
      if (underWay) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([underWay, new Promise((resolve) => (timer = setTimeout(resolve, WAIT_FOR_RENDER_MS)))]);
        clearTimeout(timer);
        page = this.get(key);
      }
    }
    if (page && !this.shouldRefresh(key, page)) {
      this.count("hits");
      return { copy: page, render: null };
    }
    this.count("misses");
    return { copy: null, render: keep ? this.begin(key) : null };
  }

  /** The render of a key under way, if any. */
  rendering(key: string): Promise<void> | undefined {
    return this.#rendering.get(key);
  }

  /**
   * Marks a render of `key` as under way (others wait for it rather than render the same page). `finish`
   * with the answer's bytes keeps a copy if it may be kept; with null, only ends the render.
   */
  begin(key: string): RenderTicket {
    // A copy is as old as what its render read: its age counts from here.
    const version = this.#version;
    const startedAt = this.#now();
    let done!: () => void;
    const marker = new Promise<void>((resolve) => (done = resolve));
    const mine = !this.#rendering.has(key);
    if (mine) this.#rendering.set(key, marker);
    let finished = false;
    const end = () => {
      if (mine && this.#rendering.get(key) === marker) this.#rendering.delete(key);
      done();
    };
    return {
      finish: async (page) => {
        if (finished) return;
        finished = true;
        try {
          if (!page || version !== this.#version) return;
          const [gz, br] = await Promise.all([
            gzip(page.html),
            brotli(page.html, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.html.length,
              },
            }),
          ]);
          if (version !== this.#version) return;
          this.#entries.set(key, {
            version,
            renderedAt: startedAt,
            headers: page.headers,
            nonce: page.nonce,
            body: { identity: page.html, gzip: gz, br },
            events: page.events,
          });
          this.#stats.stored++;
        } finally {
          end();
        }
      },
    };
  }

  count(what: "hits" | "misses" | "bypassed"): void {
    this.#stats[what]++;
  }

  stats(): PageCacheStats {
    return { ...this.#stats, entries: this.#entries.size, bytes: this.#entries.calculatedSize ?? 0 };
  }
}
