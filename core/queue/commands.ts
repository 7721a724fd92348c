import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productQueues, products, queueTickets } from "../../db/schema/index.ts";
import { productReleaseAt } from "../catalog/index.ts";
import { newToken } from "../shared/ids.ts";
import { rowsOf } from "../shared/sql-rows.ts";
import { notQueued, queueSignInRequired } from "./errors.ts";
import { waitingRoomApplies } from "./queries.ts";
import { estimateMinutes, type QueueSettings } from "./rules.ts";

/*
 * The waiting room (ADR 0034). Everything that decides who is in and when runs in SQL against the database's
 * clock (now()), under the product's queue row lock (FOR UPDATE), so several app processes share one line.
 */

/** What a visitor holding a ticket sees: their place while waiting, their deadline once admitted. */
export type QueueStatus =
  | { state: "waiting"; ticketId: string; position: number; ahead: number; estimateMinutes: number }
  | { state: "admitted"; ticketId: string; expiresAt: string; msLeft: number }
  | { state: "expired"; ticketId: string }
  | { state: "used"; ticketId: string };

/** Who asks: the signed-in account (its place, on any device) and the ticket ids of verified tokens it carries. */
export interface QueueVisitor {
  accountId: string | null;
  /** Already verified (rules.verifyTicket): ids only, never raw tokens. */
  ticketIds: readonly string[];
}

/** A ticket that still stands: not used, and waiting or holding an unexpired pass. */
const standing = sql`(${queueTickets.usedAt} is null and (${queueTickets.admittedAt} is null or ${queueTickets.expiresAt} > now()))`;

/**
 * Tickets named by carried tokens: a guest's, or this account's. A place another account took over (signed in
 * on a shared computer, its token left in the cookie) is not the next person's.
 */
function carried(ticketIds: readonly string[], accountId: string | null) {
  const unowned = sql`(${queueTickets.accountId} is null${accountId ? sql` or ${queueTickets.accountId} = ${accountId}` : sql``})`;
  return and(inArray(queueTickets.id, [...ticketIds]), unowned)!;
}

async function lockQueue(tx: Db, productId: number) {
  const [row] = await tx
    .select({
      capacity: productQueues.capacity,
      ratePerMinute: productQueues.ratePerMinute,
      checkoutMinutes: productQueues.checkoutMinutes,
      // The bucket refilled by the time passed since its last refill, up to one minute's admissions.
      bucket: sql<number>`least(${productQueues.ratePerMinute}::float8, ${productQueues.tokens} + greatest(0, extract(epoch from now() - ${productQueues.refilledAt})) * ${productQueues.ratePerMinute} / 60.0)`.mapWith(Number),
    })
    .from(productQueues)
    .where(and(eq(productQueues.productId, productId), isNotNull(productQueues.capacity)))
    .for("update");
  return row ?? null;
}

/**
 * Lets in the next visitors of a product's line: the lowest waiting places, strictly in order, at most as many
 * as free capacity (capacity minus unexpired, unused passes) and the refilled bucket allow. Called on every
 * join and every status read (no background job needed: the line moves while someone is looking at it).
 * Answers how many were let in.
 */
export async function admitWaiting(tx: Db, productId: number): Promise<number> {
  const queue = await lockQueue(tx, productId);
  if (!queue || queue.capacity === null) return 0;
  const [active] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from queue_tickets
      where product_id = ${productId} and admitted_at is not null and used_at is null and expires_at > now()`),
  );
  const room = Math.max(0, Math.min(queue.capacity - Number(active?.n ?? 0), Math.floor(queue.bucket + 1e-9)));
  let admitted = 0;
  if (room > 0) {
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`update queue_tickets set admitted_at = now(), expires_at = now() + make_interval(mins => ${queue.checkoutMinutes})
        where id in (select id from queue_tickets where product_id = ${productId} and admitted_at is null order by seq limit ${room})
        returning id`),
    );
    admitted = rows.length;
  }
  await tx
    .update(productQueues)
    // now() is the transaction's start, the same moment the bucket was measured at.
    .set({ tokens: Math.max(0, queue.bucket - admitted), refilledAt: sql`now()` })
    .where(eq(productQueues.productId, productId));
  return admitted;
}

/** The visitor's standing ticket for the product: the account's, else one of the carried tokens'. */
async function findTicket(tx: Db, productId: number, visitor: QueueVisitor) {
  const mine = [
    visitor.accountId ? eq(queueTickets.accountId, visitor.accountId) : null,
    visitor.ticketIds.length > 0 ? carried(visitor.ticketIds, visitor.accountId) : null,
  ].filter((c) => c !== null);
  if (mine.length === 0) return null;
  const [row] = await tx
    .select({ id: queueTickets.id, accountId: queueTickets.accountId })
    .from(queueTickets)
    .where(and(eq(queueTickets.productId, productId), standing, sql`(${sql.join(mine, sql` or `)})`))
    // The account's own ticket first, then the earliest place.
    .orderBy(sql`(${queueTickets.accountId} is not distinct from ${visitor.accountId}) desc`, queueTickets.seq)
    .limit(1);
  return row ?? null;
}

async function statusOf(tx: Db, ticketId: string): Promise<QueueStatus> {
  const [row] = rowsOf<{ seq: number; product_id: number; admitted: boolean; expired: boolean; used: boolean; expires_at: string | Date | null; ms_left: number | null; ahead: number; rate: number }>(
    await tx.execute(sql`select t.seq, t.product_id, t.admitted_at is not null as admitted, coalesce(t.expires_at <= now(), false) as expired,
        t.used_at is not null as used, t.expires_at, greatest(0, ceil(extract(epoch from t.expires_at - now()) * 1000))::float8 as ms_left,
        (select count(*)::int from queue_tickets w where w.product_id = t.product_id and w.admitted_at is null and w.seq < t.seq) as ahead,
        q.rate_per_minute as rate
      from queue_tickets t join product_queues q on q.product_id = t.product_id where t.id = ${ticketId}`),
  );
  if (!row) throw new Error(`queue ticket ${ticketId} not found`);
  if (row.used) return { state: "used", ticketId };
  if (row.admitted && row.expired) return { state: "expired", ticketId };
  if (row.admitted) return { state: "admitted", ticketId, expiresAt: new Date(row.expires_at!).toISOString(), msLeft: Number(row.ms_left ?? 0) };
  const ahead = Number(row.ahead);
  return { state: "waiting", ticketId, position: ahead + 1, ahead, estimateMinutes: estimateMinutes(ahead, Number(row.rate)) };
}

/**
 * Takes a place in the product's line, or keeps the one the visitor has: a signed-in account has one standing
 * ticket per product whatever the device (a guest's ticket carried into a sign-in becomes the account's); a
 * guest keeps theirs through the signed cookie, and a visitor with neither joins at the back. The product must
 * be on sale with its waiting room on. Answers the ticket (to sign into the cookie) and its status.
 */
export async function joinQueue(db: Db, productId: number, visitor: QueueVisitor): Promise<{ ticketId: string; joined: boolean; status: QueueStatus }> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        name: products.name,
        slug: products.slug,
        signInRequired: sql<boolean>`(${products.signInRequired} or ${products.limitPerCustomer} is not null)`,
        // Its release as every check reads it: the later of its own moment and its collections' (ADR 0031).
        open: sql<boolean>`(${products.active} and (${productReleaseAt} is null or ${productReleaseAt} <= now()) and (${products.saleEndsAt} is null or ${products.saleEndsAt} > now()))`,
      })
      .from(products)
      .where(eq(products.id, productId));
    if (!product || !product.open) throw notQueued(product?.slug ?? String(productId));
    if (!visitor.accountId && product.signInRequired) throw queueSignInRequired(product.name, product.slug);
    // The queue row's lock serialises joins of one product: places are numbered without gaps or doubles.
    const queue = await lockQueue(tx, productId);
    if (!queue) throw notQueued(product.slug);
    let ticket = await findTicket(tx, productId, visitor);
    let joined = false;
    if (ticket && visitor.accountId && ticket.accountId === null) {
      await tx.update(queueTickets).set({ accountId: visitor.accountId }).where(eq(queueTickets.id, ticket.id));
    }
    if (!ticket) {
      const [next] = await tx
        .update(productQueues)
        .set({ nextSeq: sql`${productQueues.nextSeq} + 1` })
        .where(eq(productQueues.productId, productId))
        .returning({ seq: sql<number>`${productQueues.nextSeq} - 1`.mapWith(Number) });
      const id = newToken(24);
      await tx.insert(queueTickets).values({ id, productId, seq: next!.seq, accountId: visitor.accountId });
      ticket = { id, accountId: visitor.accountId };
      joined = true;
    }
    await admitWaiting(tx, productId);
    return { ticketId: ticket.id, joined, status: await statusOf(tx, ticket.id) };
  });
}

/** The visitor's place in the product's line (moving the line first), or null when they hold no standing ticket. */
export async function queueStatus(db: Db, productId: number, visitor: QueueVisitor): Promise<QueueStatus | null> {
  return db.transaction(async (tx) => {
    const queue = await lockQueue(tx, productId);
    if (!queue) return null;
    await admitWaiting(tx, productId);
    const ticket = await findTicket(tx, productId, visitor);
    return ticket ? statusOf(tx, ticket.id) : null;
  });
}

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
  const mine = [
    who.accountId ? eq(queueTickets.accountId, who.accountId) : null,
    who.ticketIds.length > 0 ? carried(who.ticketIds, who.accountId) : null,
    who.cartId ? eq(queueTickets.cartId, who.cartId) : null,
  ].filter((c) => c !== null);
  if (mine.length === 0) return "missing";
  const tickets = await tx
    .select({
      id: queueTickets.id,
      cartId: queueTickets.cartId,
      admitted: sql<boolean>`${queueTickets.admittedAt} is not null`,
      live: sql<boolean>`coalesce(${queueTickets.expiresAt} > now(), false)`,
    })
    .from(queueTickets)
    .where(and(eq(queueTickets.productId, productId), isNull(queueTickets.usedAt), sql`(${sql.join(mine, sql` or `)})`))
    .orderBy(queueTickets.seq);
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

/**
 * Saves a product's waiting-room settings, inside the product's save (its transaction, its audit). Switching
 * the room on fills the admission bucket, so the first visitors are let in at once.
 */
export async function saveQueueSettings(tx: Db, productId: number, settings: QueueSettings): Promise<void> {
  if (settings.capacity === null) {
    // Switched off (or never on): a product without a row keeps having none.
    await tx.update(productQueues).set(settings).where(eq(productQueues.productId, productId));
    return;
  }
  await tx
    .insert(productQueues)
    .values({ productId, ...settings, tokens: settings.ratePerMinute, refilledAt: sql`now()` })
    .onConflictDoUpdate({
      target: productQueues.productId,
      set: {
        capacity: settings.capacity,
        ratePerMinute: settings.ratePerMinute,
        checkoutMinutes: settings.checkoutMinutes,
        tokens: sql`case when ${productQueues.capacity} is null then excluded.tokens else least(${productQueues.tokens}, excluded.rate_per_minute) end`,
        refilledAt: sql`case when ${productQueues.capacity} is null then now() else ${productQueues.refilledAt} end`,
      },
    });
}
