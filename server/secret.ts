import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { settings } from "../db/schema/index.ts";

/**
 * The secret that signs session cookies: AUTH_SECRET when given, else one made on first start and kept
 * in the database, so every app process and every restart signs with the same one.
 */
export async function signingSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.insert(settings).values({ key: "auth_secret", value: randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "auth_secret"));
  return row!.value;
}
