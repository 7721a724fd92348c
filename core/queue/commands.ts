import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { queueTickets } from "../../db/schema/index.ts";
import { productReleaseAt } from "../catalog/index.ts";
import { newToken } from "../shared/ids.ts";
import { rowsOf } from "../shared/sql-rows.ts";
import { notQueued, queueSignInRequired } from "./errors.ts";
import { hasWaitingRoom } from "./queries.ts";
import { checkAgainMs, estimateMinutes } from "./rules.ts";

/*
 * The waiting room (ADR 0034). Everything that decides who is in and when runs in SQL against the database's
 * clock (now()), under the product's queue row lock (FOR UPDATE), so several app processes share one line.
 */

/**
 * What a visitor holding a ticket sees: their place while waiting, their deadline once admitted. `seq` is the
 * place's number in line (what a page's signed place carries, core/queue/tokens.ts).
 */
export type QueueStatus =
  | { state: "waiting"; ticketId: string; seq: number; position: number; ahead: number; estimateMinutes: number; checkAgainMs: number }
  | { state: "admitted"; ticketId: string; seq: number; expiresAt: string; msLeft: number }
  | { state: "expired"; ticketId: string; seq: number }
  | { state: "used"; ticketId: string; seq: number };

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

/**
 * Moves a product's line along, if anyone is due (a waiting place and a whole token in the bucket): lets in the
 * lowest waiting places, strictly in order, at most as many as free capacity (capacity minus unexpired, unused
 * passes) and the refilled bucket allow. One statement, so the queue row's lock is held only while the database
 * runs it, never across round trips to a busy app process; taken FOR UPDATE SKIP LOCKED, so nobody waits for it:
 * while one request admits (or a join numbers its place) the others go on reading, and the holder lets in
 * whoever is due. The moment is the database's clock once the row is locked (clock_timestamp(), not the
 * statement's start): passes, the bucket's refill and the order of admissions follow the order of the locks.
 * Called on every join and every status read. Answers how many were let in.
 */
export async function admitWaiting(db: Db, productId: number): Promise<number> {
  const [row] = rowsOf<{ admitted: number }>(
    await db.execute(sql`with seen as (
        -- The row as this statement's snapshot has it: the tickets and passes counted below are that snapshot's.
        select refilled_at from product_queues where product_id = ${productId}
      ), q as (
        select product_id, capacity, checkout_minutes, rate_per_minute, tokens, refilled_at
        from product_queues
        where product_id = ${productId} and capacity is not null
          and tokens + greatest(0, extract(epoch from clock_timestamp() - refilled_at)) * rate_per_minute / 60.0 >= 1 - 1e-9
          and exists (select 1 from queue_tickets w where w.product_id = ${productId} and w.admitted_at is null)
        for update skip locked
      ), room as (
        -- Once locked: if another admission committed after this statement's snapshot (the locked row's refill is
        -- newer than the snapshot's), its passes are not in the snapshot, so this one leaves the turn to the next.
        select q.product_id, q.capacity, q.checkout_minutes, c.at,
          least(q.rate_per_minute::float8, q.tokens + greatest(0, extract(epoch from c.at - q.refilled_at)) * q.rate_per_minute / 60.0) as bucket
        from q join seen on seen.refilled_at = q.refilled_at, lateral (select clock_timestamp() as at) c
      ), due as (
        select room.*, greatest(0, least(room.capacity - (select count(*)::int from queue_tickets t
            where t.product_id = room.product_id and t.admitted_at is not null and t.used_at is null and t.expires_at > room.at),
          floor(room.bucket + 1e-9)::int)) as n
        from room
      ), admitted as (
        update queue_tickets t set admitted_at = due.at, expires_at = due.at + make_interval(mins => due.checkout_minutes)
        from due
        where t.admitted_at is null
          and t.id in (select w.id from queue_tickets w where w.product_id = ${productId} and w.admitted_at is null order by w.seq limit coalesce((select n from due), 0))
        returning t.id
      ), counted as (select count(*)::int as admitted from admitted)
      update product_queues p set tokens = greatest(0, due.bucket - counted.admitted), refilled_at = due.at
      from due, counted
      where p.product_id = due.product_id and counted.admitted > 0
      returning counted.admitted`),
  );
  // Nobody let in: the bucket is left as it is (refilling from its last refill comes to the same tokens).
  return Number(row?.admitted ?? 0);
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
  const seq = Number(row.seq);
  if (row.used) return { state: "used", ticketId, seq };
  if (row.admitted && row.expired) return { state: "expired", ticketId, seq };
  if (row.admitted) return { state: "admitted", ticketId, seq, expiresAt: new Date(row.expires_at!).toISOString(), msLeft: Number(row.ms_left ?? 0) };
  const ahead = Number(row.ahead);
  return { state: "waiting", ticketId, seq, position: ahead + 1, ahead, estimateMinutes: estimateMinutes(ahead, Number(row.rate)), checkAgainMs: checkAgainMs(ahead, Number(row.rate)) };
}

/**
 * How a join goes: `beforeJoin` runs only when a new place is about to be taken (the join limits); `admit: false`
 * leaves moving the line to whoever does (a process's picture of a busy line, server/lines.ts).
 */
export interface JoinOptions {
  beforeJoin?: () => Promise<void>;
  admit?: boolean;
  /** How many wait ahead of a new place's number, from the caller's picture of the line (else counted in the database). */
  aheadOf?: (seq: number) => number;
}

/**
 * Takes a place in the product's line, or keeps the one the visitor has: a signed-in account has one standing
 * ticket per product whatever the device (a guest's ticket carried into a sign-in becomes the account's); a
 * guest keeps theirs through the signed cookie, and a visitor with neither joins at the back. The product must
 * be on sale with its waiting room on. Answers the ticket (to sign into the cookie), whether it is a new place,
 * and its status. The product, its line and the visitor's standing place are read in one statement.
 */
export async function joinQueue(db: Db, productId: number, visitor: QueueVisitor, options: JoinOptions = {}): Promise<{ ticketId: string; joined: boolean; status: QueueStatus }> {
  const mine = [
    visitor.accountId ? sql`t.account_id = ${visitor.accountId}` : null,
    visitor.ticketIds.length > 0
      ? sql`(t.id in (${sql.join(visitor.ticketIds.map((id) => sql`${id}`), sql`, `)}) and (t.account_id is null${visitor.accountId ? sql` or t.account_id = ${visitor.accountId}` : sql``}))`
      : null,
  ].filter((c) => c !== null);
  const [product] = rowsOf<{ name: string; slug: string; sign_in_required: boolean; open: boolean; has_room: boolean; ticket_id: string | null; ticket_account: string | null }>(
    await db.execute(sql`select "products"."name", "products"."slug",
        ("products"."sign_in_required" or "products"."limit_per_customer" is not null) as sign_in_required,
        -- Its release as every check reads it: the later of its own moment and its collections' (ADR 0031).
        ("products"."active" and (${productReleaseAt} is null or ${productReleaseAt} <= now()) and ("products"."sale_ends_at" is null or "products"."sale_ends_at" > now())) as open,
        exists (select 1 from product_queues q where q.product_id = "products"."id" and q.capacity is not null
          and not exists (select 1 from raffles r where r.product_id = "products"."id" and r.finished_at is null)) as has_room,
        mine.id as ticket_id, mine.account_id as ticket_account
      from products
      left join lateral (
        select t.id, t.account_id from queue_tickets t
        where ${mine.length > 0 ? sql`t.product_id = "products"."id" and t.used_at is null and (t.admitted_at is null or t.expires_at > now()) and (${sql.join(mine, sql` or `)})` : sql`false`}
        -- The account's own ticket first, then the earliest place.
        order by (t.account_id is not distinct from ${visitor.accountId}) desc, t.seq limit 1
      ) mine on true
      where "products"."id" = ${productId}`),
  );
  if (!product || !product.open) throw notQueued(product?.slug ?? String(productId));
  if (!visitor.accountId && product.sign_in_required) throw queueSignInRequired(product.name, product.slug);
  if (!product.has_room) throw notQueued(product.slug);
  if (product.ticket_id) {
    const ticketId = product.ticket_id;
    if (visitor.accountId && product.ticket_account === null) {
      // A guest's place carried into a sign-in becomes the account's (unless the account took one meanwhile).
      await db.execute(sql`update queue_tickets set account_id = ${visitor.accountId} where id = ${ticketId} and account_id is null
        and not exists (select 1 from queue_tickets w where w.product_id = ${productId} and w.account_id = ${visitor.accountId} and w.admitted_at is null)`);
    }
    if (options.admit !== false) await admitWaiting(db, productId);
    return { ticketId, joined: false, status: await statusOf(db, ticketId) };
  }
  await options.beforeJoin?.();
  // The place is numbered in one statement under the queue row's lock, held only while the database runs it
  // (never across a round trip to a busy app process): places come without doubles, and in join order. An
  // account has one place waiting (a unique index): of two devices joining at one moment, the second takes
  // none and is given the first's.
  const id = newToken(24);
  const [numbered] = rowsOf<{ seq: number | null; rate: number }>(
    await db.execute(sql`with next as (
        update product_queues set next_seq = next_seq + 1 where product_id = ${productId} and capacity is not null returning next_seq - 1 as seq, rate_per_minute
      ), placed as (
        insert into queue_tickets (id, product_id, seq, account_id) select ${id}, ${productId}, next.seq, ${visitor.accountId} from next
        on conflict (product_id, account_id) where admitted_at is null and account_id is not null do nothing
        returning seq
      )
      select placed.seq, next.rate_per_minute as rate from next left join placed on true`),
  );
  if (!numbered) throw notQueued(product.slug);
  if (numbered.seq === null) {
    // The account's other device took its place a moment ago: that is this visitor's place too.
    const [theirs] = await db
      .select({ id: queueTickets.id })
      .from(queueTickets)
      .where(and(eq(queueTickets.productId, productId), eq(queueTickets.accountId, visitor.accountId!), standing))
      .orderBy(queueTickets.seq)
      .limit(1);
    if (!theirs) throw notQueued(product.slug);
    if (options.admit !== false) await admitWaiting(db, productId);
    return { ticketId: theirs.id, joined: false, status: await statusOf(db, theirs.id) };
  }
  if (options.admit !== false) {
    // The line moves once the place is taken: this one may be let in at once.
    await admitWaiting(db, productId);
    return { ticketId: id, joined: true, status: await statusOf(db, id) };
  }
  const seq = Number(numbered.seq);
  const rate = Number(numbered.rate);
  // Counted once the queue row's lock is gone (a join holds it only while numbering): by the caller's picture of
  // the line when it has one, else in the database.
  const ahead = options.aheadOf
    ? options.aheadOf(seq)
    : Number(rowsOf<{ ahead: number }>(await db.execute(sql`select count(*)::int as ahead from queue_tickets w where w.product_id = ${productId} and w.admitted_at is null and w.seq < ${seq}`))[0]?.ahead ?? 0);
  return { ticketId: id, joined: true, status: { state: "waiting", ticketId: id, seq, position: ahead + 1, ahead, estimateMinutes: estimateMinutes(ahead, rate), checkAgainMs: checkAgainMs(ahead, rate) } };
}

/**
 * The visitor's place in the product's line (moving the line first, if anyone is due), or null when they hold
 * no standing ticket or the product has no waiting room. Takes no lock to read: thousands polling every few
 * seconds never queue behind one another.
 */
export async function queueStatus(db: Db, productId: number, visitor: QueueVisitor): Promise<QueueStatus | null> {
  if (!(await hasWaitingRoom(db, productId))) return null;
  await admitWaiting(db, productId);
  const ticket = await findTicket(db, productId, visitor);
  return ticket ? statusOf(db, ticket.id) : null;
}

/**
 * The visitor's place in a line known to run (the caller's picture says so; the picture's reads move it), or
 * null when they hold no standing ticket: two statements, for the waiting room's status checks.
 */
export async function placeInRunningLine(db: Db, productId: number, visitor: QueueVisitor): Promise<QueueStatus | null> {
  const ticket = await findTicket(db, productId, visitor);
  return ticket ? statusOf(db, ticket.id) : null;
}
