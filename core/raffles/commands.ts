/**
 * Raffles (ADR 0035): the back office's save, the entry, the draw, the claim passes that pass unclaimed
 * units on, and checkout's taking over of a winner's reserved unit. Every change to a raffle's state takes
 * its row's lock first, so the draw, the passes and checkouts of its claims take turns.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, products, raffleEntries, raffles, users, variants } from "../../db/schema/index.ts";
import { recordAudit, type AdminActor } from "../admin/index.ts";
import { releaseReservation, reserveStock } from "../inventory/index.ts";
import { queueMail, recipientLocale } from "../mail/index.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { newClaimToken, newEntryCode, newSeed, rankCodes, seedHashOf } from "./draw.ts";
import { alreadyDrawn, badVariant, emailUnverified, noVariants, notOpen, raffleNotFound } from "./errors.ts";
import type { RaffleForm } from "./inputs.ts";
import { raffleLostMail, raffleWinMail } from "./mail.ts";
import { databaseNow, ENDED_UNSOLD, IN_CHECKOUT } from "./queries.ts";
import { CLAIM_RECHECK_MS } from "./rules.ts";

/** What the draw and the passes run with: the database, the job queue, the public URL for links. */
export interface RaffleDeps {
  db: Db;
  jobs: JobQueue;
  baseUrl: string;
}

type RaffleRow = typeof raffles.$inferSelect;

/** The audit's picture of a raffle: never its seed, which stays secret until the draw. */
const audited = (r: RaffleRow) => ({ productId: r.productId, opensAt: r.opensAt.toISOString(), closesAt: r.closesAt.toISOString(), claimHours: r.claimHours, seedHash: r.seedHash });

/**
 * Creates or edits a product's raffle, with its audit row, in one transaction. A new raffle gets its secret
 * seed and the seed's public hash now, before any entry. A drawn raffle cannot change. The draw's job is
 * enqueued to run when entries close (again when the close moves: each job checks it is still the moment).
 */
export async function saveRaffle(deps: { db: Db; jobs: JobQueue }, actor: AdminActor, productId: number, form: RaffleForm): Promise<RaffleRow> {
  return deps.db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id, kind: products.kind }).from(products).where(eq(products.id, productId)).for("update");
    if (!product) throw raffleNotFound();
    const sizes = await tx.select({ id: variants.id }).from(variants).where(and(eq(variants.productId, productId), eq(variants.active, true)));
    if (product.kind !== "merch" || sizes.length === 0) throw noVariants();
    const [before] = await tx.select().from(raffles).where(eq(raffles.productId, productId)).for("update");
    if (before?.drawnAt) throw alreadyDrawn();
    let saved: RaffleRow;
    if (before) {
      [saved] = (await tx
        .update(raffles)
        .set({ opensAt: form.opensAt, closesAt: form.closesAt, claimHours: form.claimHours, updatedAt: new Date() })
        .where(eq(raffles.id, before.id))
        .returning()) as [RaffleRow];
    } else {
      const seed = newSeed();
      [saved] = (await tx
        .insert(raffles)
        .values({ productId, opensAt: form.opensAt, closesAt: form.closesAt, claimHours: form.claimHours, seed, seedHash: seedHashOf(seed) })
        .returning()) as [RaffleRow];
    }
    if (!before || before.closesAt.getTime() !== saved.closesAt.getTime()) {
      await deps.jobs.enqueue(tx, "raffle-draw", { raffleId: saved.id, closesAt: saved.closesAt.toISOString() }, { startAfter: saved.closesAt });
    }
    await recordAudit(tx, actor, { entity: "raffle", entityId: saved.id, action: before ? "update" : "create", before: before ? audited(before) : null, after: audited(saved) });
    return saved;
  });
}

/**
 * One account's entry, for one size, during the window (by the database's clock). The account's email must
 * be verified. Entering again keeps the first entry (and its code): the unique index answers the second
 * insert with nothing, and the first entry is returned with `created: false`.
 */
export async function enterRaffle(db: Db, given: { productId: number; accountId: string; variantId: number }): Promise<{ created: boolean; code: string; variantId: number }> {
  return db.transaction(async (tx) => {
    const [raffle] = await tx
      .select({ id: raffles.id, open: sql<boolean>`${raffles.opensAt} <= now() and ${raffles.closesAt} > now() and ${raffles.drawnAt} is null` })
      .from(raffles)
      .where(eq(raffles.productId, given.productId))
      .for("share");
    if (!raffle) throw raffleNotFound();
    const [account] = await tx.select({ verified: users.emailVerified, deletedAt: users.deletedAt }).from(users).where(eq(users.id, given.accountId));
    if (!account || account.deletedAt) throw raffleNotFound();
    const [existing] = await tx.select({ code: raffleEntries.code, variantId: raffleEntries.variantId }).from(raffleEntries).where(and(eq(raffleEntries.raffleId, raffle.id), eq(raffleEntries.accountId, given.accountId)));
    if (existing) return { created: false, ...existing };
    if (!raffle.open) throw notOpen();
    if (!account.verified) throw emailUnverified();
    const [variant] = await tx
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.id, given.variantId), eq(variants.productId, given.productId), eq(variants.active, true)));
    if (!variant) throw badVariant();
    for (;;) {
      const code = newEntryCode();
      const inserted = await tx
        .insert(raffleEntries)
        .values({ raffleId: raffle.id, accountId: given.accountId, variantId: variant.id, code })
        .onConflictDoNothing()
        .returning({ code: raffleEntries.code, variantId: raffleEntries.variantId });
      if (inserted[0]) return { created: true, ...inserted[0] };
      // A conflict: the account entered meanwhile (another tab), or (one in 2^50) the code was taken.
      const [again] = await tx.select({ code: raffleEntries.code, variantId: raffleEntries.variantId }).from(raffleEntries).where(and(eq(raffleEntries.raffleId, raffle.id), eq(raffleEntries.accountId, given.accountId)));
      if (again) return { created: false, ...again };
    }
  });
}

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

/**
 * Checkout (claimAttempt's transaction, after the attempt's row is written): lines of products sold by
 * raffle are bought only through the buyer's own open win, one unit of the size won. A held unit's
 * reservation is released here and the attempt's own reservation (next, in the same transaction, with the
 * variant rows locked) takes it: the unit moves from the raffle to the checkout and is never free between.
 * If that checkout ends unpaid, the unit is back in stock but still owed to the winner until the window
 * ends (allocate does not give it away, and the raffle keeps the product off general sale).
 * Returns the first line refused (its name), or null.
 */
export async function takeRaffleClaims(
  tx: Db,
  userId: string,
  lines: readonly { variantId: number; productId: number; quantity: number; name: string }[],
  attemptId: string,
): Promise<{ name: string } | null> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  if (productIds.length === 0) return null;
  const open = await tx
    .select()
    .from(raffles)
    .where(and(inArray(raffles.productId, productIds), sql`${raffles.finishedAt} is null`))
    .orderBy(asc(raffles.id))
    .for("update");
  if (open.length === 0) return null;
  const now = await databaseNow(tx);
  for (const line of lines) {
    const raffle = open.find((r) => r.productId === line.productId);
    if (!raffle) continue;
    const [entry] = await tx
      .select({ id: raffleEntries.id, code: raffleEntries.code, status: raffleEntries.status, claimExpiresAt: raffleEntries.claimExpiresAt, attemptStatus: checkoutAttempts.status })
      .from(raffleEntries)
      .leftJoin(checkoutAttempts, eq(checkoutAttempts.id, raffleEntries.attemptId))
      .where(and(eq(raffleEntries.raffleId, raffle.id), eq(raffleEntries.accountId, userId), eq(raffleEntries.variantId, line.variantId)));
    const windowOpen = entry?.claimExpiresAt ? entry.claimExpiresAt > now : false;
    if (!entry || !windowOpen || line.quantity !== 1) return { name: line.name };
    if (entry.status === "won") {
      await releaseReservation(tx, [{ variantId: line.variantId, quantity: 1 }], { actor: userId, reason: `Raffle ${raffle.id}: claim ${entry.code} taken to checkout ${attemptId}` });
    } else if (!(entry.status === "claimed" && (entry.attemptStatus === null || (ENDED_UNSOLD as readonly string[]).includes(entry.attemptStatus)))) {
      return { name: line.name };
    }
    await tx.update(raffleEntries).set({ status: "claimed", attemptId }).where(eq(raffleEntries.id, entry.id));
  }
  return null;
}
