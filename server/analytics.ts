import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import type { Role } from "../db/schema/auth.ts";
import { EventRecorder, ensureEventPartitions, pruneEvents, rollupDirtyDays, setEventRecording, type EventInput } from "../core/analytics/index.ts";
import { storeCookieName } from "./cookie-names.ts";
import { isBot, secureRandomBytes } from "./request-ids.ts";
import { isAdminRole } from "../core/accounts/index.ts";

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
   * What this request's loaders tracked (app/lib/analytics.server.ts), recorded or not: a guest served a
   * kept copy of the page (server/page-cache.ts) gets the same events recorded for their own visit.
   */
  pageEvents: PageEvent[];
}

/** An event a page's loader records, without what each visit adds (time, user, session, source). */
export type PageEvent = Omit<EventInput, "occurredAt" | "userId" | "sessionId" | "source">;

const SESSION_COOKIE = "eh_sid";
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
      res.locals.visit = { tracked: false, sessionId: null, source: "web", pageEvents: [] } satisfies Visit;
      return next();
    }
    const gpc = req.get("sec-gpc") === "1" || req.get("dnt") === "1";
    const tracked = !isBot(req.get("user-agent") ?? "");
    let sessionId: string | null = null;
    const isPage = req.method === "GET" && !NOT_PAGES.test(req.path) && (req.path.endsWith(".data") || (req.get("accept") ?? "").includes("text/html"));
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
      }
    }
    const visit: Visit = { tracked, sessionId, source: "web", pageEvents: [] };
    res.locals.visit = visit;
    if (isPage && tracked) {
      res.on("finish", () => {
        if (res.statusCode !== 200) return;
        void (async () => {
          const viewer = visit.viewer !== undefined ? visit.viewer : await options.roleOf(req);
          if (viewer && isAdminRole(viewer.role)) return;
          options.recorder.record({ type: "page_view", occurredAt: new Date(), userId: viewer?.id ?? null, sessionId, source: "web", path: pagePath(req.path).slice(0, 300) });
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
  if (!visit?.tracked) return;
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
