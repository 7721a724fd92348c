import http from "node:http";
import { createRequire } from "node:module";

// bench-pages.ts's load: a page fetched once as a browser (or the app) asks for it, and autocannon's runs on it.

/**
 * A browser's request for a page: with these the store counts each request as a page view (bots and
 * requests that are not for HTML are not recorded). No cookie is kept, so each one is a new session too.
 */
export const REQUEST_HEADERS = {
  "accept-encoding": "gzip",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};
/** The app's catalogue reads (/api/v1): JSON, as the app asks for it, without a token. */
export const API_HEADERS = { "accept-encoding": "gzip", accept: "application/json", "user-agent": "EastHarlemApp/1.0 (bench)" };
export const headersFor = (pathOrUrl: string): Record<string, string> => (pathOrUrl.includes("/api/v1/") ? API_HEADERS : REQUEST_HEADERS);

// autocannon ships no types: the part of its API used here.
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  timeout?: number;
}) => PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export interface Page {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as sent (gzipped if the store gzipped it). */
  body: Buffer;
}

/** One GET with a browser's Accept-Encoding; the body is kept as it came over the wire. */
export function fetchRaw(url: string): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: headersFor(url), timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on("error", reject);
  });
}

export interface Measure {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
  statuses: string;
}

export async function measure(url: string, headers: Record<string, string>, connections: number, seconds: number, warmupSeconds: number): Promise<Measure> {
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, headers });
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    total: r.requests.total,
    statuses: Object.entries(r.statusCodeStats)
      .map(([code, s]) => `${code}×${s.count}`)
      .join(" "),
  };
}
