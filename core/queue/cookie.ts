import { storeCookieName } from "../shared/cookies.ts";

/*
 * The cookie a browser's places in drops' lines travel in (ADR 0040): `eh_queue` (over https
 * `__Host-eh_queue`), HttpOnly, a day long, its value a list of signed tokens (core/queue/tokens.ts), the
 * newest first, as base64 of JSON. Read and written here only: by the waiting room's door (server/lines.ts)
 * and by the pages' glue (app/lib/queue.server.ts).
 */

const ONE_DAY_S = 24 * 3600;
/** Places kept in the cookie: a visitor waiting in more lines than this loses the oldest. */
export const MAX_QUEUE_TOKENS = 8;

export function queueCookieName(secure: boolean): string {
  return storeCookieName("eh_queue", secure);
}

/** The tokens a Cookie header carries (their signatures unchecked: that is core/queue's to say). */
export function queueTokensOf(cookieHeader: string | null | undefined, secure: boolean): string[] {
  if (!cookieHeader) return [];
  const name = queueCookieName(secure);
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      const list: unknown = JSON.parse(Buffer.from(decodeURIComponent(part.slice(eq + 1).trim()), "base64").toString("latin1"));
      return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string").slice(0, MAX_QUEUE_TOKENS) : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** The Set-Cookie header that keeps these tokens (the first MAX_QUEUE_TOKENS). */
export function queueSetCookie(tokens: readonly string[], secure: boolean): string {
  const value = encodeURIComponent(Buffer.from(JSON.stringify(tokens.slice(0, MAX_QUEUE_TOKENS)), "latin1").toString("base64"));
  const expires = new Date(Date.now() + ONE_DAY_S * 1000).toUTCString();
  return `${queueCookieName(secure)}=${value}; Max-Age=${ONE_DAY_S}; Path=/; Expires=${expires}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
