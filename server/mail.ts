import os from "node:os";
import { createRequire } from "node:module";
import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { claimMail, failMail, finishMail, type OutboxRow } from "../core/mail/index.ts";
import { JOB_EXPIRY_MS, type Jobs } from "./jobs.ts";

const FROM = '"East Harlem" <store@east-harlem.local>';

/** How mail leaves: over SMTP when SMTP_URL is set; otherwise it stays in the outbox table. */
export interface MailTransport {
  kind: "smtp" | "none";
  deliver(mail: OutboxRow): Promise<void>;
}

export function createMailTransport(options: { smtpUrl: string | undefined; from?: string }): MailTransport {
  const from = options.from ?? FROM;
  if (!options.smtpUrl) {
    return {
      kind: "none",
      async deliver() {},
    };
  }
  // Loaded only where mail is sent: a store without SMTP_URL starts without it.
  const nodemailer = createRequire(import.meta.url)("nodemailer") as typeof import("nodemailer");
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: "smtp",
    async deliver(mail) {
      // The same Message-ID on every try of one outbox row: a mail sent again after a crash between the
      // SMTP server's answer and our record of it is recognisably the same mail.
      const messageId = `<outbox-${mail.id}-${mail.createdAt.getTime()}@${os.hostname() || "east-harlem"}>`;
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId,
        headers: mail.headers ?? undefined,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, "base64"), cid: a.cid })),
      });
    },
  };
}

/**
 * The one place mail is sent from: the job queue's worker for the outbox. Every process runs it; a mail
 * is claimed by one of them at a time. Without an SMTP server the mail stays in the outbox and the log
 * says it is waiting (recipient and subject only: bodies carry sign-in and reset links).
 */
export async function startMailWorker(jobs: Jobs, db: Db, transport: MailTransport, log: Logger): Promise<void> {
  await jobs.work("mail", async ({ outboxId }, job) => {
    const mail = await claimMail(db, outboxId, JOB_EXPIRY_MS);
    if (!mail) return; // sent already, or another worker has it
    if (transport.kind === "none") {
      await finishMail(db, mail.id, "kept");
      log.info({ outboxId: mail.id, to: mail.to, subject: mail.subject }, "mail waiting in the outbox: SMTP_URL is not set");
      return;
    }
    try {
      await transport.deliver(mail);
    } catch (error) {
      const final = job.retryCount >= job.retryLimit;
      await failMail(db, mail.id, (error as Error).message, final);
      log.warn({ err: error, outboxId: mail.id, to: mail.to, subject: mail.subject, final }, final ? "mail could not be sent: gave up" : "mail could not be sent: will retry");
      throw error;
    }
    await finishMail(db, mail.id, "sent");
    log.info({ outboxId: mail.id, to: mail.to, subject: mail.subject }, "mail sent");
  });
}
