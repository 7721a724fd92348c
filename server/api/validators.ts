import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { sendKeptBody, type CachedPage } from "../page-cache.ts";

/* The catalogue reads' validators: an answer's tag, the 304 for a copy still current, and a kept answer sent with the tag it was kept with. */

/** A strong validator of an answer's bytes (which include its language). */
export function entityTag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** Whether If-None-Match names this tag (weak comparison, RFC 9110 13.1.2). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === tag);
}

/**
 * The headers of a catalogue read's answer (its tag, shared caches may keep it but must ask again, one per
 * language); true when the client's copy is still this one and the 304 went out.
 */
export function validatedCopy(req: Request, res: Response, tag: string): boolean {
  res.setHeader("ETag", tag);
  res.setHeader("Cache-Control", "public, no-cache");
  res.vary("Accept-Language");
  if (!matches(req.get("if-none-match"), tag)) return false;
  res.status(304).end();
  return true;
}

/** A kept catalogue answer (ADR 0026), in the encoding the client takes best, with the tag it was kept with. */
export function sendKept(req: Request, res: Response, copy: CachedPage): void {
  res.status(200).type("application/json");
  const tag = copy.headers.find(([name]) => name === "ETag")?.[1] ?? entityTag(copy.body.identity.toString("utf8"));
  if (validatedCopy(req, res, tag)) return;
  sendKeptBody(req, res, copy.body);
}
