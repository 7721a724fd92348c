import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import type { Role } from "../db/schema/auth.ts";
import { EventRecorder, ensureEventPartitions, pruneEvents, rollupDirtyDays, setEventRecording, type PageEvent, type Visit } from "../core/analytics/index.ts";
import { storeCookieName } from "../core/shared/cookies.ts";
import { createHash } from "node:crypto";
import { isBot, secureRandomBytes } from "./request-ids.ts";
import { splitLocale } from "../core/shared/paths.ts";
import { isAdminRole } from "../core/accounts/index.ts";

export type { PageEvent, Visit };

const SESSION_COOKIE = "eh_sid";
/** The page this visit was last shown (a short digest of its address), kept beside the session cookie. */
const LAST_PAGE_COOKIE = "eh_page";
/** An anonymous session ends after 30 minutes without a page. */
const SESSION_IDLE_SECONDS = 30 * 60;
/** Paths that are never page views: the back office, files, endpoints. */
const NOT_PAGES = /^\/(admin|analytics|dev|api|art|media|assets|healthz|favicon|robots\.txt|sitemap\.xml)(\/|\.|$)/;

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return null;
}

/** The page a document or data request is for: "/shop.data" is /shop, "/_root.data" is /. */
export function pagePath(path: string): string {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/** Query parameters React Router adds to the app's data requests: not part of the page's address. */
const ROUTER_PARAMS = new Set(["_routes", "index"]);

/**
 * What makes two requests the same page: the address without its language prefix (switching language
 * shows the same page) and without React Router's own parameters, the query kept (another search, another
 * page of results, is another page).
 */
export function pageIdentity(path: string, search: URLSearchParams): string {
  const query = [...search].filter(([k]) => !ROUTER_PARAMS.has(k)).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return `${splitLocale(pagePath(path)).path}${query.length > 0 ? `?${query.join("&")}` : ""}`;
}

const digest = (identity: string) => createHash("sha256").update(identity).digest("base64url").slice(0, 16);

/** The browser's prefetch of an address it may be sent to next (Chrome: Purpose, Firefox: Sec-Purpose). */
export function isPrefetch(req: Request): boolean {
  return /prefetch/i.test(`${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""} ${req.get("x-moz") ?? ""}`);
}

/** The page the request says it was asked from (Referer), when it is this site's, as a page identity. */
function refererIdentity(req: Request): string | null {
  const referer = req.get("referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.host !== req.get("host")) return null;
    return pageIdentity(url.pathname, url.searchParams);
  } catch {
    return null;
  }
}

export function visitMiddleware(options: {
  recorder: EventRecorder;
  /** False when ANALYTICS_RECORDING=off: every request is untracked, no cookie is set, no page view kept. */
  recording: boolean;
  secureCookies: boolean;
  /** The role behind a session cookie, when no loader read it (asked after the response is sent). */
  roleOf: (req: Request) => Promise<{ id: string; role: Role } | null>;
  log: Logger;
}) {
  const cookieName = storeCookieName(SESSION_COOKIE, options.secureCookies);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!options.recording) {
      // Each request its own: loaders write into it (the viewer, the page's events).
      res.locals.visit = { tracked: false, sessionId: null, source: "web", newView: false, pageEvents: [] } satisfies Visit;
      return next();
    }
    const isPageRequest = req.method === "GET" && !NOT_PAGES.test(req.path) && (req.path.endsWith(".data") || (req.get("accept") ?? "").includes("text/html"));
    if (isPageRequest && req.path.endsWith(".data") && isPrefetch(req)) {
      // The app's data for a page the visitor may open next (a link hovered): nothing is rendered or
      // counted, and nothing is kept, so the visit it may lead to asks for the page and is counted then.
      res.status(204).set("Cache-Control", "no-store").end();
      return;
    }
    const gpc = req.get("sec-gpc") === "1" || req.get("dnt") === "1";
    const tracked = !isBot(req.get("user-agent") ?? "");
    let sessionId: string | null = null;
    // A document prefetched (or prerendered) is not yet a visit.
    const isPage = isPageRequest && !isPrefetch(req);
    const identity = isPage ? pageIdentity(req.path, new URLSearchParams(req.url.slice(req.path.length).replace(/^\?/, ""))) : "";
    const shown = isPage ? digest(identity) : "";
    let lastShown: string | null = null;
    const lastPageCookie = storeCookieName(LAST_PAGE_COOKIE, options.secureCookies);
    if (tracked && !gpc) {
      const existing = readCookie(req.get("cookie"), cookieName);
      sessionId = existing && /^[A-Za-z0-9_-]{16,40}$/.test(existing) ? existing : null;
      if (isPage) {
        sessionId ??= secureRandomBytes(16).toString("base64url");
        // Sliding: each page keeps the session alive for another 30 minutes.
        res.append(
          "Set-Cookie",
          `${cookieName}=${sessionId}; Path=/; Max-Age=${SESSION_IDLE_SECONDS}; HttpOnly; SameSite=Lax${options.secureCookies ? "; Secure" : ""}`,
        );
        // A new session has shown nothing yet.
        if (existing === sessionId) lastShown = readCookie(req.get("cookie"), lastPageCookie);
        // The page becomes the visit's last one when it is shown (answered 200): a redirect, a page not
        // found, shows nothing, so the page it leads to (the same one in the visitor's language) still counts.
        const cookie = `${lastPageCookie}=${shown}; Path=/; Max-Age=${SESSION_IDLE_SECONDS}; HttpOnly; SameSite=Lax${options.secureCookies ? "; Secure" : ""}`;
        const writeHead = res.writeHead;
        res.writeHead = function (this: Response, ...args: unknown[]) {
          const status = typeof args[0] === "number" ? args[0] : res.statusCode;
          if (status === 200) res.append("Set-Cookie", cookie);
          return (writeHead as (...a: unknown[]) => Response).apply(this, args);
        } as typeof res.writeHead;
      }
    }
    // The same page again: by the visit's own record, or (a visit without a session: Global Privacy
    // Control) by the page it was asked from, which is the page itself when its own data is reloaded after
    // one of its forms, or when a form without JavaScript returns to it.
    const samePage = (lastShown !== null && lastShown === shown) || (isPage && refererIdentity(req) === identity);
    const newView = isPage && tracked && !samePage;
    const visit: Visit = { tracked, sessionId, source: "web", newView, pageEvents: [] };
    res.locals.visit = visit;
    if (newView) {
      // The page view, and what the page's loaders tracked (app/lib/analytics.server.ts), once it was shown.
      res.on("finish", () => {
        if (res.statusCode !== 200) return;
        void (async () => {
          const viewer = visit.viewer !== undefined ? visit.viewer : await options.roleOf(req);
          if (viewer && isAdminRole(viewer.role)) return;
          const occurredAt = new Date();
          const userId = viewer?.id ?? null;
          options.recorder.record({ type: "page_view", occurredAt, userId, sessionId, source: "web", path: pagePath(req.path).slice(0, 300) });
          for (const event of visit.pageEvents) options.recorder.record({ ...event, occurredAt, userId, sessionId, source: visit.source });
        })().catch((err: unknown) => options.log.warn({ err }, "page view not recorded"));
      });
    }
    next();
  };
}

/**
 * A guest was served a kept copy of a page: what its loaders recorded when it was rendered (a product
 * view, a search) is recorded for this visit, as a render would have. Copies are only ever served to
 * guests, so there is no account to name (or administrator to leave out).
 */
export function recordCopiedPageEvents(recorder: EventRecorder, visit: Visit | undefined, events: readonly PageEvent[]): void {
  if (!visit?.tracked || !visit.newView) return;
  for (const event of events) recorder.record({ ...event, occurredAt: new Date(), userId: null, sessionId: visit.sessionId, source: visit.source });
}

/**
 * Analytics in this process: the recorder (events buffered and written in batches), the rollup run every
 * `rollupMs` (days with new events are recounted; also while recording is off, for what is left), and upkeep every six hours and at start (month
 * partitions made ahead, raw events past retention dropped). Several processes may run them at once: a
 * day's recount is claimed by one, and a partition another made first is taken as made.
 */
export async function startAnalytics(db: Db, log: Logger, options: { rollupMs: number; retentionMonths: number; recording?: boolean }) {
  // Off: purchases and refunds (written by core in their order's transaction) are left out too.
  setEventRecording(options.recording ?? true);
  if (options.recording === false) log.info("analytics recording is off (ANALYTICS_RECORDING=off): no event is recorded");
  const recorder = new EventRecorder(db, { onError: (err) => log.error({ err }, "analytics events not written yet; kept for the next flush") });
  const upkeep = async () => {
    try {
      await ensureEventPartitions(db, new Date());
    } catch (err) {
      // Two processes making the same partition: the second one's failure is harmless.
      log.warn({ err }, "analytics partitions not made by this process");
    }
    try {
      const dropped = await pruneEvents(db, new Date(), options.retentionMonths);
      if (dropped.length > 0) log.info({ dropped }, "analytics events past retention dropped");
    } catch (err) {
      log.error({ err }, "analytics retention failed");
    }
  };
  const pass = () =>
    recorder
      .flush()
      .then(() => rollupDirtyDays(db))
      .catch((err: unknown) => log.error({ err }, "analytics rollup failed"));
  // Passes run one after another. A pass asked for while one runs comes after it (that one may have read
  // the marked days before the latest events): so Refresh always counts everything recorded before it.
  let running: Promise<unknown> = Promise.resolve();
  let queued: Promise<unknown> | null = null;
  const rollup = () => {
    queued ??= running.then(() => {
      queued = null;
      running = pass();
      return running;
    });
    return queued;
  };
  // At start too, but not before the store answers: an event of a month without its partition yet waits
  // in the default partition, and is moved out when the partition is made.
  const firstUpkeep = upkeep();
  // The timer adds a pass only when none is waiting.
  const rollupTimer = setInterval(() => void rollup(), options.rollupMs);
  rollupTimer.unref();
  const upkeepTimer = setInterval(() => void upkeep(), 6 * 3600_000);
  upkeepTimer.unref();
  return {
    recorder,
    /** Writes buffered events and recounts now (tests, and the page's Refresh). */
    rollup,
    async stop() {
      clearInterval(rollupTimer);
      clearInterval(upkeepTimer);
      await firstUpkeep;
      await (queued ?? running);
      await recorder.stop();
      await rollupDirtyDays(db).catch(() => undefined);
    },
  };
}

export type Analytics = Awaited<ReturnType<typeof startAnalytics>>;
