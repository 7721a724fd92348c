// Pure raffle rules (ADR 0035): no database, no node-only modules (the product page's form imports this file).

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

/** The English reference texts of the raffle's refusals and notices (the pages show them from their catalogue). */
export const RAFFLE_MESSAGES = {
  signInToEnter: "Sign in to enter the raffle.",
  chooseSize: "Please choose a size from the list.",
  badClaim: "This purchase link is not valid. Use the link from the email as it was sent.",
  claimExpired: "This purchase link has expired.",
  claimOtherAccount: "This purchase link belongs to another account. Sign in with the account that entered.",
  claimUsed: "This raffle win is already in a checkout or bought.",
  windowOrder: "Entries must close after they open.",
  opensRequired: "Enter when entries open, such as 2026-12-01 10:00.",
  closesRequired: "Enter when entries close, such as 2026-12-01 20:00.",
  claimHours: `Enter the hours a winner has to buy, a whole number from ${CLAIM_HOURS.min} to ${CLAIM_HOURS.max}.`,
} as const;

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
