import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rowsOf } from "../core/shared/sql-rows.ts";
import { storeCookieName } from "../core/shared/cookies.ts";
import type { SessionAccountReader } from "../app/context.ts";

export type { SessionAccountReader };

export function sessionAccountReader(db: Db, secret: string, secure: boolean): SessionAccountReader {
  const name = `${storeCookieName("eh", secure)}.session_token`;
  return async (cookieHeader) => {
    const token = signedToken(cookieHeader, name, secret);
    if (!token) return null;
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`select u.id from sessions s join users u on u.id = s.user_id
        where s.token = ${token} and s.expires_at > now() and u.active and u.deleted_at is null`),
    );
    return row ? { id: row.id } : null;
  };
}

/** The session token a cookie header carries under `name`, when its signature is the server's; else null. */
export function signedToken(cookieHeader: string | null | undefined, name: string, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    // As the library reads it: the value, a dot, and a 44-character base64 signature (with its padding).
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    if (given.length !== 44 || !value.endsWith("=")) return null;
    const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
    return expected.length === given.length && timingSafeEqual(expected, given) ? token : null;
  }
  return null;
}
