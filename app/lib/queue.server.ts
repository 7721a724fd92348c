import { createCookie } from "react-router";
import { consumeAll } from "../../core/accounts/index.ts";
import { JOIN_LIMIT_PER_ACCOUNT, JOIN_LIMIT_PER_ADDRESS, joinQueue, readPlace, signPlace, tooManyJoins, verifyTicket, type QueueStatus } from "../../core/queue/index.ts";
import type { Db } from "../../db/client.ts";
import type { StoreContext } from "../../server/context.ts";
import { storeCookieName } from "../../server/cookie-names.ts";

/*
 * The web's glue of the waiting room (ADR 0034): places travel in one HttpOnly cookie, a list of signed places
 * (`id.product.seq.state.HMAC`, one per drop, the newest first; core/queue/tokens.ts). A guest's place is
 * found by it alone; a signed-in shopper's is the account's, and the cookie lets the waiting page answer
 * without a session read. A token whose signature is not ours is dropped as if it were not there.
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

/** The ticket id of a token whose signature holds: a page's signed place, or a bare ticket token (an older cookie). */
function ticketIdOf(token: string, secret: string): string | null {
  return readPlace(token, secret)?.ticketId ?? verifyTicket(token, secret);
}

/** The ticket ids of the request's cookie whose signatures hold. */
export async function queueTicketsOf(request: Request, context: StoreContext): Promise<string[]> {
  return verifiedIds(await cookieTokens(request, context), context.signingSecret);
}

export function verifiedIds(tokens: readonly string[], secret: string): string[] {
  return tokens.map((t) => ticketIdOf(t, secret)).filter((id): id is string => id !== null);
}

/**
 * Counts a join against the client's address and account (in the database, in one statement: every app
 * process shares the counts) and refuses past either limit with a 429.
 */
export async function limitJoins(db: Db, clientIp: string, accountId: string | null): Promise<void> {
  const counted = [{ key: `queue-join:address:${clientIp}`, rule: JOIN_LIMIT_PER_ADDRESS }];
  if (accountId) counted.push({ key: `queue-join:account:${accountId}`, rule: JOIN_LIMIT_PER_ACCOUNT });
  if (!(await consumeAll(db, counted))) throw tooManyJoins();
}

/**
 * The Set-Cookie header that keeps the visitor's place for this product as it stands (its number in line, and
 * whether it is let in: server/lines.ts answers the waiting page from it), first in the list and replacing any
 * earlier one for the product; null when the cookie already says exactly that. Signed-in shoppers get it too:
 * their place is the account's, and the cookie spares the waiting page a session read.
 */
export async function placeCookie(request: Request, context: StoreContext, productId: number, status: QueueStatus): Promise<string | null> {
  if (status.state !== "waiting" && status.state !== "admitted") return null;
  const secret = context.signingSecret;
  const token = signPlace({ ticketId: status.ticketId, productId, seq: status.seq, admitted: status.state === "admitted" }, secret);
  const tokens = await cookieTokens(request, context);
  if (tokens[0] === token) return null;
  const others = tokens.filter((t) => {
    const place = readPlace(t, secret);
    if (place) return place.productId !== productId && place.ticketId !== status.ticketId;
    const id = verifyTicket(t, secret);
    return id !== null && id !== status.ticketId;
  });
  return queueCookie(context.secureCookies).serialize([token, ...others].slice(0, MAX_TOKENS));
}

/**
 * Takes or keeps the visitor's place in the product's line (a new place is counted by the join limits first);
 * answers its status and the Set-Cookie header that keeps it (refreshes and other tabs of this browser keep
 * the place). `admit: false` leaves moving the line to this process's picture of it (server/lines.ts).
 */
export async function joinForPage(
  request: Request,
  context: StoreContext,
  productId: number,
  accountId: string | null,
  options: { admit?: boolean } = {},
): Promise<{ status: QueueStatus; setCookie: string | null }> {
  const ticketIds = await queueTicketsOf(request, context);
  const joined = await joinQueue(context.db, productId, { accountId, ticketIds }, { ...options, beforeJoin: () => limitJoins(context.db, context.clientIp, accountId) });
  return { status: joined.status, setCookie: await placeCookie(request, context, productId, joined.status) };
}
