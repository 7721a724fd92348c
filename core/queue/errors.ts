import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type QueueErrorCode = "queue.not_queued" | "queue.sign_in_required" | "queue.invalid_settings" | "queue.rate_limited";

export class QueueError extends errorsOf<QueueErrorCode>({
  // The product has no waiting room (or is not on sale): there is no line to join.
  "queue.not_queued": 404,
  // A drop for account holders: guests cannot take a place in its line.
  "queue.sign_in_required": 401,
  "queue.invalid_settings": 400,
  // Too many joins from one address or account in a minute (bots minting places): a wait, not a ban.
  "queue.rate_limited": 429,
}) {}

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const queueText = textsOf({
  "cart.domain.queueTooManyJoins": [],
  "cart.domain.queueNotQueued": [],
  "cart.domain.signInToBuy": ["item"],
});

export function tooManyJoins() {
  return new QueueError("queue.rate_limited", queueText("cart.domain.queueTooManyJoins"), { retryAfterSeconds: 60 });
}

export function notQueued(slug: string) {
  return new QueueError("queue.not_queued", queueText("cart.domain.queueNotQueued"), { slug });
}

export function queueSignInRequired(name: string, slug: string) {
  return new QueueError("queue.sign_in_required", queueText("cart.domain.signInToBuy", { item: name }), { slug });
}
