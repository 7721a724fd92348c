import { isUtf8 } from "node:buffer";
import express, { type NextFunction, type Request, type Response } from "express";
import type { z } from "zod";
import { isDomainError } from "../../core/shared/errors.ts";
import { requestText } from "../../core/shared/request-checks.ts";
import { CONTROL_IN_TEXT } from "../request-guard.ts";
import { parseFields } from "./field-errors.ts";
import type { AnyOperation, ApiDeps, ApiViewer } from "./operation.ts";
import { API_MESSAGES, ApiProblem, problemFromDomain, validationProblem } from "./problem.ts";

/* Reading a request: its JSON body (checked before and after parsing), its query string, its fields through the operation's schemas, and the problem for what went wrong reading it. */

/** The most a request body may hold: the API takes small JSON documents only. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/** Whether any text in a JSON value holds a control character (tab and line breaks are text). */
function holdsControl(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return CONTROL_IN_TEXT.test(value);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  for (const [key, inner] of Object.entries(value)) if (CONTROL_IN_TEXT.test(key) || holdsControl(inner, depth + 1)) return true;
  return false;
}

/**
 * JSON is UTF-8 (RFC 8259): bytes that are not would be read as U+FFFD replacement characters and stored
 * so, so the body's bytes are checked before they are parsed.
 */
const readJson = express.json({
  limit: API_BODY_LIMIT_BYTES,
  inflate: false,
  strict: true,
  type: () => true,
  verify: (_req, _res, body) => {
    if (!isUtf8(body)) throw new ApiProblem(400, "bad_request", API_MESSAGES.invalidUtf8);
  },
});

/**
 * A request with a body must say it is JSON, be at most API_BODY_LIMIT_BYTES (counted as it streams), be
 * UTF-8 and parse; its texts may not hold control characters. A request without one has `req.body` undefined.
 */
export function jsonBody(req: Request, res: Response, next: NextFunction) {
  const hasBody = req.get("transfer-encoding") !== undefined || Number(req.get("content-length") ?? 0) > 0;
  if (!hasBody || req.method === "GET" || req.method === "HEAD") {
    req.body = undefined;
    return next();
  }
  const type = (req.get("content-type") ?? "").split(";")[0]!.trim();
  if (!JSON_TYPE.test(type)) return next(new ApiProblem(415, "unsupported_media_type", API_MESSAGES.notJson));
  readJson(req, res, (error?: unknown) => {
    if (error) return next(error);
    if (holdsControl(req.body)) return next(new ApiProblem(400, "bad_request", API_MESSAGES.controlCharacters));
    next();
  });
}

interface BodyError {
  type?: string;
  status?: number;
}

/** The problem for an error raised while reading a request, or for anything a handler threw. */
export function problemOf(error: unknown, deps: ApiDeps, req: Request): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (isDomainError(error)) return problemFromDomain(error);
  const e = (typeof error === "object" && error !== null ? error : {}) as BodyError;
  switch (e.type) {
    case "entity.too.large":
      return new ApiProblem(413, "payload_too_large", requestText("account.refusal.tooLarge", { limit: `${API_BODY_LIMIT_BYTES / 1024} KB` }));
    case "entity.parse.failed":
      return new ApiProblem(400, "malformed_json", API_MESSAGES.malformedJson);
    case "encoding.unsupported":
      return new ApiProblem(415, "unsupported_media_type", API_MESSAGES.compressed);
    case "charset.unsupported":
      return new ApiProblem(415, "unsupported_media_type", API_MESSAGES.notJson);
    case "request.aborted":
    case "request.size.invalid":
      return new ApiProblem(400, "bad_request", API_MESSAGES.truncated);
  }
  if (typeof e.status === "number" && e.status >= 400 && e.status < 500) return new ApiProblem(e.status, "bad_request", API_MESSAGES.validation);
  deps.log.error({ err: error, method: req.method, url: req.originalUrl }, "api request failed");
  return new ApiProblem(500, "internal", API_MESSAGES.unexpected);
}

/** The query string's fields, each once (the first value when repeated). */
export function queryFields(req: Request): Record<string, string> {
  const q = req.originalUrl.indexOf("?");
  const out: Record<string, string> = {};
  if (q < 0) return out;
  for (const [name, value] of new URLSearchParams(req.originalUrl.slice(q + 1))) if (!(name in out)) out[name] = value;
  return out;
}

export function parseWith(schema: z.ZodType | undefined, value: unknown, where: "body" | "query" | "path"): unknown {
  if (!schema) return undefined;
  const parsed = parseFields(schema, value);
  if (!parsed.success) throw validationProblem(parsed.error, where);
  return parsed.data;
}

/** The body through its schema; refused, with the operation's own checks of the same fields (every message at once). */
export async function parseBody(op: AnyOperation, sent: unknown, deps: ApiDeps, viewer: ApiViewer | null): Promise<unknown> {
  if (!op.body) return undefined;
  const value = sent ?? {};
  const parsed = parseFields(op.body, value);
  if (parsed.success) return parsed.data;
  const fields = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const more = op.moreFieldErrors && fields ? await op.moreFieldErrors({ body: fields, deps, viewer }) : [];
  throw validationProblem(parsed.error, "body", more);
}
