import { SMTPServer } from "smtp-server";

/** A message as a test reads it: recipients, subject, and the plain-text part decoded. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (/quoted-printable/i.test(encoding ?? "")) return decodeQuotedPrintable(body);
  if (/base64/i.test(encoding ?? "")) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Header lines unfolded, keyed by lower-case name (the first occurrence wins). */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
    }
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: "" };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

/** The first text/plain part of a message (walking multipart bodies), decoded. */
function plainText(headers: Map<string, string>, body: string): string | null {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      const inner = splitMessage(part.replace(/^\r?\n/, ""));
      const found = plainText(inner.headers, inner.body.replace(/\r?\n$/, ""));
      if (found !== null) return found;
    }
    return null;
  }
  if (/^text\/plain/i.test(type)) return decodeBody(body, headers.get("content-transfer-encoding"));
  return null;
}

export function parseMail(raw: string, to: string[]): CaughtMail {
  const { headers, body } = splitMessage(raw);
  return { to, subject: decodeWords(headers.get("subject") ?? ""), text: plainText(headers, body) ?? body };
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
        try {
          const mail = parseMail(Buffer.concat(chunks).toString("utf8"), session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
          mails.push(mail);
          options.onMail?.(mail);
          callback();
        } catch (error) {
          callback(error as Error);
        }
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
