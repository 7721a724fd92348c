import type { QueueStatus } from "../../../core/queue/index.ts";

/** `signInTo`: the refusal asks a guest to sign in first (a drop for account holders); the product's path to come back to. */
/**
 * `queue`: the add was refused for want of a place in a drop's line, and the visitor has one now (ADR 0040): the page shows it in place of Add to Cart.
 */
export type CartActionResult = { ok: true; message: string } | { ok: false; error: string; signInTo?: string; queue?: QueueStatus };
