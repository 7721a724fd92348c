import type { Request, Response } from "express";
import Negotiator from "negotiator";

// How a kept copy's body is sent: in the encoding the client takes best (server/page-cache.ts).

export type Encoding = "br" | "gzip" | "identity";

/** The encoding a copy is sent in: brotli, else gzip, as the compression middleware would choose. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  // negotiator 1.x takes the preferred order as an option (its type declarations predate it).
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }) as unknown as {
    encodings(available: string[], options: { preferred: string[] }): string[];
  };
  const chosen = negotiator.encodings(["br", "gzip", "identity"], { preferred: ["br", "gzip"] })[0];
  return chosen === "br" || chosen === "gzip" ? chosen : "identity";
}

/**
 * Sends a kept body in the encoding the client takes best (a HEAD: its headers only), after the caller's own
 * status and headers: a kept page (react-router-handler.ts) and a kept API answer (server/api/router.ts).
 */
export function sendKeptBody(req: Request, res: Response, body: Record<Encoding, Buffer>): void {
  const encoding = chooseEncoding(req.get("accept-encoding"));
  const bytes = body[encoding];
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.length);
  if (req.method === "HEAD") res.end();
  else res.end(bytes);
}
