import { data } from "react-router";
import { formTextIsUtf8, REFUSALS, requestText } from "../../core/shared/request-checks.ts";
import type { TextRef } from "../../core/shared/text.ts";
import { sayIn } from "../../texts/index.ts";
import { toSafeRedirectPath } from "../../core/shared/safe-redirect.ts";
import { noStore } from "./private-page.ts";

/**
 * How every action reads its form. The HTTP layer (server/request-guard.ts) has already answered requests
 * whose body is not a readable form of at most 1 MB or holds control characters; this reads what the
 * fields mean to a form, so that ambiguous or hostile input is refused before any action writes:
 *
 * - text that is not UTF-8 (the parser would read it as replacement characters, and store those);
 * - a field sent twice (which one an action would read is an accident of its code);
 * - a file where the store's forms only have text;
 * - a line break outside the multi-line fields (no single-line input can produce one);
 * - a redirectTo that is not a path of this store (the one safe-redirect check).
 *
 * A refusal is thrown as a 400 with `{ error, text }`: its English (fetchers and scripts read it) and its text
 * of the catalogue, which the error page words in its language (app/lib/refusal.ts).
 */

export type FormFields = Record<string, string>;

export interface ReadFormOptions {
  /** Fields rendered as a <textarea>: they may hold line breaks. */
  multiline?: readonly string[];
}

/** A client error for the error page: a text of the catalogue (worded in the page's language), or a sentence shown as it is. */
export function badForm(said: TextRef | string): never {
  const body = typeof said === "string" ? { error: said } : { error: sayIn("en", said), text: said };
  throw data(body, { status: 400, statusText: "Bad Request", headers: noStore });
}

const LINE_BREAK = /[\r\n]/;
/** Controls other than tab, line feed and carriage return; refused by the HTTP layer too, checked again here. */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;

/** The request's form, parsed from its bytes once they are known to be UTF-8 text (files apart). */
async function formOf(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  let bytes: Uint8Array<ArrayBuffer>;
  let form: FormData;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
    form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return badForm(REFUSALS.unreadable);
  }
  if (!formTextIsUtf8(bytes, contentType)) badForm(REFUSALS.invalidUtf8);
  return form;
}

export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormFields> {
  const form = await formOf(request);
  const multiline = new Set(options.multiline ?? []);
  const fields: FormFields = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") badForm(requestText("account.refusal.fieldNotText", { field: printable(name) }));
    if (Object.hasOwn(fields, name)) badForm(requestText("account.refusal.fieldTwice", { field: printable(name) }));
    if (CONTROL.test(name) || CONTROL.test(value)) badForm(requestText("account.refusal.fieldControl", { field: printable(name) }));
    if (!multiline.has(name) && LINE_BREAK.test(value)) badForm(requestText("account.refusal.fieldOneLine", { field: printable(name) }));
    fields[name] = value;
  }
  if (Object.hasOwn(fields, "redirectTo") && toSafeRedirectPath(fields.redirectTo) === null) {
    badForm(requestText("account.refusal.badRedirect"));
  }
  return fields;
}

/** A field name as it may appear in a message: short, and without characters that could mislead. */
function printable(name: string): string {
  const clean = name.replace(/[^\x20-\x7e]/g, "?");
  return clean.length > 40 ? `${clean.slice(0, 40)}...` : clean;
}

export interface FormWithFile {
  fields: FormFields;
  /** The named file's text, or null when none was chosen. */
  file: { name: string; text: string } | null;
}

/**
 * The one reader that takes a file, for the few actions that ask for one (a stock list upload): exactly
 * one file field, named by the action, of at most `maxBytes` (the HTTP layer's 1 MB form limit still
 * bounds the whole body), read as UTF-8 text. A file in any other field is refused as readForm refuses
 * it; every text field gets readForm's checks.
 */
export async function readFormWithFile(request: Request, fileField: string, maxBytes: number, options: ReadFormOptions = {}): Promise<FormWithFile> {
  const { fields, file } = await readFormWithBlob(request, fileField, options);
  if (!file) return { fields, file: null };
  if (file.blob.size > maxBytes) badForm(`The file is larger than the limit of ${Math.round(maxBytes / 1024)} KB.`);
  return { fields, file: { name: file.name, text: new TextDecoder("utf-8", { fatal: false }).decode(await file.blob.arrayBuffer()) } };
}

export interface FormWithUpload {
  fields: FormFields;
  /** The named file's bytes, or null when none was chosen. Its size and content are the action's to check. */
  file: { name: string; bytes: Uint8Array } | null;
}

/**
 * readFormWithFile for a binary upload (a product photo): the file's bytes as sent, unread as text. The
 * HTTP layer bounds the whole body (UPLOAD_LIMIT_BYTES on the routes that take a photo); what the bytes are
 * is decided by the core from their content, never from the name or the browser's content type.
 */
export async function readFormWithUpload(request: Request, fileField: string, options: ReadFormOptions = {}): Promise<FormWithUpload> {
  const { fields, file } = await readFormWithBlob(request, fileField, options);
  return { fields, file: file ? { name: file.name, bytes: new Uint8Array(await file.blob.arrayBuffer()) } : null };
}

/** The one file field (at most once) apart from the text fields, which get readForm's checks. */
async function readFormWithBlob(request: Request, fileField: string, options: ReadFormOptions): Promise<{ fields: FormFields; file: { name: string; blob: Blob } | null }> {
  const form = await formOf(request);
  const text = new FormData();
  let file: { name: string; blob: Blob } | null = null;
  let seenFile = false;
  for (const [name, value] of form.entries()) {
    if (name === fileField && typeof value !== "string") {
      if (seenFile) badForm(requestText("account.refusal.fieldTwice", { field: printable(name) }));
      seenFile = true;
      // An empty file input (nothing chosen) arrives as a nameless, empty file.
      if (value.size > 0 || value.name !== "") file = { name: value.name, blob: value };
      continue;
    }
    text.append(name, value);
  }
  const fields = await readForm(new Request("http://form.local/", { method: "POST", body: text }), options);
  return { fields, file };
}
