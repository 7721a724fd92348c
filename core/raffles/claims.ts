/** Checkout's taking over of a raffle winner's unit (ADR 0035): a product sold by raffle is bought only through the buyer's own open win. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, raffleEntries, raffles } from "../../db/schema/index.ts";
import { releaseReservation } from "../inventory/index.ts";
import { databaseNow, ENDED_UNSOLD } from "./queries.ts";

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
