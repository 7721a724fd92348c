import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { admitWaiting, estimateMinutes, placeIn, readPlace, runningLines, type RunningLine, type SignedPlace } from "../core/queue/index.ts";
import type { Db } from "../db/client.ts";
import { storeCookieName } from "./cookie-names.ts";

/*
 * A drop's line as each app process pictures it (ADR 0034, addendum of 2026-12-01). On a drop's biggest
 * minute thousands wait at once: a full product page per visitor, or a database read per status check, spends
 * the stores' capacity on people who cannot buy yet. So each process keeps one picture of the running lines
 * (which drops, sold out or not, the numbers still waiting), read in one statement at most twice a second while
 * anyone asks, and moves each line (admits whoever is due) just before it reads. With it:
 * - a product page asked for by someone who should wait is answered by the light waiting page (the route
 *   /shop/:slug/line, in place of the product page at the same address), never a full render;
 * - the waiting page's status checks are answered from the signed place in the visitor's cookie and the
 *   picture: no session, no database.
 * Whatever the picture says, every add and every checkout checks the pass in the database (core/queue).
 */

/** How old a picture of the lines may be before a request that uses it has it read again. */
export const LINE_PICTURE_MS = 500;
/** A picture this many times older than that is read again before it is used. */
const STALE_PICTURE_FACTOR = 4;

export class LineBoard {
  private bySlug = new Map<string, RunningLine>();
  private readAt = -Infinity;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly maxAgeMs = LINE_PICTURE_MS,
  ) {}

  /**
   * The running line of a product address, from the picture: a picture older than its age is read again in
   * the background while this request uses the one there is (a busy line is asked about many times a second);
   * one much older (nobody asked for a while, or never) is read again first.
   */
  async lineOf(slug: string): Promise<RunningLine | undefined> {
    const age = performance.now() - this.readAt;
    if (age > STALE_PICTURE_FACTOR * this.maxAgeMs) await this.refresh();
    else if (age > this.maxAgeMs) void this.refresh();
    return this.bySlug.get(slug);
  }

  /**
   * Moves every line that has someone waiting, then reads the picture again; concurrent calls share one read.
   * A failed read keeps the last picture (and is tried again after the picture's age).
   */
  refresh(): Promise<void> {
    this.reading ??= (async () => {
      try {
        for (const line of this.bySlug.values()) {
          if (line.waiting.length > 0 && !line.soldOut) await admitWaiting(this.db, line.productId);
        }
        const lines = await runningLines(this.db);
        this.bySlug = new Map(lines.map((line) => [line.slug, line]));
      } catch (err) {
        this.log.error({ err }, "reading the drops' lines failed");
      } finally {
        this.readAt = performance.now();
        this.reading = null;
      }
    })();
    return this.reading;
  }
}

/** The places a request's cookie carries (the page's `eh_queue`, as app/lib/queue.server.ts writes it), verified. */
export function placesOf(cookieHeader: string | undefined, secure: boolean, secret: string): SignedPlace[] {
  if (!cookieHeader) return [];
  const name = storeCookieName("eh_queue", secure);
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      // React Router's cookie value: base64 of JSON, URI-encoded in the header.
      const list: unknown = JSON.parse(Buffer.from(decodeURIComponent(part.slice(eq + 1).trim()), "base64").toString("latin1"));
      if (!Array.isArray(list)) return [];
      return list
        .slice(0, 8)
        .map((token) => readPlace(typeof token === "string" ? token : null, secret))
        .filter((place): place is SignedPlace => place !== null);
    } catch {
      return [];
    }
  }
  return [];
}

/** A product address as the pages have it: /shop/:slug or /es/shop/:slug. */
const PRODUCT_PAGE = /^(\/es)?\/shop\/([a-z0-9-]{1,120})$/;

export interface LineDoorOptions {
  board: LineBoard;
  secret: string;
  secureCookies: boolean;
}

/**
 * For a GET of a product page: the light waiting page's address when this visitor should wait in its line
 * (the line runs, the drop is not sold out, and the visitor holds no place known to be let in), else null.
 * A guest at a drop for account holders gets the product page ("Sign in to buy"). Crawlers are shown the line
 * like anyone while it runs (the waiting page is not indexed; the product page is, the rest of the time).
 */
export function waitingPageFor(options: LineDoorOptions) {
  return async (req: Request): Promise<string | null> => {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const match = PRODUCT_PAGE.exec(req.path);
    if (!match) return null;
    const line = await options.board.lineOf(match[2]!);
    if (!line || line.soldOut) return null;
    const cookies = req.get("cookie");
    if (line.accountOnly && !cookies?.includes("session_token")) return null;
    const place = placesOf(cookies, options.secureCookies, options.secret).find((p) => p.productId === line.productId);
    if (place?.admitted) return null;
    // Numbered before the picture and no longer waiting: let in (or gone), the product page says which.
    if (place && placeIn(line.waiting, line.nextSeq, place.seq).state === "past") return null;
    const query = req.originalUrl.indexOf("?");
    return `${match[1] ?? ""}/shop/${match[2]}/line${query < 0 ? "" : req.originalUrl.slice(query)}`;
  };
}

/**
 * The waiting page's status checks (GET /shop/:slug/queue), answered from the picture when the visitor's
 * cookie holds a place still waiting in it, or the drop is sold out; anything else (let in, a place joined
 * since the picture, no cookie) goes on to the route, which asks the database.
 */
export function lineStatusFromPicture(options: LineDoorOptions) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const line = await options.board.lineOf(String(req.params.slug));
      if (!line) return next();
      res.setHeader("Cache-Control", "private, no-store");
      if (line.soldOut) return void res.json({ queue: null, open: false });
      const place = placesOf(req.get("cookie"), options.secureCookies, options.secret).find((p) => p.productId === line.productId);
      const where = place ? placeIn(line.waiting, line.nextSeq, place.seq) : null;
      if (!place || where?.state !== "waiting") {
        res.removeHeader("Cache-Control");
        return next();
      }
      res.json({
        queue: { state: "waiting", ticketId: place.ticketId, position: where.ahead + 1, ahead: where.ahead, estimateMinutes: estimateMinutes(where.ahead, line.ratePerMinute) },
        open: true,
      });
    } catch (error) {
      next(error);
    }
  };
}
