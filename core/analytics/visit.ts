/** A request as analytics sees it, and the events its pages record: what the server hands the pages (app/context.ts) and fills in (server/analytics.ts). */
import type { Role } from "../../db/schema/auth.ts";
import type { EventInput } from "./inputs.ts";

/**
 * One request as analytics sees it. `tracked` is false for bots (isbot): nothing of theirs is recorded.
 * A browser sending Global Privacy Control or Do Not Track is counted without a session id (and gets no
 * cookie). `viewer` is filled in when a loader reads the session, so an admin's own browsing is left out.
 */
export interface Visit {
  tracked: boolean;
  sessionId: string | null;
  source: "web" | "mobile";
  viewer?: { id: string; role: Role } | null;
  /**
   * This request is a new view of a page (ADR 0043): a page asked for (its document, or the app's data for
   * it), not a prefetch, and not the page this visit was last shown (the same address again: a reload, the
   * page's own data after one of its forms was posted, the page a form without JavaScript returns to).
   * Page views, and what a page's loaders record about what it shows (a product view, a search, a
   * checkout started), count only then.
   */
  newView: boolean;
  /**
   * What this request's loaders tracked (app/lib/analytics.server.ts), recorded or not: a guest served a
   * kept copy of the page (server/page-cache.ts) gets the same events recorded for their own visit.
   */
  pageEvents: PageEvent[];
}

/** An event a page's loader records, without what each visit adds (time, user, session, source). */
export type PageEvent = Omit<EventInput, "occurredAt" | "userId" | "sessionId" | "source">;
