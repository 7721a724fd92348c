import Negotiator from "negotiator";
import { LOCALES } from "../core/shared/locale.ts";
import { isBot } from "./request-ids.ts";

// Which requests may be answered with a guest's kept copy of a page, and under which key (server/page-cache.ts).

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
