import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as a test reads it: recipients, subject, the text and HTML parts, headers and attachments. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-case name, as sent (e.g. list-unsubscribe). */
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; contentBase64: string; cid?: string }[];
}

/** Parses a raw message with mailparser (MIME, encodings, RFC 2047 words). */
export async function parseMail(raw: Buffer, to: string[]): Promise<CaughtMail> {
  const parsed = await simpleParser(raw);
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) headers[line.key] ??= line.line.slice(line.line.indexOf(":") + 1).trim();
  return {
    to,
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    headers,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? "",
      contentType: a.contentType,
      contentBase64: a.content.toString("base64"),
      ...(a.cid ? { cid: a.cid } : {}),
    })),
  };
}

/**
 * A local SMTP server on 127.0.0.1 that hands every message it receives to the test: kept in `mails`
 * and passed to `onMail`. Used by the integration tests and, through e2e/global-setup.ts, the browser journeys.
 */
export async function startMailCatcher(options: { port?: number; onMail?: (mail: CaughtMail) => void } = {}): Promise<{
  url: string;
  mails: CaughtMail[];
  waitFor(to: string, subject: RegExp): Promise<CaughtMail>;
  close(): Promise<void>;
}> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("error", callback);
      stream.on("end", () => {
        parseMail(Buffer.concat(chunks), session.envelope.rcptTo.map((r) => r.address.toLowerCase())).then(
          (mail) => {
            mails.push(mail);
            options.onMail?.(mail);
            callback();
          },
          (error: unknown) => callback(error as Error),
        );
      });
    },
  });
  // A sender that goes away mid-conversation (the store stopping) is not the test's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, subject) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with the given prefix. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(mail.text);
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return match[0];
}
