import { isAdminRole } from "../../core/accounts/index.ts";
import type { ApiContext, Tracked } from "./operation.ts";

/** An app's own visit id (X-Analytics-Session), when it sends one: it groups the events of one use of the app. */
const SESSION_ID = /^[A-Za-z0-9_-]{16,40}$/;

/**
 * Records what a shopper did through the app, as the pages record it (app/lib/analytics.server.ts), with
 * source "mobile": with the account when a token is sent, never for administrators, nothing when
 * ANALYTICS_RECORDING=off. The app's visit id is kept unless it sends Global Privacy Control or Do Not Track.
 * The pages' bot test (isbot, by User-Agent) is not applied: it takes apps' HTTP stacks (okhttp, the default of
 * Android apps) for bots; crawlers are kept off /api by robots.txt instead. Only pushes to the recorder's buffer.
 */
export function track(ctx: ApiContext, event: Tracked): void {
  const { viewer, deps } = ctx;
  ctx.tracked?.push(event);
  if (!deps.analytics.recording) return;
  if (viewer && isAdminRole(viewer.role)) return;
  deps.analytics.recorder.record({ ...event, occurredAt: new Date(), userId: viewer?.id ?? null, ...visitOf(ctx) });
}

/** The app's visit, for what core records itself (the purchase, when an order is paid): its id, and source mobile. */
export function visitOf(ctx: ApiContext): { sessionId: string | null; source: "mobile" } {
  const { req } = ctx;
  const optedOut = req.get("sec-gpc") === "1" || req.get("dnt") === "1";
  const given = req.get("x-analytics-session");
  return { sessionId: !optedOut && given && SESSION_ID.test(given) ? given : null, source: "mobile" };
}
