import { isAdminRole } from "../../core/accounts/rules.ts";
import type { StoreContext } from "../context.ts";
import type { PageEvent } from "../../core/analytics/index.ts";
import { getViewer } from "./session.server.ts";

/**
 * Records what a shopper did on this request: with their account when signed in and the anonymous
 * session when they allow it; nothing for bots or for administrators' own browsing. Only pushes to the
 * recorder's buffer: the page never waits for the database.
 *
 * What a page's loader tracks (a product view, a search, a checkout started) is what the page shows: it is
 * recorded with the page view, once the page is shown, and only when the request is a new view of the page
 * (server/analytics.ts, ADR 0043). One visit of a page is one view, whatever the page does afterwards: its
 * data asked again after one of its forms was posted, a form without JavaScript returning to it, a reload,
 * a page rendered after a form posted to it. What a form did (an add to cart) is recorded at once.
 */
export function track(request: Request, context: StoreContext, event: PageEvent): void {
  const visit = context.visit;
  // Kept with the page: a guest served a copy of it later gets the same event (server/page-cache.ts).
  visit?.pageEvents.push(event);
  if (!visit?.tracked) return;
  // A loader's event: the visit middleware records it with the page view, if this is one.
  if (request.method === "GET" || request.method === "HEAD") return;
  // A page rendered after its own form was posted (without JavaScript) is no new view of it.
  if (isViewEvent(event)) return;
  void getViewer(request, context)
    .then((viewer) => {
      if (viewer && isAdminRole(viewer.role)) return;
      context.analytics.recorder.record({ ...event, occurredAt: new Date(), userId: viewer?.id ?? null, sessionId: visit.sessionId, source: visit.source });
    })
    .catch((err: unknown) => context.log.warn({ err }, "analytics event not recorded"));
}

/** What a page shows rather than what a visitor did. */
function isViewEvent(event: PageEvent): boolean {
  return event.type === "product_view" || event.type === "search" || event.type === "checkout_started" || event.type === "page_view";
}

/** The visit paying, stored on the checkout so the purchase event names its session. */
export function visitOf(context: StoreContext): { sessionId: string | null; source: "web" | "mobile" } {
  return { sessionId: context.visit?.tracked ? context.visit.sessionId : null, source: context.visit?.source ?? "web" };
}
