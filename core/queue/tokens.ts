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

/**
 * What a page's cookie carries of a place (ADR 0040): the ticket, its product and its
 * number in line, and whether the store had already let it in when it signed this. The waiting page and its
 * status reads are answered from it and the process's picture of the line (no database, no session); a token
 * only ever says where its own holder stands, and every add and checkout still checks the pass in the database.
 */
export interface SignedPlace {
  ticketId: string;
  productId: number;
  seq: number;
  /** Let in when signed: the product page is shown, not the waiting page. */
  admitted: boolean;
}

const PLACE = /^([A-Za-z0-9_-]{22,64})\.(\d{1,10})\.(\d{1,15})\.([aw])\.([A-Za-z0-9_-]{43})$/;

function placeSignatureOf(place: SignedPlace, secret: string): string {
  return createHmac("sha256", secret)
    .update(`queue-place:${place.ticketId}.${place.productId}.${place.seq}.${place.admitted ? "a" : "w"}`)
    .digest("base64url");
}

/** `ticketId.productId.seq.(a|w).HMAC`: a place as a page's cookie keeps it. */
export function signPlace(place: SignedPlace, secret: string): string {
  return `${place.ticketId}.${place.productId}.${place.seq}.${place.admitted ? "a" : "w"}.${placeSignatureOf(place, secret)}`;
}

/** The place a cookie token names, or null when it is not one of ours (compared in constant time). */
export function readPlace(token: string | null | undefined, secret: string): SignedPlace | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = PLACE.exec(token);
  if (!match) return null;
  const place: SignedPlace = { ticketId: match[1]!, productId: Number(match[2]), seq: Number(match[3]), admitted: match[4] === "a" };
  const given = Buffer.from(match[5]!);
  const expected = Buffer.from(placeSignatureOf(place, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return place;
}

/** The ticket ids of the tokens whose signatures hold: a page's signed place, or a bare ticket token (an older cookie, the app's header). */
export function ticketIdsOf(tokens: readonly string[], secret: string): string[] {
  return tokens.map((t) => readPlace(t, secret)?.ticketId ?? verifyTicket(t, secret)).filter((id): id is string => id !== null);
}

/**
 * A browser's tokens once its place for a product is as `status` says: that place's signed token first,
 * replacing any earlier one of the product's (and of the same ticket), the others after it; null when the
 * list already starts with exactly that token (nothing to set), or the place no longer stands.
 */
export function tokensAfter(
  tokens: readonly string[],
  productId: number,
  status: { state: string; ticketId: string; seq: number },
  secret: string,
): string[] | null {
  if (status.state !== "waiting" && status.state !== "admitted") return null;
  const token = signPlace({ ticketId: status.ticketId, productId, seq: status.seq, admitted: status.state === "admitted" }, secret);
  if (tokens[0] === token) return null;
  const others = tokens.filter((t) => {
    const place = readPlace(t, secret);
    if (place) return place.productId !== productId && place.ticketId !== status.ticketId;
    const id = verifyTicket(t, secret);
    return id !== null && id !== status.ticketId;
  });
  return [token, ...others];
}
