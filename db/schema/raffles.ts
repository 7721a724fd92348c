import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { products, variants } from "./catalog.ts";
import { outbox } from "./mail.ts";
import { checkoutAttempts } from "./orders.ts";

/**
 * A product sold by raffle (core/raffles, ADR 0035): entries are taken from opens_at to closes_at, drawn
 * when it closes. `seed` is secret until the draw (never shown while drawn_at is null); `seed_hash`
 * (sha256 of the seed's hex text) is public from creation, so anyone can check after the draw that the
 * seed was fixed before it. finished_at: every unit found its winner or no entry is left to take one;
 * from then on the product sells as usual. One raffle per product.
 */
export const raffles = pgTable(
  "raffles",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .unique()
      .references(() => products.id, { onDelete: "cascade" }),
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    claimHours: integer("claim_hours").notNull(),
    seed: text("seed").notNull(),
    seedHash: text("seed_hash").notNull(),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("raffles_window_check", sql`${t.closesAt} > ${t.opensAt}`),
    check("raffles_claim_hours_check", sql`${t.claimHours} between 1 and 168`),
    check("raffles_seed_check", sql`${t.seed} ~ '^[0-9a-f]{64}$' and ${t.seedHash} ~ '^[0-9a-f]{64}$'`),
    check("raffles_finished_check", sql`${t.finishedAt} is null or ${t.drawnAt} is not null`),
  ],
);

export const RAFFLE_ENTRY_STATUSES = ["entered", "won", "claimed", "expired", "lost"] as const;
export type RaffleEntryStatus = (typeof RAFFLE_ENTRY_STATUSES)[number];

/**
 * One account's entry in a raffle, for one variant (the size wanted). `code` is the entry's public name:
 * shown to the entrant, listed after the draw, and hashed with the seed to rank it. After the draw every
 * entry has its `rank`; an entry that won holds one unit (a stock reservation) until claim_expires_at, and
 * its purchase link carries a random token stored here only as its sha256 (claim_token_hash). `claimed`:
 * a checkout took the unit over (attempt_id); `expired`: the claim window passed unused and the unit went
 * to the next entries in rank order; `lost`: the raffle finished without reaching this entry.
 */
export const raffleEntries = pgTable(
  "raffle_entries",
  {
    id: serial("id").primaryKey(),
    raffleId: integer("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "cascade" }),
    accountId: text("account_id").references(() => users.id, { onDelete: "set null" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    rank: integer("rank"),
    status: text("status").$type<RaffleEntryStatus>().notNull().default("entered"),
    wonAt: timestamp("won_at", { withTimezone: true }),
    claimTokenHash: text("claim_token_hash").unique(),
    claimExpiresAt: timestamp("claim_expires_at", { withTimezone: true }),
    attemptId: text("attempt_id").references(() => checkoutAttempts.id, { onDelete: "set null" }),
    outboxId: integer("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
  },
  (t) => [
    check("raffle_entries_status_check", sql`${t.status} in ('entered', 'won', 'claimed', 'expired', 'lost')`),
    check("raffle_entries_code_check", sql`${t.code} ~ '^[A-Z2-9]{10}$'`),
    check("raffle_entries_rank_check", sql`${t.rank} is null or ${t.rank} >= 1`),
    check("raffle_entries_claim_check", sql`${t.status} not in ('won', 'claimed') or (${t.claimTokenHash} is not null and ${t.claimExpiresAt} is not null)`),
    uniqueIndex("raffle_entries_account_unique").on(t.raffleId, t.accountId),
    uniqueIndex("raffle_entries_code_unique").on(t.raffleId, t.code),
    index("raffle_entries_rank_idx").on(t.raffleId, t.rank),
  ],
);
