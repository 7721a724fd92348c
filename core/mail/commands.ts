/** The mail outbox: mail is written with the change that causes it, and delivered after commit by the worker. */
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { outbox, userProfiles, users } from "../../db/schema/index.ts";
import { DEFAULT_PREFERENCES } from "../accounts/index.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { MAIL_KINDS, withFooter, type EmailSwitch } from "./kinds.ts";
import type { Mail } from "./templates.ts";

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Whether the recipient's switch is on: the account the mail is about (`userId`, e.g. the order's owner,
 * whose checkout email may differ), else the account of the address; no account, or a switch saved before
 * it existed: the switch's default (or, for a mail the address asked for on a page, on).
 */
async function switchOf(db: Db, key: EmailSwitch, mail: Mail): Promise<{ on: boolean; account: boolean }> {
  const [row] = await db
    .select({ preferences: userProfiles.preferences })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(mail.userId ? eq(users.id, mail.userId) : eq(users.email, mail.to.trim().toLowerCase()))
    .limit(1);
  if (!row && mail.askedFor) return { on: true, account: false };
  return { on: row?.preferences?.notifications?.email?.[key] ?? DEFAULT_PREFERENCES.notifications.email[key], account: Boolean(row) };
}

/**
 * Writes the mail into the outbox and enqueues its delivery, both with `db`: called with the transaction
 * of the change the mail reports, the mail exists exactly when the change does. Every mail passes here,
 * so this is where MAIL_KINDS (kinds.ts) is applied: a mail whose switch the recipient turned off is not
 * written (null is returned), and every mail written carries its kind's footer line.
 */
export async function queueMail(db: Db, jobs: JobQueue, mail: Mail): Promise<number | null> {
  const rule = MAIL_KINDS[mail.kind];
  const gate = rule.gate === "switch" ? await switchOf(db, rule.switch, mail) : null;
  if (gate && !gate.on) return null;
  // An address without an account that asked for the mail has no Settings to point to: its own stop link says it.
  const sent = mail.askedFor && gate && !gate.account ? mail : withFooter(mail);
  const [row] = await db
    .insert(outbox)
    .values({ to: sent.to, subject: sent.subject, text: sent.text, html: sent.html, headers: sent.headers ?? null, attachments: sent.attachments ?? null })
    .returning({ id: outbox.id });
  await jobs.enqueue(db, "mail", { outboxId: row!.id });
  return row!.id;
}

/**
 * Takes one mail for delivery. A mail waiting, or whose last claim is older than `staleMs` (its worker
 * died while sending), is claimed in one conditional update, so two workers never both send it; a mail
 * already sent, kept or given up on is not. Returns null when there is nothing to send.
 */
export async function claimMail(db: Db, outboxId: number, staleMs: number, now = new Date()): Promise<OutboxRow | null> {
  const stale = new Date(now.getTime() - staleMs);
  const [row] = await db
    .update(outbox)
    .set({ status: "sending", claimedAt: now, attempts: sql`${outbox.attempts} + 1` })
    .where(
      and(
        eq(outbox.id, outboxId),
        or(inArray(outbox.status, ["pending"]), and(eq(outbox.status, "sending"), lt(outbox.claimedAt, stale))),
      ),
    )
    .returning();
  return row ?? null;
}

/** The SMTP server took it (or, with no SMTP server, it stays here: "kept"). */
export async function finishMail(db: Db, outboxId: number, status: "sent" | "kept", now = new Date()): Promise<void> {
  await db
    .update(outbox)
    .set({ status, sentAt: status === "sent" ? now : null, lastError: null })
    .where(eq(outbox.id, outboxId));
}

/** A delivery failed: the mail waits for the next try, or is given up on after the last one. */
export async function failMail(db: Db, outboxId: number, error: string, final: boolean): Promise<void> {
  await db
    .update(outbox)
    .set({ status: final ? "failed" : "pending", lastError: error.slice(0, 500) })
    .where(eq(outbox.id, outboxId));
}
