import { queueSetCookie, queueTokensOf, ticketIdsOf, tokensAfter, type QueueStatus } from "../../core/queue/index.ts";
import type { StoreContext } from "../context.ts";

/*
 * The pages' glue of the waiting room (ADR 0040): places travel in one HttpOnly cookie (core/queue/cookie.ts),
 * a list of signed places (`id.product.seq.state.HMAC`, one per drop, the newest first; core/queue/tokens.ts).
 * A guest's place is found by it alone; a signed-in shopper's is the account's, and the cookie lets the
 * waiting page answer without a session read. A token whose signature is not ours counts as none.
 */

/** The ticket ids of the request's cookie whose signatures hold, and of a place this request took at the door. */
export async function queueTicketsOf(request: Request, context: StoreContext): Promise<string[]> {
  return [...context.placesTaken, ...ticketIdsOf(queueTokensOf(request.headers.get("Cookie"), context.secureCookies), context.signingSecret)];
}

/**
 * The Set-Cookie header that keeps the visitor's place for this product as it stands (its number in line, and
 * whether it is let in: the waiting room's door answers from it, server/lines.ts), first in the list and
 * replacing any earlier one for the product; null when the cookie already says exactly that. Signed-in
 * shoppers get it too: their place is the account's, and the cookie spares the waiting page a session read.
 */
export async function placeCookie(request: Request, context: StoreContext, productId: number, status: QueueStatus): Promise<string | null> {
  const next = tokensAfter(queueTokensOf(request.headers.get("Cookie"), context.secureCookies), productId, status, context.signingSecret);
  return next ? queueSetCookie(next, context.secureCookies) : null;
}

/**
 * Takes or keeps the visitor's place in the product's line (a new place is counted by the join limits first);
 * answers its status and the Set-Cookie header that keeps it (refreshes and other tabs of this browser keep
 * the place).
 */
export async function joinForPage(request: Request, context: StoreContext, productId: number, accountId: string | null): Promise<{ status: QueueStatus; setCookie: string | null }> {
  const ticketIds = await queueTicketsOf(request, context);
  const joined = await context.useCases.queue.joinQueue(productId, { accountId, ticketIds }, { beforeJoin: () => context.useCases.accounts.limitJoins(context.clientIp, accountId) });
  return { status: joined.status, setCookie: await placeCookie(request, context, productId, joined.status) };
}
