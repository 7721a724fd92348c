/** A pass at the checkout (ADR 0034): checked and bound to the cart that uses it, ended by the order, moved with a merged cart. */
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productQueues, queueTickets } from "../../db/schema/index.ts";
import { rowsOf } from "../shared/sql-rows.ts";
import { waitingRoomApplies } from "./queries.ts";

/** Whether a cart may take units of a product: no waiting room, a good pass, or why not. */
export type PassVerdict = "no_queue" | "ok" | "in_use" | "expired" | "waiting" | "missing";

/**
 * Checks (and binds) the pass for a product in the caller's transaction: the visitor's admitted, unexpired,
 * unused ticket, found by the account, a carried token, or an earlier binding to this cart. A pass serves the
 * first cart that uses it and no other ("in_use": a copied or shared token).
 */
export async function checkPass(tx: Db, productId: number, who: { cartId: string | null; accountId: string | null; ticketIds: readonly string[] }): Promise<PassVerdict> {
  const [queue] = await tx.select({ capacity: productQueues.capacity }).from(productQueues).where(waitingRoomApplies(productId));
  if (!queue) return "no_queue";
  // Each way a ticket may be the visitor's, looked up by its own index and put together (an OR of them in one
  // condition reads the product's whole line).
  const unused = sql`q.product_id = ${productId} and q.used_at is null`;
  const mine = [
    who.accountId ? sql`q.account_id = ${who.accountId}` : null,
    who.ticketIds.length > 0
      ? sql`q.id in (${sql.join(who.ticketIds.map((id) => sql`${id}`), sql`, `)}) and (q.account_id is null${who.accountId ? sql` or q.account_id = ${who.accountId}` : sql``})`
      : null,
    who.cartId ? sql`q.cart_id = ${who.cartId}` : null,
  ].filter((c) => c !== null);
  if (mine.length === 0) return "missing";
  const tickets = rowsOf<{ id: string; cartId: string | null; admitted: boolean; live: boolean; seq: number }>(
    await tx.execute(
      sql.join(
        mine.map(
          (way) => sql`(select q.id, q.cart_id as "cartId", q.admitted_at is not null as admitted, coalesce(q.expires_at > now(), false) as live, q.seq
            from queue_tickets q where ${unused} and ${way})`,
        ),
        sql` union `,
      ).append(sql` order by seq`),
    ),
  );
  const live = tickets.filter((t) => t.admitted && t.live);
  const usable = live.find((t) => t.cartId === who.cartId) ?? live.find((t) => t.cartId === null);
  if (usable) {
    if (usable.cartId === null && who.cartId) {
      // Bound only if still unbound: two carts racing for one copied token cannot both win.
      const bound = await tx
        .update(queueTickets)
        .set({ cartId: who.cartId })
        .where(and(eq(queueTickets.id, usable.id), isNull(queueTickets.cartId)))
        .returning({ id: queueTickets.id });
      if (bound.length === 0) return "in_use";
    }
    return "ok";
  }
  if (live.length > 0) return "in_use";
  if (tickets.some((t) => t.admitted)) return "expired";
  if (tickets.length > 0) return "waiting";
  return "missing";
}

/** Ends the passes a placed order used (its cart's or its account's, for the products bought): they free their place. */
export async function markPassesUsed(tx: Db, input: { productIds: readonly number[]; cartId: string | null; accountId: string | null }): Promise<void> {
  if (input.productIds.length === 0) return;
  const whose = [input.cartId ? eq(queueTickets.cartId, input.cartId) : null, input.accountId ? eq(queueTickets.accountId, input.accountId) : null].filter((c) => c !== null);
  if (whose.length === 0) return;
  await tx
    .update(queueTickets)
    .set({ usedAt: sql`now()` })
    .where(and(inArray(queueTickets.productId, [...input.productIds]), isNull(queueTickets.usedAt), isNotNull(queueTickets.admittedAt), sql`(${sql.join(whose, sql` or `)})`));
}

/** A guest's cart merged into the account's at sign-in: its passes go with its lines. */
export async function moveCartPasses(tx: Db, fromCartId: string, toCartId: string): Promise<void> {
  await tx.update(queueTickets).set({ cartId: toCartId }).where(eq(queueTickets.cartId, fromCartId));
}
