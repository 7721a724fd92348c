import type { Request } from "express";
import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN, idempotencyText, type StoredAnswer } from "../../core/idempotency/index.ts";
import type { AnyOperation, ApiDeps, ApiViewer } from "./operation.ts";
import { ApiProblem } from "./problem.ts";
import type { TextRef } from "../../core/shared/text.ts";

/*
 * Idempotency-Key (ADR 0027, the IETF draft's header): a request that creates something may carry a key of
 * the client's making. The first request with a key runs and its answer (success or refusal) is kept in the
 * database for 24 hours under the key and the requester (the account, or the guest's cart token); the same
 * key with the same request is then answered with that answer again, without running it twice. The same key
 * with another request is a 422 problem; a second request while the first still runs is a 409 problem. A
 * request refused before it ran (validation, sign-in) or that failed on the store's side (5xx) keeps nothing.
 */

/** The header as the OpenAPI document describes it. */
export function idempotencyHeader(mode: "required" | "optional") {
  const schema = z.string().meta({
    description:
      "A key of the app's making (a UUID) for this one request. Sent again with the same request, the first answer is given again (with `Idempotent-Replayed: true`) and nothing is done twice; kept 24 hours. The same key with another body is refused (422); while the first request runs, a second is refused (409)." +
      (mode === "optional" ? " Remembered when the request names a shopper (a token) or a guest cart (X-Cart-Token)." : ""),
    example: "5f0c6b1e-3f2a-4c8e-9a57-0d2b9c4e7a11",
  });
  return { "idempotency-key": mode === "required" ? schema : schema.optional() };
}

export interface HeldKey {
  scope: string;
  key: string;
  /** When the key was first claimed (kept when a lost request is taken over). */
  since: Date;
}

/** One request's identity for what it starts elsewhere (the checkout's own key): its requester, key and first claim. */
export function requestIdentity(held: HeldKey): string {
  return `${held.scope}:${held.key}:${held.since.toISOString()}`;
}

function headerProblem(message: TextRef): ApiProblem {
  return new ApiProblem(400, "validation", message, { errors: [{ field: "header.idempotency-key", message }] });
}

/**
 * Claims the request's key, when the operation takes one: null when there is nothing to remember (no key, or
 * nobody to keep it for), the held key to keep the answer under, or the answer given before.
 */
export async function claimIdempotency(
  deps: ApiDeps,
  op: AnyOperation,
  req: Request,
  who: { viewer: ApiViewer | null; cartToken: string | null },
  body: unknown,
): Promise<{ held: HeldKey } | { replay: StoredAnswer } | null> {
  if (!op.idempotency) return null;
  const key = req.get("idempotency-key");
  if (key === undefined || key === "") {
    if (op.idempotency === "required") throw headerProblem(idempotencyText("api.domain.idempotencyRequired"));
    return null;
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw headerProblem(idempotencyText("api.domain.idempotencyInvalid"));
  const scope = who.viewer ? `user:${who.viewer.id}` : who.cartToken ? `cart:${who.cartToken}` : null;
  if (!scope) return null;
  const claim = await deps.useCases.idempotency.claimKey({ scope, key, method: op.method, path: req.originalUrl, body: body ?? null });
  switch (claim.kind) {
    case "claimed":
      return { held: { scope, key, since: claim.since } };
    case "replay":
      return { replay: claim.answer };
    case "mismatch":
      throw new ApiProblem(422, "idempotency.key_reused", idempotencyText("api.domain.idempotencyReused"));
    case "in_progress":
      throw new ApiProblem(409, "idempotency.in_progress", idempotencyText("api.domain.idempotencyInProgress"), { headers: { "Retry-After": "1" } });
  }
}

/** Keeps what the request answered (a refusal by the store's rules too); a 5xx lets go of the key instead. */
export async function settleKey(deps: ApiDeps, held: HeldKey, answer: StoredAnswer): Promise<void> {
  try {
    if (answer.status >= 500) await deps.useCases.idempotency.releaseKey(held.scope, held.key);
    else await deps.useCases.idempotency.keepAnswer(held.scope, held.key, answer);
  } catch (error) {
    deps.log.error({ err: error }, "idempotency key not settled");
  }
}
