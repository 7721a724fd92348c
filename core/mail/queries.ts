import { desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { outbox, userProfiles, users, type OutboxStatus } from "../../db/schema/index.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../shared/locale.ts";

/** The language an account chose (its profile's preferences.language), or null when it has no profile yet. */
async function accountLanguage(db: Db, which: SQL): Promise<Locale | null> {
  const [row] = await db
    .select({ preferences: userProfiles.preferences })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(which)
    .limit(1);
  const language = row?.preferences.language;
  return isLocale(language) ? language : null;
}

/**
 * The language a mail is written in (ADR 0025): the account it is about (`userId`: an order's owner, a
 * signed-in RSVP, a subscriber with an account) speaks its Settings' language; someone without one (a guest's
 * RSVP, a newsletter subscriber) the language of the page they used, recorded by the sender (`pageLocale`);
 * failing both, the account of the address, if any; else English.
 */
export async function recipientLocale(db: Db, who: { userId?: string | null; email?: string | null; pageLocale?: Locale | null }): Promise<Locale> {
  const ofAccount = who.userId ? await accountLanguage(db, eq(users.id, who.userId)) : null;
  if (ofAccount) return ofAccount;
  if (who.pageLocale) return who.pageLocale;
  const ofAddress = who.email ? await accountLanguage(db, eq(users.email, who.email.trim().toLowerCase())) : null;
  return ofAddress ?? DEFAULT_LOCALE;
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The outbox, newest first: every mail the store wrote and where its delivery stands. */
export async function listOutbox(db: Db, limit = 100): Promise<OutboxMail[]> {
  return db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}

/** A mail kept in the outbox (no SMTP server was configured when it was due), as the owner reads it. */
export interface KeptMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

/**
 * The mail the store kept instead of sending (status `kept`: no SMTP_URL), newest first: what a newcomer on
 * the embedded default reads to verify an address or reset a password (the back office's kept-mail page,
 * super_admins only, and `npm run mail:kept`).
 */
export async function listKeptMail(db: Db, limit = 50): Promise<KeptMail[]> {
  return db
    .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt })
    .from(outbox)
    .where(eq(outbox.status, "kept"))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}
