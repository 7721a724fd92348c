import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The signed token a place in line travels in (ADR 0034).
 * A token is `ticketId.HMAC-SHA256(key, "queue-ticket:" + ticketId)`: the id is random (unguessable) and the
 * signature says this store gave it out, so a made-up or altered token is refused before the database is asked.
 */

const TICKET_ID = /^[A-Za-z0-9_-]{22,64}$/;

function signatureOf(ticketId: string, secret: string): string {
  return createHmac("sha256", secret).update(`queue-ticket:${ticketId}`).digest("base64url");
}

export function signTicket(ticketId: string, secret: string): string {
  return `${ticketId}.${signatureOf(ticketId, secret)}`;
}

/** The ticket id a token names, or null when it is malformed or its signature is not ours (compared in constant time). */
export function verifyTicket(token: string | null | undefined, secret: string): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  if (!TICKET_ID.test(id)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signatureOf(id, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return id;
}
