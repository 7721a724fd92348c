/**
 * Raffles (ADR 0035): the back office's save and the entry here; the draw and the claim passes that pass
 * unclaimed units on in winners.ts, checkout's taking over of a winner's reserved unit in claims.ts. Every
 * change to a raffle's state takes its row's lock first, so the draw, the passes and checkouts of its claims take turns.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, raffleEntries, raffles, users, variants } from "../../db/schema/index.ts";
import { recordAudit, type AdminActor } from "../admin/index.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { newEntryCode, newSeed, seedHashOf } from "./draw.ts";
import { alreadyDrawn, badVariant, emailUnverified, noVariants, notOpen, raffleNotFound } from "./errors.ts";
import type { RaffleForm } from "./inputs.ts";

/** What the draw and the passes run with: the database, the job queue, the public URL for links. */
export interface RaffleDeps {
  db: Db;
  jobs: JobQueue;
  baseUrl: string;
}

export type RaffleRow = typeof raffles.$inferSelect;

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
