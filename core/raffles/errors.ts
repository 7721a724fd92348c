import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

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

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const rafflesText = textsOf({
  "shop.domain.raffle.notFound": [],
  "shop.domain.raffle.notOpen": [],
  "shop.domain.raffle.signInToEnter": [],
  "shop.raffle.verify": [],
  "shop.domain.raffle.chooseSize": [],
  "shop.domain.raffle.alreadyDrawn": [],
  "shop.domain.raffle.badClaim": [],
  "shop.domain.raffle.claimExpired": [],
  "shop.domain.raffle.claimOtherAccount": [],
  "shop.domain.raffle.claimUsed": [],
  "shop.domain.raffle.noVariants": [],
});

export const raffleNotFound = () => new RaffleError("raffles.not_found", rafflesText("shop.domain.raffle.notFound"));
export const notOpen = () => new RaffleError("raffles.not_open", rafflesText("shop.domain.raffle.notOpen"));
export const signInToEnter = () => new RaffleError("raffles.sign_in_required", rafflesText("shop.domain.raffle.signInToEnter"));
export const emailUnverified = () => new RaffleError("raffles.email_unverified", rafflesText("shop.raffle.verify"));
export const badVariant = () => new RaffleError("raffles.bad_variant", rafflesText("shop.domain.raffle.chooseSize"));
export const alreadyDrawn = () => new RaffleError("raffles.already_drawn", rafflesText("shop.domain.raffle.alreadyDrawn"));
export const badClaim = () => new RaffleError("raffles.bad_claim", rafflesText("shop.domain.raffle.badClaim"));
export const claimExpired = () => new RaffleError("raffles.claim_expired", rafflesText("shop.domain.raffle.claimExpired"));
export const claimOtherAccount = () => new RaffleError("raffles.claim_other_account", rafflesText("shop.domain.raffle.claimOtherAccount"));
export const claimUsed = () => new RaffleError("raffles.claim_used", rafflesText("shop.domain.raffle.claimUsed"));
export const noVariants = () => new RaffleError("raffles.no_variants", rafflesText("shop.domain.raffle.noVariants"));
