import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import type { Database, Listener } from "../db/client.ts";
import type { PageEvent } from "./analytics.ts";

/*
 * The rendered-page cache (ADR 0026): a guest's copy of a public page (the shop, a product, a story...),
 * kept for at most PAGE_CACHE_SECONDS (2 s) and served, already compressed, to the next guests who would be
 * sent the very same bytes. Every write to a table those pages are drawn from notifies `guest_pages`
 * (migration 0024) and drops every copy at once, in every app process.
 */

export { pageCacheKey, type KeyDecision, type PageRequest } from "./page-cache-key.ts";
export { refusalToKeep, type PageRender } from "./page-cache-keep.ts";
export { chooseEncoding, sendKeptBody, type Encoding } from "./page-cache-send.ts";

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
