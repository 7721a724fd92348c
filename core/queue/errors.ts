import { errorsOf } from "../shared/errors.ts";

export type QueueErrorCode = "queue.not_queued" | "queue.sign_in_required" | "queue.invalid_settings";

export class QueueError extends errorsOf<QueueErrorCode>({
  // The product has no waiting room (or is not on sale): there is no line to join.
  "queue.not_queued": 404,
  // A drop for account holders: guests cannot take a place in its line.
  "queue.sign_in_required": 401,
  "queue.invalid_settings": 400,
}) {}

export function notQueued(slug: string) {
  return new QueueError("queue.not_queued", "This product has no waiting line.", { slug });
}

export function queueSignInRequired(name: string, slug: string) {
  return new QueueError("queue.sign_in_required", `Sign in to buy ${name}.`, { slug });
}
