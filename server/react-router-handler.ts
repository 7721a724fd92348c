import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler as createReactRouterHandler, type AppLoadContext, type ServerBuild } from "react-router";

/**
 * React Router behind Express, as @react-router/express does it, except that a request's body is the one
 * the form guard (request-guard.ts) has already read, limited and checked: the stream is consumed by then,
 * and reading it once means the size limit cannot be bypassed by what React Router reads later.
 */
export function createRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  mode?: string;
}) {
  const handleRequest = createReactRouterHandler(options.build, options.mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = toFetchRequest(req, res);
      const response = await handleRequest(request, options.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
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

async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
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
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
