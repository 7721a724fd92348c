import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * pending: written, waiting for the mail worker; sending: a worker claimed it and is talking to the SMTP
 * server; sent: the SMTP server took it; kept: no SMTP server is configured, so it stays here (read on
 * /dev/outbox in development); failed: the worker gave up after its retries.
 */
/** A file sent with a mail (a ticket's calendar entry, for example); its content in base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
  /** Set for an image the HTML part shows inline (`<img src="cid:...">`). */
  cid?: string;
}

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "kept", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Every mail the store sends, written in the same transaction as the change that causes it (an order,
 * a refund, a sign-up) and delivered after commit by the mail worker through the job queue.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Extra headers (List-Unsubscribe on newsletter mail). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Files sent with the mail (a ticket's calendar entry and QR code), content in base64. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    /** Deliveries tried so far (a retry after an SMTP failure or a crash counts again). */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When a worker last claimed it: a claim older than the job's expiry was lost with its process. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'kept', 'failed')`),
    index("outbox_created_idx").on(t.createdAt),
  ],
);
