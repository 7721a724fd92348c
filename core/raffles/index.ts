// The raffles module's face (ADR 0035): other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code).
export { CLAIM_HOURS, CLAIM_RECHECK_MS, ENTRY_CODE_ALPHABET, rafflePhase, rafflesField, type EntryStatus, type RafflePhase } from "./rules.ts";
export { claimTokenSchema, entryFormSchema, raffleFormSchema, type RaffleForm } from "./inputs.ts";
export { RaffleError, rafflesText, type RaffleErrorCode } from "./errors.ts";
export { rankCodes, rankKey, seedHashOf, sha256Hex } from "./draw.ts";
export { claimUrl, raffleLostMail, raffleWinMail } from "./mail.ts";
export { adminRaffleOfProduct, findClaim, listRaffles, productRaffle, type AdminRaffleEntry, type AdminRaffleRow, type ClaimView, type RaffleView } from "./queries.ts";
export { enterRaffle, saveRaffle, type RaffleDeps } from "./commands.ts";
export { drawRaffle, runClaimPass, type ClaimPassResult, type DrawResult } from "./winners.ts";
export { takeRaffleClaims } from "./claims.ts";
