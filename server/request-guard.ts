import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import { MAX_UPLOAD_BYTES } from "../core/media/index.ts";
import { MAX_TRACK_BYTES } from "../core/music/index.ts";
import { formTextIsUtf8, REFUSALS, requestText } from "../core/shared/request-checks.ts";
import { sayIn } from "../texts/index.ts";

/** A refused request's reason as this layer answers it: in English (scripts read it, the log keeps it; a page words it again by its text). */
const MESSAGES = Object.fromEntries(Object.entries(REFUSALS).map(([name, text]) => [name, sayIn("en", text)])) as { readonly [K in keyof typeof REFUSALS]: string };

/**
 * What the HTTP layer refuses before any route sees a request, so that hostile or broken input gets a clear
 * 4xx and nothing is written, whichever page it is sent to:
 *
 * - an address with malformed percent-encoding or control characters (400), a method the store has no use
 *   for (405);
 * - a state-changing request from another site (403): forms are only taken from the store's own pages;
 * - a body that is not a form (415), larger than FORM_LIMIT_BYTES (413, counted as it streams, never held
 *   in memory past the limit), that cannot be read as a form, holds text that is not UTF-8 or holds control
 *   characters (400). The one
 *   exception to the size: a POST to a page listed in UPLOAD_ROUTES (a product photo, a culture picture) may be up to
 *   UPLOAD_LIMIT_BYTES, still bounded and still counted as it streams.
 *
 * The Stripe webhook is exempt from the origin and form rules (it is signed, and takes JSON): it is routed
 * before them. What a form's fields mean is app/lib/form.server.ts's business.
 */

export const FORM_LIMIT_BYTES = 1024 * 1024;
/** A photo of at most 10 MB and the form around it (its fields and the multipart framing). */
export const UPLOAD_LIMIT_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;
/** The pages whose form carries a photo (with React Router's .data twin, which a form sent with JavaScript posts to). */
export const UPLOAD_ROUTES: readonly RegExp[] = [
  /^\/admin\/products\/[^/]+\/images(?:\.data)?$/,
  // The culture forms that take a picture: a story (new or edited), a collection's looks, an event, a playlist's cover.
  /^\/admin\/articles\/(?:new|\d+)(?:\.data)?$/,
  /^\/admin\/collections\/\d+(?:\.data)?$/,
  /^\/admin\/events\/\d+(?:\.data)?$/,
  /^\/admin\/music\/\d+(?:\.data)?$/,
];

/** A track of at most 30 MB and the form around it. */
export const TRACK_UPLOAD_LIMIT_BYTES = MAX_TRACK_BYTES + 256 * 1024;
/** The pages whose form carries an audio track (and their .data twins). */
export const TRACK_UPLOAD_ROUTES: readonly RegExp[] = [/^\/admin\/music\/[^/]+\/tracks(?:\.data)?$/];

/** The most a request's body may hold: the upload limits for a POST to a photo or track form, FORM_LIMIT_BYTES for everything else. */
export function bodyLimitFor(method: string, path: string): number {
  if (method !== "POST") return FORM_LIMIT_BYTES;
  if (TRACK_UPLOAD_ROUTES.some((route) => route.test(path))) return TRACK_UPLOAD_LIMIT_BYTES;
  return UPLOAD_ROUTES.some((route) => route.test(path)) ? UPLOAD_LIMIT_BYTES : FORM_LIMIT_BYTES;
}
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** Controls other than tab, line feed and carriage return (those are text in a multi-line field). */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
export const CONTROL_IN_TEXT = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;
/** Field names and paths have no business with any control character. */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const ANY_CONTROL = /[\x00-\x1f\x7f-\x9f]/;

export { formTextIsUtf8, MESSAGES };

/** "1 MB", "256 KB": a byte limit as a person reads it. */
function describeLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Answers a refused request: a short page for a browser navigating (a plain form post without
 * JavaScript), JSON for everything else (fetchers' .data requests, API clients, scripts).
 */
export function answerError(req: Request, res: Response, status: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  if (status === 405) res.setHeader("Allow", ALLOWED_METHODS.join(", "));
  const page = !req.path.endsWith(".data") && req.accepts(["json", "html"]) === "html";
  if (!page) {
    res.json({ error: message });
    return;
  }
  const title = status >= 500 ? "Something went wrong" : "We couldn't use that request";
  res.type("html").send(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${title} | East Harlem</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:5rem auto;padding:0 1rem;text-align:center">` +
      `<h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go Home</a></p></body></html>`,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`);
}

function decodes(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Why the address cannot be read, or null. A query value may hold tab and line breaks (text), nothing else. */
export function addressProblem(originalUrl: string): string | null {
  const q = originalUrl.indexOf("?");
  const path = decodes(q < 0 ? originalUrl : originalUrl.slice(0, q));
  if (path === null) return MESSAGES.badEncoding;
  if (ANY_CONTROL.test(path)) return MESSAGES.controlInAddress;
  if (q < 0) return null;
  for (const pair of originalUrl.slice(q + 1).split("&")) {
    const eq = pair.indexOf("=");
    const name = decodes((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, " "));
    const value = eq < 0 ? "" : decodes(pair.slice(eq + 1).replace(/\+/g, " "));
    if (name === null || value === null) return MESSAGES.badEncoding;
    if (ANY_CONTROL.test(name) || CONTROL_IN_TEXT.test(value)) return MESSAGES.controlInAddress;
  }
  return null;
}

/**
 * Whether a Host (or a trusted proxy's X-Forwarded-Host) names a host and nothing else: the identity
 * library and React Router build a URL from it, and "user@host" or "host/path" would not survive that.
 */
export function isHostName(value: string): boolean {
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.\-_~!$&'()*+,;=%]+)(:\d{1,5})?$/i.test(value)) return false;
  try {
    new URL(`http://${value}`);
    return true;
  } catch {
    return false;
  }
}

/** Every request: a readable address and a method the store answers. */
export function addressGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "OPTIONS") {
      res.setHeader("Allow", ALLOWED_METHODS.join(", "));
      res.status(204).end();
      return;
    }
    if (!ALLOWED_METHODS.includes(req.method)) return answerError(req, res, 405, MESSAGES.method);
    const host = req.get("host");
    if ((host !== undefined && !isHostName(host)) || (req.host !== undefined && !isHostName(req.host))) return answerError(req, res, 400, MESSAGES.badHost);
    const problem = addressProblem(req.originalUrl);
    if (problem) return answerError(req, res, 400, problem);
    next();
  };
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request comes from the store's own pages. Browsers say where a request comes
 * from with Sec-Fetch-Site and Origin; one that says another site is refused. A request with neither
 * (an older browser's plain form, a script holding nobody's cookies) is let through: every browser that
 * omits both still keeps the SameSite=Lax session cookie off another site's POST. The store's origin is BASE_URL's and the one the request was addressed to (tests and proxies reach the
 * store under another name than BASE_URL).
 */
export function isSameOriginRequest(req: Request, baseUrl: string): boolean {
  const site = req.get("sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = req.get("origin");
  if (origin === undefined) return true;
  const claimed = originOf(origin);
  if (claimed === null) return false; // "null" (sandboxed frames, cross-site redirects) or garbage
  const own = new Set([originOf(baseUrl), originOf(`${req.protocol}://${req.host}`)]);
  return own.has(claimed);
}

/** State-changing requests only from the store's own pages. */
export function sameOriginGuard(baseUrl: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method) || isSameOriginRequest(req, baseUrl)) return next();
    answerError(req, res, 403, MESSAGES.crossSite);
  };
}

/** Reads the body (at most the limit, counted as it streams; the rest is discarded, not kept). */
const readLimitedBody = express.raw({ type: () => true, limit: FORM_LIMIT_BYTES, inflate: false });
const readUploadBody = express.raw({ type: () => true, limit: UPLOAD_LIMIT_BYTES, inflate: false });
const readTrackBody = express.raw({ type: () => true, limit: TRACK_UPLOAD_LIMIT_BYTES, inflate: false });
const READERS = new Map([
  [FORM_LIMIT_BYTES, readLimitedBody],
  [UPLOAD_LIMIT_BYTES, readUploadBody],
  [TRACK_UPLOAD_LIMIT_BYTES, readTrackBody],
]);

/**
 * State-changing requests to pages carry a form: one of the two form types, at most 1 MB (a photo form's
 * POST: UPLOAD_LIMIT_BYTES), readable, and without control characters in any name or value. The body is
 * kept (req.body, a Buffer) for React Router.
 */
export function formBodyGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!FORM_TYPES.includes(type)) return answerError(req, res, 415, MESSAGES.notForm);
    const read = READERS.get(bodyLimitFor(req.method, req.path)) ?? readLimitedBody;
    read(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      req.body = body;
      checkForm(body, req.get("content-type")!).then(
        (problem) => (problem ? answerError(req, res, 400, problem) : next()),
        next,
      );
    });
  };
}

/** Why the body is not a usable form, or null. Parsed by the same parser the actions use (undici's). */
async function checkForm(body: Buffer, contentType: string): Promise<string | null> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return MESSAGES.unreadable;
  }
  if (!formTextIsUtf8(body, contentType)) return MESSAGES.invalidUtf8;
  for (const [name, value] of form.entries()) {
    if (ANY_CONTROL.test(name)) return MESSAGES.controlInForm;
    if (typeof value === "string" ? CONTROL_IN_TEXT.test(value) : ANY_CONTROL.test(value.name)) return MESSAGES.controlInForm;
  }
  return null;
}

interface BodyError {
  status?: number;
  type?: string;
  limit?: number;
  expose?: boolean;
  message?: string;
}

/** The status and message for an error raised while reading a request, when the client caused it. */
function clientErrorOf(error: unknown): { status: number; message: string } | null {
  if (typeof error !== "object" || error === null) return null;
  const e = error as BodyError;
  switch (e.type) {
    case "entity.too.large":
      return { status: 413, message: sayIn("en", requestText("account.refusal.tooLarge", { limit: describeLimit(e.limit ?? FORM_LIMIT_BYTES) })) };
    case "encoding.unsupported":
      return { status: 415, message: MESSAGES.compressed };
    case "request.aborted":
    case "request.size.invalid":
      return { status: 400, message: MESSAGES.truncated };
  }
  if (typeof e.status === "number" && e.status >= 400 && e.status < 500 && e.expose) return { status: e.status, message: e.message ?? MESSAGES.unreadable };
  return null;
}

/** The last handler: a client's mistake is a 4xx with its reason; anything else is logged and is a 500. */
export function errorAnswer(log: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const client = clientErrorOf(error);
    if (client) return answerError(req, res, client.status, client.message);
    log.error({ err: error, method: req.method, url: req.originalUrl }, "request failed");
    answerError(req, res, 500, MESSAGES.unexpected);
  };
}
