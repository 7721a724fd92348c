import { errorsOf } from "../shared/errors.ts";
import { RAFFLE_MESSAGES as M } from "./rules.ts";

export type RaffleErrorCode =
  | "raffles.not_found"
  | "raffles.not_open"
  | "raffles.sign_in_required"
  | "raffles.email_unverified"
  | "raffles.bad_variant"
  | "raffles.already_drawn"
  | "raffles.bad_claim"
  | "raffles.claim_expired"
  | "raffles.claim_other_account"
  | "raffles.claim_used"
  | "raffles.no_variants";

export class RaffleError extends errorsOf<RaffleErrorCode>({
  "raffles.not_found": 404,
  // Before the window or after it: the page shows when it opens, or the draw.
  "raffles.not_open": 409,
  "raffles.sign_in_required": 401,
  // One entry per verified account: an address nobody proved is not a person.
  "raffles.email_unverified": 403,
  "raffles.bad_variant": 400,
  "raffles.already_drawn": 409,
  "raffles.bad_claim": 404,
  "raffles.claim_expired": 410,
  "raffles.claim_other_account": 403,
  "raffles.claim_used": 409,
  "raffles.no_variants": 409,
}) {}

export const raffleNotFound = () => new RaffleError("raffles.not_found", M.notFound);
export const notOpen = () => new RaffleError("raffles.not_open", M.notOpen);
export const signInToEnter = () => new RaffleError("raffles.sign_in_required", M.signInToEnter);
export const emailUnverified = () => new RaffleError("raffles.email_unverified", M.verifyEmail);
export const badVariant = () => new RaffleError("raffles.bad_variant", M.chooseSize);
export const alreadyDrawn = () => new RaffleError("raffles.already_drawn", M.alreadyDrawn);
export const badClaim = () => new RaffleError("raffles.bad_claim", M.badClaim);
export const claimExpired = () => new RaffleError("raffles.claim_expired", M.claimExpired);
export const claimOtherAccount = () => new RaffleError("raffles.claim_other_account", M.claimOtherAccount);
export const claimUsed = () => new RaffleError("raffles.claim_used", M.claimUsed);
export const noVariants = () => new RaffleError("raffles.no_variants", M.noVariants);
