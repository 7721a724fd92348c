// Pure raffle rules (ADR 0035): no database, no node-only modules (the product page's form imports this file).

import { fieldTextsOf } from "../shared/text.ts";

/** The alphabet of an entry's public code: no 0/O or 1/I to misread; 32 characters, so a random byte maps evenly. */
export const ENTRY_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const ENTRY_CODE_LENGTH = 10;

/** How long a winner may take to buy, in hours, as the back office may set it. */
export const CLAIM_HOURS = { min: 1, max: 168, default: 48 } as const;

/**
 * A claim still in checkout when its window closes is looked at again this long after (its checkout's own
 * hold ends within 15 minutes, and the pass then knows whether it was paid).
 */
export const CLAIM_RECHECK_MS = 5 * 60_000;

/**
 * The texts of the raffle's form checks: ids of the catalogue (texts/messages), worded by the doors. The hours'
 * text names CLAIM_HOURS as written (every check of the field gives the same text).
 */
export const rafflesField = fieldTextsOf({
  "shop.domain.raffle.chooseSize": [],
  "shop.domain.raffle.windowOrder": [],
  "shop.domain.raffle.opensRequired": [],
  "shop.domain.raffle.closesRequired": [],
  "shop.domain.raffle.claimHours": [],
});

/** The statuses an entry shows its entrant, in order of the draw's life. */
export type EntryStatus = "entered" | "won" | "claimed" | "expired" | "lost";

/** Where a raffle stands by the database's clock: before, during, after its window, drawn, finished. */
export type RafflePhase = "upcoming" | "open" | "closed" | "drawn" | "finished";

export function rafflePhase(r: { opensAt: Date; closesAt: Date; drawnAt: Date | null; finishedAt: Date | null }, now: Date): RafflePhase {
  if (r.finishedAt) return "finished";
  if (r.drawnAt) return "drawn";
  if (now < r.opensAt) return "upcoming";
  if (now < r.closesAt) return "open";
  return "closed";
}
