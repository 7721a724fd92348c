import { messagesAt } from "../i18n/messages.server.ts";
import type { Route } from "./+types/i18n-messages";

/** The storefront's texts in one language, as the browser loads them before the page comes alive. */
export function loader({ params }: Route.LoaderArgs) {
  const found = messagesAt(params.file);
  if (!found) return Response.json({ error: "Not found" }, { status: 404 });
  // An old version's address gets today's texts, never cached: a page from before a release still works.
  const cacheControl = found.current ? "public, max-age=31536000, immutable" : "no-cache";
  return Response.json(found.messages, { headers: { "Cache-Control": cacheControl } });
}
