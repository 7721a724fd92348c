/** The mail outbox: mail is written with the change that causes it, and delivered after commit by the worker. */
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { outbox } from "../../db/schema/index.ts";
import type { JobQueue } from "../shared/jobs.ts";
import type { Mail } from "./templates.ts";

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Writes the mail into the outbox and enqueues its delivery, both with `db`: called with the transaction
 * of the change the mail reports, the mail exists exactly when the change does.
 */
export async function queueMail(db: Db, jobs: JobQueue, mail: Mail): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
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
