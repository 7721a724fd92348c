import { createCookie } from "react-router";
import { consume } from "../../core/accounts/index.ts";
import { JOIN_LIMIT_PER_ACCOUNT, JOIN_LIMIT_PER_ADDRESS, joinQueue, queueStatus, signTicket, tooManyJoins, verifyTicket, type QueueStatus } from "../../core/queue/index.ts";
import type { Db } from "../../db/client.ts";
import type { StoreContext } from "../../server/context.ts";
import { storeCookieName } from "../../server/cookie-names.ts";

/*
 * The web's glue of the waiting room (ADR 0034): a guest's places travel in one signed, HttpOnly cookie (a
 * list of `id.HMAC` tokens, one per drop, the newest first); a signed-in shopper's place is the account's.
 * A token whose signature is not ours is dropped as if it were not there.
 */

const ONE_DAY_S = 24 * 3600;
/** Places kept in the cookie: a guest waiting in more lines than this loses the oldest. */
const MAX_TOKENS = 8;

function queueCookie(secure: boolean) {
  return createCookie(storeCookieName("eh_queue", secure), { httpOnly: true, sameSite: "lax", path: "/", maxAge: ONE_DAY_S, secure });
}

async function cookieTokens(request: Request, context: StoreContext): Promise<string[]> {
  const value: unknown = await queueCookie(context.secureCookies).parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, MAX_TOKENS) : [];
}

/** The ticket ids of the request's cookie whose signatures hold. */
export async function queueTicketsOf(request: Request, context: StoreContext): Promise<string[]> {
  return verifiedIds(await cookieTokens(request, context), context.signingSecret);
}

export function verifiedIds(tokens: readonly string[], secret: string): string[] {
  return tokens.map((t) => verifyTicket(t, secret)).filter((id): id is string => id !== null);
}

/**
 * Counts a join against the client's address and account (in the database: every app process shares the
 * counts) and refuses past either limit with a 429.
 */
export async function limitJoins(db: Db, clientIp: string, accountId: string | null): Promise<void> {
  if (!(await consume(db, `queue-join:address:${clientIp}`, JOIN_LIMIT_PER_ADDRESS))) throw tooManyJoins();
  if (accountId && !(await consume(db, `queue-join:account:${accountId}`, JOIN_LIMIT_PER_ACCOUNT))) throw tooManyJoins();
}

/**
 * Takes or keeps the visitor's place in the product's line; a guest's new place comes with the Set-Cookie
 * header that keeps it (refreshes and other tabs of this browser keep the place).
 */
export async function joinForPage(
  request: Request,
  context: StoreContext,
  productId: number,
  accountId: string | null,
): Promise<{ status: QueueStatus; setCookie: string | null }> {
  const tokens = await cookieTokens(request, context);
  const ticketIds = verifiedIds(tokens, context.signingSecret);
  // A visitor already holding a standing place is not counted again: reloading and polling are free.
  const held = await queueStatus(context.db, productId, { accountId, ticketIds });
  if (held && (held.state === "waiting" || held.state === "admitted")) return { status: held, setCookie: null };
  await limitJoins(context.db, context.clientIp, accountId);
  const joined = await joinQueue(context.db, productId, { accountId, ticketIds });
  if (accountId || ticketIds.includes(joined.ticketId)) return { status: joined.status, setCookie: null };
  const kept = [signTicket(joined.ticketId, context.signingSecret), ...tokens.filter((t) => verifyTicket(t, context.signingSecret) !== null)].slice(0, MAX_TOKENS);
  return { status: joined.status, setCookie: await queueCookie(context.secureCookies).serialize(kept) };
}
