import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A confirmation token: 32 random bytes (43 base64url characters); only its hash is stored. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * The unsubscribe links' key, derived from the server's signing secret for this one purpose, so a
 * signature made here is worth nothing anywhere else the secret signs.
 */
function unsubscribeKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("east-harlem:newsletter-unsubscribe:v1").digest();
}

function signature(secret: string, subscriberId: number, email: string): string {
  return createHmac("sha256", unsubscribeKey(secret)).update(`${subscriberId}:${email}`).digest("base64url");
}

/** `<id>.<HMAC of id and address>`: names the subscriber, and cannot be made without the secret. */
export function unsubscribeToken(secret: string, subscriber: { id: number; email: string }): string {
  return `${subscriber.id}.${signature(secret, subscriber.id, subscriber.email)}`;
}

/** The subscriber id a token names, before its signature is checked against the stored address. */
export function subscriberIdOf(token: string): number | null {
  const id = Number(token.split(".")[0]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Whether the token's signature is the one for this subscriber (compared in constant time). */
export function verifyUnsubscribeToken(secret: string, token: string, subscriber: { id: number; email: string }): boolean {
  const given = Buffer.from(token.slice(token.indexOf(".") + 1));
  const expected = Buffer.from(signature(secret, subscriber.id, subscriber.email));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
