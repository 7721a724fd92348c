import { isAdminRole } from "../../core/accounts/rules.ts";
import type { EventInput } from "../../core/analytics/index.ts";
import type { StoreContext } from "../../server/context.ts";
import { getViewer } from "./session.server.ts";

type Tracked = Omit<EventInput, "occurredAt" | "userId" | "sessionId" | "source">;

/**
 * Records what a shopper did on this request: with their account when signed in and the anonymous
 * session when they allow it; nothing for bots or for administrators' own browsing. Only pushes to the
 * recorder's buffer: the page never waits for the database.
 */
export function track(request: Request, context: StoreContext, event: Tracked): void {
  const visit = context.visit;
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
