// Which rendered answers may be kept as a guest's copy (server/page-cache.ts).

/** What the render of a page told about it (filled in by app/entry.server.tsx through the load context). */
export interface PageRender {
  /** The page's route declares that a guest may get a copy (`handle.guestCache`). */
  guestCacheable: boolean;
  /** Rendering failed after the first bytes were sent (the answer still says 200). */
  failed: boolean;
}

/** The React Router answer headers a copy keeps: the rest are the server's own, set on every answer. */
const KEPT_HEADERS = new Set(["content-type", "cache-control", "content-language", "link", "vary", "x-robots-tag"]);

/**
 * Why a rendered answer may not be kept, or null when it may: only a complete 200 HTML page of a route
 * that allows it, rendered for a guest, with no cookie of its own and nothing that says not to store it.
 */
export function refusalToKeep(
  response: { status: number; headers: Headers },
  render: PageRender,
  viewer: unknown,
): string | null {
  if (response.status !== 200) return "status";
  if (!render.guestCacheable) return "route";
  if (render.failed) return "render failed";
  if (viewer) return "signed in";
  if (!response.headers.get("content-type")?.startsWith("text/html")) return "not html";
  if (response.headers.has("set-cookie")) return "sets a cookie";
  if (/no-store/i.test(response.headers.get("cache-control") ?? "")) return "no-store";
  for (const name of response.headers.keys()) if (!KEPT_HEADERS.has(name)) return `header ${name}`;
  return null;
}
