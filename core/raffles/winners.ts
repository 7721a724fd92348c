/**
 * The raffle's winners (ADR 0035): the draw once entries close, and the claim passes that expire unused
 * claims and pass their units on in rank order, until the raffle is finished.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, products, raffleEntries, raffles, users, variants } from "../../db/schema/index.ts";
import { releaseReservation, reserveStock } from "../inventory/index.ts";
import { queueMail, recipientLocale } from "../mail/index.ts";
import { newClaimToken, rankCodes } from "./draw.ts";
import { raffleLostMail, raffleWinMail } from "./mail.ts";
import { databaseNow, ENDED_UNSOLD, IN_CHECKOUT } from "./queries.ts";
import { CLAIM_RECHECK_MS } from "./rules.ts";
import type { RaffleDeps, RaffleRow } from "./commands.ts";

export interface DrawResult {
  /** Whether this call drew the raffle (false: not yet closed, already drawn, or the job was for another close). */
  drawn: boolean;
  winners: number;
}

/**
 * The draw, when entries have closed (by the database's clock), once: the raffle row's lock and drawn_at
 * make a second draw (a duplicate job, a retry) do nothing. Ranks every entry by sha256(seed + ":" + code),
 * reveals the seed (drawn_at set), and gives the units in stock to the entries in that order (allocate).
 * `scheduled.closesAt`: the close the job was made for; if an admin moved it since, this job does nothing.
 */
export async function drawRaffle(deps: RaffleDeps, raffleId: number, scheduled: { closesAt?: string } = {}): Promise<DrawResult> {
  return deps.db.transaction(async (tx) => {
    const now = await databaseNow(tx);
    const [raffle] = await tx.select().from(raffles).where(eq(raffles.id, raffleId)).for("update");
    if (!raffle || raffle.drawnAt) return { drawn: false, winners: 0 };
    if (scheduled.closesAt !== undefined && new Date(scheduled.closesAt).getTime() !== raffle.closesAt.getTime()) return { drawn: false, winners: 0 };
    if (raffle.closesAt > now) return { drawn: false, winners: 0 };
    const entries = await tx.select({ id: raffleEntries.id, code: raffleEntries.code }).from(raffleEntries).where(eq(raffleEntries.raffleId, raffle.id));
    const idOf = new Map(entries.map((e) => [e.code, e.id]));
    const order = rankCodes(raffle.seed, entries.map((e) => e.code));
    for (const [i, code] of order.entries()) await tx.update(raffleEntries).set({ rank: i + 1 }).where(eq(raffleEntries.id, idOf.get(code)!));
    await tx.update(raffles).set({ drawnAt: now, updatedAt: now }).where(eq(raffles.id, raffle.id));
    const winners = await allocate(tx, deps, { ...raffle, drawnAt: now }, now);
    await finishIfDone(tx, deps, raffle.id, now);
    return { drawn: true, winners };
  });
}

/**
 * Gives free units to the entries still waiting, in rank order: an entry wins when a unit of its size is
 * free. Free: available stock less the units owed to claims whose checkout ended unpaid while their window
 * is still open (those units are back in stock, but still theirs). A win reserves the unit (so it is never
 * sold to anyone else, or twice), sets the claim window, and mails the link; its expiry gets a pass.
 */
async function allocate(tx: Db, deps: RaffleDeps, raffle: RaffleRow, now: Date): Promise<number> {
  const stock = await tx.select({ id: variants.id, available: variants.available }).from(variants).where(and(eq(variants.productId, raffle.productId), eq(variants.active, true)));
  const owed = await tx
    .select({ variantId: raffleEntries.variantId, n: sql<number>`count(*)::int` })
    .from(raffleEntries)
    .leftJoin(checkoutAttempts, eq(checkoutAttempts.id, raffleEntries.attemptId))
    .where(
      and(
        eq(raffleEntries.raffleId, raffle.id),
        eq(raffleEntries.status, "claimed"),
        sql`${raffleEntries.claimExpiresAt} > ${now.toISOString()}::timestamptz`,
        sql`(${checkoutAttempts.status} is null or ${inArray(checkoutAttempts.status, [...ENDED_UNSOLD])})`,
      ),
    )
    .groupBy(raffleEntries.variantId);
  const owedOf = new Map(owed.map((o) => [o.variantId, Number(o.n)]));
  const free = new Map(stock.map((v) => [v.id, Math.max(0, v.available - (owedOf.get(v.id) ?? 0))]));
  if ([...free.values()].every((n) => n === 0)) return 0;
  const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, raffle.productId));
  const waiting = await tx
    .select({ entry: raffleEntries, email: users.email, deletedAt: users.deletedAt, size: variants.size, color: variants.color })
    .from(raffleEntries)
    .innerJoin(variants, eq(variants.id, raffleEntries.variantId))
    .leftJoin(users, eq(users.id, raffleEntries.accountId))
    .where(and(eq(raffleEntries.raffleId, raffle.id), eq(raffleEntries.status, "entered")))
    .orderBy(asc(raffleEntries.rank));
  const claimExpiresAt = new Date(now.getTime() + raffle.claimHours * 3_600_000);
  let winners = 0;
  for (const { entry, email, deletedAt, size, color } of waiting) {
    if ((free.get(entry.variantId) ?? 0) <= 0) continue;
    // An account deleted since it entered cannot buy: its entry is passed over for good.
    if (!entry.accountId || !email || deletedAt) {
      await tx.update(raffleEntries).set({ status: "lost" }).where(eq(raffleEntries.id, entry.id));
      continue;
    }
    await reserveStock(tx, [{ variantId: entry.variantId, quantity: 1 }], { actor: "raffle", reason: `Raffle ${raffle.id}: held for entry ${entry.code}` });
    free.set(entry.variantId, free.get(entry.variantId)! - 1);
    const { token, hash } = newClaimToken();
    const locale = await recipientLocale(tx, { userId: entry.accountId });
    const outboxId = await queueMail(
      tx,
      deps.jobs,
      raffleWinMail({ to: email, userId: entry.accountId, productName: product!.name, size, color, code: entry.code, token, claimExpiresAt }, deps.baseUrl, locale),
    );
    await tx.update(raffleEntries).set({ status: "won", wonAt: now, claimTokenHash: hash, claimExpiresAt, outboxId }).where(eq(raffleEntries.id, entry.id));
    winners += 1;
  }
  if (winners > 0) await deps.jobs.enqueue(tx, "raffle-claims", { raffleId: raffle.id }, { startAfter: claimExpiresAt });
  return winners;
}

/**
 * A drawn raffle is finished when no claim is left open (won and held, or in a checkout, or owed after an
 * unpaid checkout): the entries never reached are marked lost and mailed so (an account deleted since gets
 * nothing), and the product sells as usual from then on. Called after allocate, so a free unit a waiting
 * entry wanted has already gone to it. Once: the raffle's row is locked by the caller and finished here.
 */
async function finishIfDone(tx: Db, deps: RaffleDeps, raffleId: number, now: Date): Promise<boolean> {
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(raffleEntries)
    .leftJoin(checkoutAttempts, eq(checkoutAttempts.id, raffleEntries.attemptId))
    .where(
      and(
        eq(raffleEntries.raffleId, raffleId),
        sql`(${raffleEntries.status} = 'won'
          or (${raffleEntries.status} = 'claimed' and (${inArray(checkoutAttempts.status, [...IN_CHECKOUT])}
            or ((${checkoutAttempts.status} is null or ${inArray(checkoutAttempts.status, [...ENDED_UNSOLD])}) and ${raffleEntries.claimExpiresAt} > ${now.toISOString()}::timestamptz))))`,
      ),
    );
  if (Number(open?.n ?? 0) > 0) return false;
  const lost = await tx
    .update(raffleEntries)
    .set({ status: "lost" })
    .where(and(eq(raffleEntries.raffleId, raffleId), eq(raffleEntries.status, "entered")))
    .returning({ accountId: raffleEntries.accountId, code: raffleEntries.code });
  if (lost.length > 0) {
    const [product] = await tx.select({ name: products.name, slug: products.slug }).from(raffles).innerJoin(products, eq(products.id, raffles.productId)).where(eq(raffles.id, raffleId));
    const accountIds = lost.map((e) => e.accountId).filter((id): id is string => id !== null);
    const people = accountIds.length === 0 ? [] : await tx.select({ id: users.id, email: users.email }).from(users).where(and(inArray(users.id, accountIds), isNull(users.deletedAt)));
    const emailOf = new Map(people.map((p) => [p.id, p.email]));
    for (const entry of lost) {
      const email = entry.accountId ? emailOf.get(entry.accountId) : undefined;
      if (!entry.accountId || !email) continue;
      const locale = await recipientLocale(tx, { userId: entry.accountId });
      await queueMail(tx, deps.jobs, raffleLostMail({ to: email, userId: entry.accountId, productName: product!.name, productSlug: product!.slug, code: entry.code }, deps.baseUrl, locale));
    }
  }
  await tx.update(raffles).set({ finishedAt: now, updatedAt: now }).where(eq(raffles.id, raffleId));
  return true;
}

export interface ClaimPassResult {
  /** Claims whose window passed unused: their units went back to the pool. */
  expired: number;
  /** Entries that won a unit passed on in this pass. */
  winners: number;
  finished: boolean;
}

/**
 * The claim pass, enqueued for each claim window's end: claims whose window passed unused expire (a held
 * unit is released; a unit whose checkout ended unpaid is already back in stock) and the free units go to
 * the next entries in rank order, each mailed with its own link and window. A claim still in a checkout at
 * its window's end waits for that checkout (a pass is enqueued a little later). Idempotent: a repeated pass
 * finds nothing expired, and allocate nothing free.
 */
export async function runClaimPass(deps: RaffleDeps, raffleId: number): Promise<ClaimPassResult> {
  return deps.db.transaction(async (tx) => {
    const now = await databaseNow(tx);
    const [raffle] = await tx.select().from(raffles).where(eq(raffles.id, raffleId)).for("update");
    if (!raffle || !raffle.drawnAt || raffle.finishedAt) return { expired: 0, winners: 0, finished: Boolean(raffle?.finishedAt) };
    const due = await tx
      .select({ id: raffleEntries.id, code: raffleEntries.code, status: raffleEntries.status, variantId: raffleEntries.variantId, attemptStatus: checkoutAttempts.status })
      .from(raffleEntries)
      .leftJoin(checkoutAttempts, eq(checkoutAttempts.id, raffleEntries.attemptId))
      .where(and(eq(raffleEntries.raffleId, raffle.id), inArray(raffleEntries.status, ["won", "claimed"]), sql`${raffleEntries.claimExpiresAt} <= ${now.toISOString()}::timestamptz`));
    let expired = 0;
    let recheck = false;
    for (const entry of due) {
      if (entry.status === "won") {
        await releaseReservation(tx, [{ variantId: entry.variantId, quantity: 1 }], { actor: "raffle", reason: `Raffle ${raffle.id}: claim ${entry.code} expired` });
      } else if (entry.attemptStatus !== null && (IN_CHECKOUT as readonly string[]).includes(entry.attemptStatus)) {
        recheck = true;
        continue;
      } else if (entry.attemptStatus !== null && !(ENDED_UNSOLD as readonly string[]).includes(entry.attemptStatus)) {
        // Bought (a refund later does not reopen the raffle).
        continue;
      }
      await tx.update(raffleEntries).set({ status: "expired" }).where(eq(raffleEntries.id, entry.id));
      expired += 1;
    }
    const winners = await allocate(tx, deps, raffle, now);
    if (recheck) await deps.jobs.enqueue(tx, "raffle-claims", { raffleId: raffle.id }, { startAfter: new Date(now.getTime() + CLAIM_RECHECK_MS) });
    const finished = await finishIfDone(tx, deps, raffle.id, now);
    return { expired, winners, finished };
  });
}
