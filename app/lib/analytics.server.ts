import { isAdminRole } from "../../core/accounts/rules.ts";
import type { StoreContext } from "../../server/context.ts";
import type { PageEvent } from "../../server/analytics.ts";
import { getViewer } from "./session.server.ts";

/**
 * Records what a shopper did on this request: with their account when signed in and the anonymous
 * session when they allow it; nothing for bots or for administrators' own browsing. Only pushes to the
 * recorder's buffer: the page never waits for the database.
 */
export function track(request: Request, context: StoreContext, event: PageEvent): void {
  const visit = context.visit;
  // Kept with the page: a guest served a copy of it later gets the same event (server/page-cache.ts).
  visit?.pageEvents.push(event);
  if (!visit?.tracked) return;
  void getViewer(request, context)
    .then((viewer) => {
      if (viewer && isAdminRole(viewer.role)) return;
      context.analytics.recorder.record({ ...event, occurredAt: new Date(), userId: viewer?.id ?? null, sessionId: visit.sessionId, source: visit.source });
    })
    .catch((err: unknown) => context.log.warn({ err }, "analytics event not recorded"));
}

/** The visit paying, stored on the checkout so the purchase event names its session. */
export function visitOf(context: StoreContext): { sessionId: string | null; source: "web" | "mobile" } {
  return { sessionId: context.visit?.tracked ? context.visit.sessionId : null, source: context.visit?.source ?? "web" };
}
