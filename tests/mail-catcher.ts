import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  raw: string;
  /** The plain-text part, decoded. */
  text: string;
}

/** Decodes quoted-printable (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

function textPart(raw: string): string {
  const match = /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: ([^\r\n]+)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  if (!match) return raw;
  const [, encoding, body] = match as unknown as [string, string, string];
  if (/quoted-printable/i.test(encoding)) return Buffer.from(decodeQuotedPrintable(body), "latin1").toString("utf8");
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** A local SMTP server on 127.0.0.1 that keeps every mail it receives, for the tests to read. */
export async function startMailCatcher(): Promise<{ url: string; mails: CaughtMail[]; waitFor(to: string, subject: RegExp): Promise<CaughtMail>; close(): Promise<void> }> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: textPart(raw) });
        callback();
      });
    },
  });
  // A sender that goes away mid-conversation (the store stopping) is not the test's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, subject) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to) && subject.test(m.raw));
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
