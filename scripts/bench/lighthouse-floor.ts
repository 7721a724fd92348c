import http from "node:http";

// lighthouse.ts's floor: a bare page (valid, next to nothing on it, from a bare Node server), measured plain and
// with the store's security headers.

export const FLOOR_LABEL = "bare page";
export const FLOOR_WITH_HEADERS_LABEL = "bare page, store's headers";
/** The floor's page: valid, accessible and described, with one heading and one sentence on it. */
export const FLOOR_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Bare page</title><meta name="description" content="A page with next to nothing on it, to measure the machine.">' +
  '<link rel="icon" href="data:,"></head><body><h1>Bare page</h1><p>Next to nothing on it.</p></body></html>';

/**
 * The response headers a store page is sent with that change how the browser loads it rather than what it
 * shows: the security headers. Cross-Origin-Opener-Policy above all: a page that sets it is opened in a
 * renderer process of its own, started for it (a fresh renderer's first work counts in the page's blocking
 * time), where a page without it may reuse the blank tab's.
 */
export const LOADING_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "permissions-policy",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
];

/** A bare Node server answering every request with FLOOR_HTML (robots.txt with an allow-all), with `headers` added. */
export async function startBarePage(headers: Record<string, string> = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const robots = req.url === "/robots.txt";
    res.writeHead(200, { ...headers, "Content-Type": robots ? "text/plain; charset=utf-8" : "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(robots ? "User-agent: *\nAllow: /\n" : FLOOR_HTML);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
