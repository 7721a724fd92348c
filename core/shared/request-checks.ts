/**
 * What both doors check of a request's text, and the refusals they answer with (the server's request guard,
 * server/request-guard.ts, and the pages' form parsing, app/lib/form.server.ts).
 */
import { isUtf8 } from "node:buffer";
import { textsOf } from "./text.ts";

/**
 * Why a request is refused: texts of the catalogue (texts/messages, account.json's refusals), worded by the
 * doors: the HTTP layer in English (it answers scripts and is logged), a page in its language.
 */
export const requestText = textsOf({
  "account.refusal.badEncoding": [],
  "account.refusal.controlInAddress": [],
  "account.refusal.badHost": [],
  "account.refusal.method": [],
  "account.refusal.crossSite": [],
  "account.refusal.notForm": [],
  "account.refusal.unreadable": [],
  "account.refusal.controlInForm": [],
  "account.refusal.invalidUtf8": [],
  "account.refusal.compressed": [],
  "account.refusal.truncated": [],
  "api.domain.unexpected": [],
  "account.refusal.tooLarge": ["limit"],
  // The form reader's own (app/lib/form.server.ts), naming the field.
  "account.refusal.fieldNotText": ["field"],
  "account.refusal.fieldTwice": ["field"],
  "account.refusal.fieldControl": ["field"],
  "account.refusal.fieldOneLine": ["field"],
  "account.refusal.badRedirect": [],
});

/** A refused request's reason, by text. */
export const REFUSALS = {
  badEncoding: requestText("account.refusal.badEncoding"),
  controlInAddress: requestText("account.refusal.controlInAddress"),
  badHost: requestText("account.refusal.badHost"),
  method: requestText("account.refusal.method"),
  crossSite: requestText("account.refusal.crossSite"),
  notForm: requestText("account.refusal.notForm"),
  unreadable: requestText("account.refusal.unreadable"),
  controlInForm: requestText("account.refusal.controlInForm"),
  invalidUtf8: requestText("account.refusal.invalidUtf8"),
  compressed: requestText("account.refusal.compressed"),
  truncated: requestText("account.refusal.truncated"),
  unexpected: requestText("api.domain.unexpected"),
} as const;

/**
 * Whether every text of a form (names and values; a file's bytes are its own) is UTF-8, as the store's pages
 * send it. The form parser reads broken bytes as U+FFFD replacement characters, so a value would be stored
 * other than it was sent: the bytes are checked instead. An urlencoded body is checked once percent-decoded
 * (its separators are ASCII, so the whole is UTF-8 exactly when every name and value is); a multipart body
 * part by part, unless it is UTF-8 as a whole (no file, or files of text).
 */
export function formTextIsUtf8(body: Uint8Array, contentType: string): boolean {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (type === "application/x-www-form-urlencoded") return isUtf8(percentDecoded(bytes));
  if (type !== "multipart/form-data" || isUtf8(bytes)) return true;
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return boundary ? multipartTextIsUtf8(bytes, boundary[1] ?? boundary[2]!) : true;
}

/** The bytes an urlencoded body stands for: "%XX" decoded, any other "%" kept, as the form parser reads it. */
function percentDecoded(body: Buffer): Buffer {
  if (!body.includes(0x25)) return body;
  const out = Buffer.alloc(body.length);
  let n = 0;
  for (let i = 0; i < body.length; i++) {
    const hex = body[i] === 0x25 && i + 2 < body.length ? body.subarray(i + 1, i + 3).toString("latin1") : "";
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      out[n++] = parseInt(hex, 16);
      i += 2;
    } else out[n++] = body[i]!;
  }
  return out.subarray(0, n);
}

/** Each part's headers, and its body unless it is a file (a filename in its Content-Disposition, as the parser decides). */
function multipartTextIsUtf8(body: Buffer, boundary: string): boolean {
  const next = Buffer.from(`\r\n--${boundary}`);
  let at = body.indexOf(`--${boundary}`);
  while (at !== -1) {
    const start = at + boundary.length + 2;
    const end = body.indexOf(next, start);
    if (end === -1) return true; // the closing delimiter
    const part = body.subarray(start, end);
    const split = part.indexOf("\r\n\r\n");
    if (split !== -1) {
      const headers = part.subarray(0, split);
      if (!isUtf8(headers)) return false;
      const file = /^content-disposition:[^\r\n]*;\s*filename\*?=/im.test(headers.toString("latin1"));
      if (!file && !isUtf8(part.subarray(split + 4))) return false;
    }
    at = end + 2;
  }
  return true;
}
