import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** Where the e2e run keeps the mail the store sends: one JSON file per message, numbered in order. */
export const MAIL_DIR = path.resolve(".e2e-mail");

/** What e2e/mail.ts reads back. */
export interface StoredMail {
  to: string[];
  subject: string;
  /** The plain-text part, decoded. */
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

export function parseMail(raw: string, to: string[]): StoredMail {
  const { headers, body } = splitMessage(raw);
  return { to, subject: decodeWords(headers.get("subject") ?? ""), text: plainText(headers, body) ?? body };
}

/**
 * A local SMTP server for the store under test (playwright.config.ts points SMTP_URL at it): every
 * message it receives becomes a file in .e2e-mail/, read by e2e/mail.ts.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT ?? 2526);
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  let counter = 0;

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
          const mail = parseMail(
            Buffer.concat(chunks).toString("utf8"),
            session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          );
          counter += 1;
          const name = `${String(counter).padStart(5, "0")}.json`;
          // Written under another name first, so a reader never sees half a file.
          const tmp = path.join(MAIL_DIR, `.${name}.tmp`);
          fs.writeFileSync(tmp, JSON.stringify(mail, null, 2));
          fs.renameSync(tmp, path.join(MAIL_DIR, name));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  // A sender that goes away mid-conversation (the store stopping) is not the run's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });

  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
