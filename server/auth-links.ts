import type { Logger } from "pino";
import { toSafeRedirectPath } from "../core/shared/safe-redirect.ts";

/**
 * A query parameter by which the identity library is told where to send the browser next: callbackURL,
 * errorCallbackURL, newUserCallbackURL, redirectTo, and whatever a later version adds under such a name.
 */
const CALLBACK_NAME = /callback|redirect/i;

/** Where a link sends the browser when its callback is not a page of the store: as a page's loader does (ADR 0012). */
export const CALLBACK_FALLBACK = "/";

/**
 * The address with every callback put through the store's safe-redirect rule: its answer (the path as a
 * browser reads it), or the fallback when the value is not a path of the store or is given more than once
 * (which one a parser keeps is its own business). The library's own check lets "/..//evil.example" through
 * and then resolves it to "//evil.example", another site.
 */
export function withSafeCallbacks(address: string): string {
  const url = new URL(address);
  for (const name of new Set(url.searchParams.keys())) {
    if (!CALLBACK_NAME.test(name)) continue;
    const values = url.searchParams.getAll(name);
    url.searchParams.set(name, (values.length === 1 ? toSafeRedirectPath(values[0]) : null) ?? CALLBACK_FALLBACK);
  }
  return url.toString();
}

/** True when a Location keeps the browser on the store: a path of it, or an address on its origin with such a path. */
export function isStoreLocation(location: string, baseUrl: string): boolean {
  if (toSafeRedirectPath(location) !== null) return true;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return false;
  }
  return url.origin === new URL(baseUrl).origin && toSafeRedirectPath(`${url.pathname}${url.search}${url.hash}`) !== null;
}

/**
 * The identity library's handler for the links it serves (the verification and reset links in mail): every
 * callback goes through the store's rule before the library reads it, and its answer is checked after, so
 * no Location it gives sends the browser off the store (one that would is logged and sent to the fallback).
 */
export function throughStoreRedirects(handler: (request: Request) => Promise<Response>, baseUrl: string, log: Logger) {
  return async (request: Request): Promise<Response> => {
    const answer = await handler(new Request(withSafeCallbacks(request.url), request));
    const location = answer.headers.get("location");
    if (location === null || isStoreLocation(location, baseUrl)) return answer;
    log.error({ location }, "the identity library answered a Location off the store; sent to the store instead");
    const headers = new Headers(answer.headers);
    headers.set("location", CALLBACK_FALLBACK);
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
  };
}
