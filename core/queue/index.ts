// The waiting room's face (ADR 0034): other code imports it from here only.
export { aheadInPicture, checkAgainMs, DEFAULT_QUEUE_SETTINGS, estimateMinutes, JOIN_LIMIT_PER_ACCOUNT, JOIN_LIMIT_PER_ADDRESS, placeIn, QUEUE_POLL_MS, type QueueSettings } from "./rules.ts";
export { readPlace, signPlace, signTicket, ticketIdsOf, tokensAfter, verifyTicket, type SignedPlace } from "./tokens.ts";
export { queueTokenSchema } from "./inputs.ts";
export { QueueError, notQueued, queueSignInRequired, tooManyJoins } from "./errors.ts";
export { cartPassExpiresAt, hasWaitingRoom, queueSettingsOf, runningLines, type RunningLine } from "./queries.ts";
export { admitWaiting, joinQueue, placeInRunningLine, queueStatus, type QueueStatus, type QueueVisitor } from "./commands.ts";
export { checkPass, markPassesUsed, moveCartPasses, type PassVerdict } from "./passes.ts";
export { saveQueueSettings } from "./settings.ts";
export { MAX_QUEUE_TOKENS, queueCookieName, queueSetCookie, queueTokensOf } from "./cookie.ts";
