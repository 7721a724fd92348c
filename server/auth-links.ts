import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { localePath, splitLocale } from "../core/shared/paths.ts";
import { toSafeRedirectPath } from "../core/shared/safe-redirect.ts";
import { rowsOf } from "../core/shared/sql-rows.ts";
import type { SessionAccountReader } from "./session-reader.ts";

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

/** The address a verification link's token was made for, when the token is one the server signed and still good. */
export function verificationTokenEmail(token: string, secret: string, now = Date.now()): string | null {
  const [header, payload, signature, extra] = token.split(".");
  if (!header || !payload || !signature || extra !== undefined) return null;
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: unknown };
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: unknown; exp?: unknown; updateTo?: unknown };
    if (head.alg !== "HS256" || typeof claims.email !== "string" || claims.updateTo !== undefined) return null;
    if (typeof claims.exp === "number" && claims.exp * 1000 <= now) return null;
    return claims.email.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * A verification link opened again once its address is verified (a second click, another browser, the
 * owner's copy from the kept mail): the identity library then signs nobody in and sends the browser to the
 * link's callback, the dashboard, which answers a browser not signed in as that account with 401 ("Please sign
 * in"). Such a link lands instead on the sign-in page saying the email is verified, in the callback's language.
 * Every other link (a first click, a bad or expired token, the account's own signed-in browser) goes on to
 * the library as before.
 */
export function alreadyVerifiedLanding(deps: { db: Db; secret: string; sessionAccount: SessionAccountReader }) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const token = typeof req.query.token === "string" ? req.query.token : null;
      const email = token ? verificationTokenEmail(token, deps.secret) : null;
      if (!email) return next();
      const [account] = rowsOf<{ id: string; verified: boolean }>(
        await deps.db.execute(sql`select id, email_verified as verified from users where email = ${email} and active and deleted_at is null`),
      );
      if (!account?.verified) return next();
      if ((await deps.sessionAccount(req.headers.cookie))?.id === account.id) return next();
      const callback = typeof req.query.callbackURL === "string" ? toSafeRedirectPath(req.query.callbackURL) : null;
      const { locale } = splitLocale(callback?.split(/[?#]/)[0] ?? "/");
      res.setHeader("Cache-Control", "no-store");
      res.redirect(302, localePath("/login?verified=1", locale));
    } catch (error) {
      next(error);
    }
  };
}
