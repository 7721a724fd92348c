import { isRouteErrorResponse } from "react-router";

/** The title of a page that explains why a request was refused. */
export const REFUSAL_TITLE = "We couldn't use that request";

/**
 * The reason given with a refused request, for an error page to show: a 4xx carrying `{ error }`, thrown by
 * an action (app/lib/form.server.ts) or answered by the HTTP layer (server/request-guard.ts; a fetcher
 * receives that one as JSON text). Null for anything else, which keeps its own page.
 */
export function refusalMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500) return null;
  let body: unknown = error.data;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const message = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof message === "string" && message.length > 0 && message.length <= 300 ? message : null;
}
