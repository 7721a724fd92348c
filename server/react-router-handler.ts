import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler as createReactRouterHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { pageCacheKey, refusalToKeep, type CachedPage, type PageCache, type RenderTicket, sendKeptBody } from "./page-cache.ts";

/**
 * React Router behind Express, as @react-router/express does it, except that a request's body is the one
 * the form guard (request-guard.ts) has already read, limited and checked: the stream is consumed by then,
 * and reading it once means the size limit cannot be bypassed by what React Router reads later.
 */
export function createRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  mode?: string;
  /** Guests' copies of public pages (server/page-cache.ts); absent: every page is rendered. */
  pageCache?: PageCache;
  /** Called for every copy served (analytics records the page's events for this visit). */
  onCopyServed?: (req: Request, res: Response, page: CachedPage) => void;
}) {
  const handleRequest = createReactRouterHandler(options.build, options.mode);
  const cache = options.pageCache;
  return async (req: Request, res: Response, next: NextFunction) => {
    let ticket: RenderTicket | null = null;
    try {
      // The public host and protocol, as the page is rendered with them (a trusted proxy's forwarded ones).
      const decision = cache ? pageCacheKey({ method: req.method, url: req.originalUrl, protocol: req.protocol, host: req.host, headers: req.headers }) : null;
      if (cache && decision && "key" in decision && (await cache.ready())) {
        const taken = await cache.take(decision.key, req.method === "GET");
        if (taken.copy) {
          sendCopy(req, res, taken.copy);
          options.onCopyServed?.(req, res, taken.copy);
          return;
        }
        res.setHeader("X-Page-Cache", "miss");
        ticket = taken.render;
      } else if (cache) cache.count("bypassed");

      const context = options.getLoadContext(req, res);
      const request = toFetchRequest(req, res);
      const response = await handleRequest(request, context);
      const keep = ticket;
      if (keep && refusalToKeep(response, context.page, context.visit?.viewer) === null) {
        await sendResponse(res, response, (html) =>
          keep.finish({ html, headers: [...response.headers.entries()], nonce: context.nonce, events: context.visit?.pageEvents ?? [] }),
        );
      } else {
        await sendResponse(res, response);
      }
    } catch (error) {
      next(error);
    } finally {
      // A render that kept nothing still ends, so no one waits for it.
      void ticket?.finish(null);
    }
  };
}

/** A kept page, in the encoding the client takes best, under this answer's own security headers. */
function sendCopy(req: Request, res: Response, page: CachedPage): void {
  res.status(200);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  // The page's inline scripts carry the nonce of its render: the policy names that one.
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") res.setHeader("Content-Security-Policy", policy.replace(/'nonce-[^']*'/, `'nonce-${page.nonce}'`));
  res.locals.nonce = page.nonce;
  res.setHeader("X-Page-Cache", "hit");
  sendKeptBody(req, res, page.body);
}

function toFetchRequest(req: Request, res: Response): globalThis.Request {
  // The public address: X-Forwarded-Host when a trusted proxy sent it (req.host applies "trust proxy"),
  // else Host; React Router compares it with the Origin of every action. A Host that is not a host falls
  // back to localhost, as in @react-router/express; the path is appended as sent (never resolved).
  let origin = `${req.protocol}://localhost`;
  try {
    origin = new URL(`${req.protocol}://${(req.host ?? "").split(/[\\/?#@]/)[0]}`).origin;
  } catch {
    // keep localhost
  }
  let url: URL;
  try {
    url = new URL(`${origin}${req.originalUrl}`);
  } catch {
    throw Object.assign(new Error("The address is not valid."), { status: 400, expose: true });
  }

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // The guard read the body; a request it did not read (no body at all) has none.
    const body: unknown = req.body;
    init.body = Buffer.isBuffer(body) ? new Uint8Array(body) : null;
    headers.delete("transfer-encoding");
    headers.delete("content-length");
  }
  return new Request(url.href, init);
}

/** Pages longer than this are not kept. */
const MAX_KEPT_BYTES = 2 * 1024 * 1024;

/**
 * Sends React Router's answer. With `keep`, the body is also collected as it is sent and handed to it
 * once complete (not when the client went away or the page was too long to keep).
 */
async function sendResponse(res: Response, response: globalThis.Response, keep?: (body: Buffer) => Promise<void>): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  let body: ReadableStream<Uint8Array> = response.body;
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = false;
  if (keep) {
    body = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size <= MAX_KEPT_BYTES) chunks.push(chunk);
          controller.enqueue(chunk);
        },
        flush() {
          complete = true;
        },
      }),
    );
  }
  try {
    await writeReadableStreamToWritable(body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
  if (keep && complete && size <= MAX_KEPT_BYTES) await keep(Buffer.concat(chunks));
}
