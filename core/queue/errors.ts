import { errorsOf } from "../shared/errors.ts";

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

export function tooManyJoins() {
  return new QueueError("queue.rate_limited", "Too many tries to join the line. Please wait a minute and try again.", { retryAfterSeconds: 60 });
}

export function notQueued(slug: string) {
  return new QueueError("queue.not_queued", "This product has no waiting line.", { slug });
}

export function queueSignInRequired(name: string, slug: string) {
  return new QueueError("queue.sign_in_required", `Sign in to buy ${name}.`, { slug });
}
