/** What the pages, the cart and checkout read about raffles (ADR 0035). */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, products, raffleEntries, raffles, users, variants } from "../../db/schema/index.ts";
import { sha256Hex } from "./draw.ts";
import { rafflePhase, type EntryStatus, type RafflePhase } from "./rules.ts";

/** The database's clock: every window and claim is judged by it, as timed releases are (ADR 0031). */
export async function databaseNow(tx: Db): Promise<Date> {
  const [row] = await tx.select({ now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)) }).from(sql`(select 1) as one`);
  return row!.now;
}

/** An attempt that ended without a sale: the unit it took came back to stock. */
export const ENDED_UNSOLD = ["failed", "expired"] as const;
/** An attempt still holding its units (waiting on its payment). */
export const IN_CHECKOUT = ["reserved", "charging"] as const;

export interface RaffleView {
  id: number;
  productId: number;
  opensAt: string;
  closesAt: string;
  claimHours: number;
  seedHash: string;
  /** Revealed at the draw; null before it. */
  seed: string | null;
  drawnAt: string | null;
  phase: RafflePhase;
  entryCount: number;
  /** After the draw: every entry's public code in drawn order, for anyone to check. */
  ranking: { code: string; rank: number }[];
  /** The viewer's own entry. */
  mine: { code: string; variantId: number; size: string | null; color: string | null; status: EntryStatus; rank: number | null; claimExpiresAt: string | null } | null;
}

/** The product page's raffle, if the product has one: its window, its commitment, and the viewer's entry. */
export async function productRaffle(db: Db, productId: number, viewerId: string | null): Promise<RaffleView | null> {
  const [raffle] = await db.select().from(raffles).where(eq(raffles.productId, productId));
  if (!raffle) return null;
  const now = await databaseNow(db);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(raffleEntries).where(eq(raffleEntries.raffleId, raffle.id));
  const ranking = raffle.drawnAt
    ? await db
        .select({ code: raffleEntries.code, rank: raffleEntries.rank })
        .from(raffleEntries)
        .where(eq(raffleEntries.raffleId, raffle.id))
        .orderBy(asc(raffleEntries.rank))
    : [];
  const [mine] = viewerId
    ? await db
        .select({
          code: raffleEntries.code,
          variantId: raffleEntries.variantId,
          size: variants.size,
          color: variants.color,
          status: raffleEntries.status,
          rank: raffleEntries.rank,
          claimExpiresAt: raffleEntries.claimExpiresAt,
        })
        .from(raffleEntries)
        .innerJoin(variants, eq(variants.id, raffleEntries.variantId))
        .where(and(eq(raffleEntries.raffleId, raffle.id), eq(raffleEntries.accountId, viewerId)))
    : [];
  return {
    id: raffle.id,
    productId,
    opensAt: raffle.opensAt.toISOString(),
    closesAt: raffle.closesAt.toISOString(),
    claimHours: raffle.claimHours,
    seedHash: raffle.seedHash,
    seed: raffle.drawnAt ? raffle.seed : null,
    drawnAt: raffle.drawnAt?.toISOString() ?? null,
    phase: rafflePhase(raffle, now),
    entryCount: Number(counted?.n ?? 0),
    ranking: ranking.map((r) => ({ code: r.code, rank: r.rank ?? 0 })),
    mine: mine ? { ...mine, claimExpiresAt: mine.claimExpiresAt?.toISOString() ?? null } : null,
  };
}

export interface ClaimView {
  entryId: number;
  accountId: string | null;
  status: EntryStatus;
  code: string;
  claimExpiresAt: string | null;
  /** The window has passed (by the database's clock). */
  expired: boolean;
  /** A checkout of this claim is under way or paid. */
  inCheckout: boolean;
  product: { id: number; name: string; slug: string };
  variant: { id: number; size: string | null; color: string | null; priceCents: number };
}

/** The purchase link's page: the entry its token names (null: no such token). */
export async function findClaim(db: Db, token: string): Promise<ClaimView | null> {
  const [row] = await db
    .select({
      entryId: raffleEntries.id,
      accountId: raffleEntries.accountId,
      status: raffleEntries.status,
      code: raffleEntries.code,
      claimExpiresAt: raffleEntries.claimExpiresAt,
      expired: sql<boolean>`coalesce(${raffleEntries.claimExpiresAt} <= now(), true)`,
      attemptStatus: checkoutAttempts.status,
      productId: products.id,
      name: products.name,
      slug: products.slug,
      variantId: variants.id,
      size: variants.size,
      color: variants.color,
      priceCents: sql<number>`coalesce(${variants.priceCents}, ${products.basePriceCents})::int`,
    })
    .from(raffleEntries)
    .innerJoin(variants, eq(variants.id, raffleEntries.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(checkoutAttempts, eq(checkoutAttempts.id, raffleEntries.attemptId))
    .where(eq(raffleEntries.claimTokenHash, sha256Hex(token)));
  if (!row) return null;
  return {
    entryId: row.entryId,
    accountId: row.accountId,
    status: row.status,
    code: row.code,
    claimExpiresAt: row.claimExpiresAt?.toISOString() ?? null,
    expired: Boolean(row.expired),
    inCheckout: row.status === "claimed" && row.attemptStatus !== null && !(ENDED_UNSOLD as readonly string[]).includes(row.attemptStatus),
    product: { id: row.productId, name: row.name, slug: row.slug },
    variant: { id: row.variantId, size: row.size, color: row.color, priceCents: Number(row.priceCents) },
  };
}

export interface AdminRaffleEntry {
  code: string;
  email: string | null;
  size: string | null;
  color: string | null;
  status: EntryStatus;
  rank: number | null;
  claimExpiresAt: Date | null;
  createdAt: Date;
}

/** The back office: a product's raffle (with its secret seed only once drawn) and its entries, in drawn order after the draw. */
export async function adminRaffleOfProduct(db: Db, productId: number): Promise<{ raffle: Omit<typeof raffles.$inferSelect, "seed"> & { seed: string | null }; entries: AdminRaffleEntry[] } | null> {
  const [raffle] = await db.select().from(raffles).where(eq(raffles.productId, productId));
  if (!raffle) return null;
  const entries = await db
    .select({
      code: raffleEntries.code,
      email: users.email,
      size: variants.size,
      color: variants.color,
      status: raffleEntries.status,
      rank: raffleEntries.rank,
      claimExpiresAt: raffleEntries.claimExpiresAt,
      createdAt: raffleEntries.createdAt,
    })
    .from(raffleEntries)
    .innerJoin(variants, eq(variants.id, raffleEntries.variantId))
    .leftJoin(users, eq(users.id, raffleEntries.accountId))
    .where(eq(raffleEntries.raffleId, raffle.id))
    .orderBy(sql`${raffleEntries.rank} asc nulls last`, asc(raffleEntries.createdAt), asc(raffleEntries.id));
  return { raffle: { ...raffle, seed: raffle.drawnAt ? raffle.seed : null }, entries };
}

export interface AdminRaffleRow {
  productId: number;
  productName: string;
  opensAt: Date;
  closesAt: Date;
  drawnAt: Date | null;
  finishedAt: Date | null;
  phase: RafflePhase;
  entries: number;
  /** Entries that won a unit (held, in a checkout or bought, or let expire). */
  winners: number;
}

/** The back office's list of raffles, the latest to close first, with their counts. */
export async function listRaffles(db: Db): Promise<AdminRaffleRow[]> {
  const now = await databaseNow(db);
  const rows = await db
    .select({
      productId: raffles.productId,
      productName: products.name,
      opensAt: raffles.opensAt,
      closesAt: raffles.closesAt,
      drawnAt: raffles.drawnAt,
      finishedAt: raffles.finishedAt,
      entries: sql<number>`(select count(*)::int from ${raffleEntries} e where e.raffle_id = ${raffles.id})`,
      winners: sql<number>`(select count(*)::int from ${raffleEntries} e where e.raffle_id = ${raffles.id} and e.won_at is not null)`,
    })
    .from(raffles)
    .innerJoin(products, eq(products.id, raffles.productId))
    .orderBy(sql`${raffles.closesAt} desc`, asc(raffles.id));
  return rows.map((r) => ({ ...r, entries: Number(r.entries), winners: Number(r.winners), phase: rafflePhase(r, now) }));
}
