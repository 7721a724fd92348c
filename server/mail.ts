import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema/index.ts";
import { orderConfirmationMail, type Mail, type ReceiptForMail } from "../core/mail/templates.ts";

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** "smtp" sends for real; "outbox" keeps mail in the database for the development outbox page. */
  kind: "smtp" | "outbox";
}

const FROM = '"East Harlem" <store@east-harlem.local>';

/** Mail over SMTP when SMTP_URL is set; otherwise into the outbox table, logged, for development. */
export function createMailer(options: { smtpUrl: string | undefined; db: Db; log: Logger; from?: string }): Mailer {
  const { smtpUrl, db, log } = options;
  const from = options.from ?? FROM;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        log.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
    };
  }
  return {
    kind: "outbox",
    async send(mail) {
      await db.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, "mail kept in the development outbox");
    },
  };
}

/**
 * The order confirmation, sent after the order's transaction committed and not awaited: a mail that
 * fails is logged, and the order stands. Called once per order, by whichever step created it (the
 * checkout form with the test processor, the payment webhook with Stripe).
 */
export function sendOrderConfirmation(mailer: Mailer, log: Logger, receipt: ReceiptForMail, baseUrl: string): void {
  void mailer
    .send(orderConfirmationMail(receipt, baseUrl))
    .catch((err: unknown) => log.error({ err, orderId: receipt.orderId }, "order confirmation mail could not be sent"));
}
