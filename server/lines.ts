import type { NextFunction, Request, Response } from "express";
import pLimit, { type LimitFunction } from "p-limit";
import type { Logger } from "pino";
import {
  aheadInPicture,
  admitWaiting,
  checkAgainMs,
  estimateMinutes,
  joinQueue,
  placeIn,
  placeInRunningLine,
  QueueError,
  readPlace,
  tooManyJoins,
  runningLines,
  ticketIdsOf,
  tokensAfter,
  type QueueStatus,
  type RunningLine,
  type SignedPlace,
  queueSetCookie,
  queueTokensOf,
} from "../core/queue/index.ts";
import { joinRefusedHere, limitJoins } from "../core/accounts/index.ts";
import type { Db } from "../db/client.ts";
import type { SessionAccountReader } from "./session-reader.ts";
import type { RenderWaitingPage, WaitingPageView } from "../app/context.ts";

/*
 * A drop's line as each app process pictures it, and the doors that answer from the picture (ADR 0040). On a
 * drop's biggest minute thousands wait at once: a full product page per visitor, or a database read per status
 * check, spends the stores' capacity on people who cannot buy yet. So each process keeps one picture of the
 * running lines (which drops, sold out or not, the numbers still waiting), read in one statement at most twice
 * a second while anyone asks, and moves each line (admits whoever is due) just before it reads. With it:
 * - a product page asked for by someone who should wait is answered by the light waiting page, never a full
 *   render (waitingRoomDoor);
 * - the waiting page's status checks are answered from the signed place in the visitor's cookie and the
 *   picture: no session, no database (lineStatusFromPicture);
 * - an add posted as a page by someone still waiting is sent back to the line (waitingAddDoor).
 * Whatever the picture says, every add and every checkout checks the pass in the database (core/queue).
 * What the picture cannot answer (a join, a place read from the database) goes through the process's line lane:
 * a few at once, the rest in arrival order, so the crowd arriving in the opening seconds never holds every
 * database connection and the whole event loop while those let in are buying.
 */

/** How old a picture of the lines may be before a request that uses it has it read again. */
export const LINE_PICTURE_MS = 500;
/** A picture this many times older than that is read again before it is used. */
const STALE_PICTURE_FACTOR = 4;
/**
 * How many joins and place reads of the waiting room one process runs at once (of its ten database
 * connections); the rest wait their turn in arrival order, in memory. Buying (adds, checkouts, payments, the
 * product page of those let in) never waits in this lane.
 */
export const LINE_LANE_WIDTH = 4;

export class LineBoard {
  private bySlug = new Map<string, RunningLine>();
  private byProduct = new Map<number, RunningLine>();
  private byVariant = new Map<number, RunningLine>();
  private readAt = -Infinity;
  private reading: Promise<void> | null = null;
  /** The line lane: the waiting room's work this picture cannot answer, a few at once (LINE_LANE_WIDTH). */
  readonly lane: LimitFunction;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly maxAgeMs = LINE_PICTURE_MS,
    laneWidth = LINE_LANE_WIDTH,
  ) {
    this.lane = pLimit(laneWidth);
  }

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

  /** The running line of a product, or of a variant's product, from the picture as it is (no read). */
  runningLineOf(which: { productId: number } | { variantId: number }): RunningLine | undefined {
    return "productId" in which ? this.byProduct.get(which.productId) : this.byVariant.get(which.variantId);
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
        this.byProduct = new Map(lines.map((line) => [line.productId, line]));
        this.byVariant = new Map(lines.flatMap((line) => line.variantIds.map((id) => [id, line] as const)));
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

export type { RenderWaitingPage, WaitingPageView };

/** The verified places a request's cookie carries. */
export function placesOf(cookieHeader: string | undefined, secure: boolean, secret: string): SignedPlace[] {
  return queueTokensOf(cookieHeader, secure)
    .map((token) => readPlace(token, secret))
    .filter((place): place is SignedPlace => place !== null);
}

/** A product address as the pages have it: /shop/:slug or /es/shop/:slug. */
const PRODUCT_PAGE = /^(\/es)?\/shop\/([a-z0-9-]{1,120})$/;

export interface LineDoorOptions {
  board: LineBoard;
  secret: string;
  secureCookies: boolean;
}

export interface WaitingRoomDoorOptions extends LineDoorOptions {
  db: Db;
  sessionAccount: SessionAccountReader;
  stylesheets: readonly string[];
  /** The app's waiting page (app/lib/waiting-page.server.tsx, an export of the server build's entry). */
  renderer: () => Promise<RenderWaitingPage | undefined>;
}

/**
 * The waiting room's door, in front of a drop's product page while its line runs and the drop is not sold out
 * (ADR 0040). A visitor whose signed place the picture shows waiting is answered the light waiting page from the
 * picture alone: no session, no database. A visitor with no place known (a first visit, another device, a place
 * joined since the picture) takes or keeps one: the session read without the identity library, the join (a new
 * place counts against the join limits), then the waiting page, or, let in at once, the product page itself. A
 * place known to be let in goes on to the product page; so does a guest at a drop for account holders ("Sign in
 * to buy"), and every product without a running line. Crawlers are shown the line like anyone while it runs (the
 * waiting page is not indexed; the product page is, the rest of the time).
 */
export function waitingRoomDoor(options: WaitingRoomDoorOptions) {
  const { board, secret, secureCookies } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const match = PRODUCT_PAGE.exec(req.path);
      if (!match) return next();
      const line = await board.lineOf(match[2]!);
      if (!line || line.soldOut) return next();
      const cookies = req.get("cookie");
      if (line.accountOnly && !cookies?.includes("session_token")) return next();
      const render = await options.renderer();
      if (!render) return next();
      const tokens = queueTokensOf(cookies, secureCookies);
      const places = tokens.map((t) => readPlace(t, secret)).filter((p): p is SignedPlace => p !== null);
      const place = places.find((p) => p.productId === line.productId);
      if (place?.admitted) return next();
      const where = place ? placeIn(line.waiting, line.nextSeq, place.seq) : null;
      // Numbered before the picture and no longer waiting: let in (or gone), the product page says which.
      if (where?.state === "past") return next();
      const view = {
        locale: match[1] ? ("es" as const) : ("en" as const),
        slug: line.slug,
        search: req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "",
        productName: line.name,
        nonce: String(res.locals.nonce ?? ""),
        stylesheets: options.stylesheets,
      };
      const send = (status: number, html: string, setCookie: string | null) => {
        // A few kilobytes, sent as they are: a compressor set up per answer would cost more than the page.
        res.status(status).setHeader("Cache-Control", "private, no-store, no-transform");
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.setHeader("Content-Language", view.locale);
        if (setCookie) res.append("Set-Cookie", setCookie);
        res.end(req.method === "HEAD" ? undefined : html);
      };
      if (where?.state === "waiting") {
        const ahead = where.ahead;
        const waiting = { kind: "waiting" as const, position: ahead + 1, ahead, estimateMinutes: estimateMinutes(ahead, line.ratePerMinute), checkAgainMs: checkAgainMs(ahead, line.ratePerMinute) };
        return send(200, render({ ...view, place: waiting }), null);
      }
      const clientIp = req.ip ?? req.socket.remoteAddress ?? "unknown";
      // An address this process has seen past its join limit this minute: refused without the database.
      if (joinRefusedHere(clientIp)) return send(429, render({ ...view, place: { kind: "refused", message: tooManyJoins().message, signIn: false } }), null);
      let status: QueueStatus;
      try {
        const joined = await board.lane(async () => {
          const accountId = (await options.sessionAccount(cookies))?.id ?? null;
          return joinQueue(
            options.db,
            line.productId,
            { accountId, ticketIds: ticketIdsOf(tokens, secret) },
            // While others wait, the picture's reads move the line; an empty line lets in at once.
            {
              admit: line.waiting.length === 0,
              beforeJoin: () => limitJoins(options.db, clientIp, accountId),
              aheadOf: (seq) => aheadInPicture(line.waiting, line.nextSeq, seq),
            },
          );
        });
        status = joined.status;
      } catch (error) {
        if (!(error instanceof QueueError)) throw error;
        // Off sale or switched off since the picture was taken: the product page says what there is.
        if (error.code === "queue.not_queued") {
          await board.refresh();
          return next();
        }
        return send(error.status, render({ ...view, place: { kind: "refused", message: error.message, signIn: error.code === "queue.sign_in_required" } }), null);
      }
      const kept = tokensAfter(tokens, line.productId, status, secret);
      const setCookie = kept ? queueSetCookie(kept, secureCookies) : null;
      if (status.state === "admitted") {
        // Let in at once: the product page, in this same answer (its loader is told of the place).
        if (setCookie) res.append("Set-Cookie", setCookie);
        res.locals.placesTaken = [status.ticketId];
        return next();
      }
      if (status.state !== "waiting") return next();
      const waiting = { kind: "waiting" as const, position: status.position, ahead: status.ahead, estimateMinutes: status.estimateMinutes, checkAgainMs: status.checkAgainMs };
      return send(200, render({ ...view, place: waiting }), setCookie);
    } catch (error) {
      next(error);
    }
  };
}

/** A waiting place's answer to a status check, as the route writes it. */
function waitingAnswer(place: SignedPlace, ahead: number, line: RunningLine) {
  return {
    state: "waiting" as const,
    ticketId: place.ticketId,
    seq: place.seq,
    position: ahead + 1,
    ahead,
    estimateMinutes: estimateMinutes(ahead, line.ratePerMinute),
    checkAgainMs: checkAgainMs(ahead, line.ratePerMinute),
  };
}

/**
 * The waiting page's status checks (GET /shop/:slug/queue) while the drop's line runs: answered from the picture
 * when the visitor's cookie holds a place still waiting in it (no session, no database), or the drop is sold out
 * (`{ queue: null, open: false }`); otherwise (let in, a place joined since the picture, another device) the
 * visitor's place is read (two statements, the session read without the identity library) and kept in the
 * cookie as it stands. A product without a running line goes on to the route.
 */
export function lineStatusFromPicture(options: LineDoorOptions & { db: Db; sessionAccount: SessionAccountReader }) {
  const { board, secret, secureCookies } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const line = await board.lineOf(String(req.params.slug));
      if (!line) return next();
      res.setHeader("Cache-Control", "private, no-store");
      if (line.soldOut) return void res.json({ queue: null, open: false });
      const cookies = req.get("cookie");
      const tokens = queueTokensOf(cookies, secureCookies);
      const place = tokens.map((t) => readPlace(t, secret)).find((p) => p?.productId === line.productId) ?? null;
      const where = place ? placeIn(line.waiting, line.nextSeq, place.seq) : null;
      if (place && where?.state === "waiting") return void res.json({ queue: waitingAnswer(place, where.ahead, line), open: true });
      const status = await board.lane(async () => {
        const accountId = (await options.sessionAccount(cookies))?.id ?? null;
        return placeInRunningLine(options.db, line.productId, { accountId, ticketIds: ticketIdsOf(tokens, secret) });
      });
      const kept = status ? tokensAfter(tokens, line.productId, status, secret) : null;
      if (kept) res.append("Set-Cookie", queueSetCookie(kept, secureCookies));
      res.json({ queue: status, open: true });
    } catch (error) {
      next(error);
    }
  };
}

/** The cart's address as the pages post to it. */
const CART = /^(\/es)?\/cart$/;

/**
 * An add to the cart posted as a page (the product page's form without JavaScript, or a crafted one) for a
 * drop whose line runs, by a visitor whose signed place is waiting (in the picture, or joined since): sent to the product's address
 * (its waiting page) without the database, as the cart's action would have after asking it; so is one with no
 * place from an address past its join limit. Bots trying the cart before their turn cost the stores this much.
 * Anything else goes on to the cart's action.
 */
export function waitingAddDoor(options: LineDoorOptions) {
  const { board, secret, secureCookies } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const match = req.method === "POST" ? CART.exec(req.path) : null;
      if (!match || !Buffer.isBuffer(req.body) || !(req.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) return next();
      const fields = new URLSearchParams(req.body.toString("utf8"));
      if (fields.get("intent") !== "add") return next();
      const productId = Number(fields.get("productId") ?? NaN);
      const variantId = Number(fields.get("variantId") ?? NaN);
      // The variant when the form names one (as the action reads it), else the product (the form by options).
      const line = board.runningLineOf(Number.isInteger(variantId) && variantId > 0 ? { variantId } : { productId });
      if (!line || line.soldOut) return next();
      const place = placesOf(req.get("cookie"), secureCookies, secret).find((p) => p.productId === line.productId);
      // Waiting in the picture, or waiting when signed and joined since the picture was taken (let in since, the
      // visitor learns it at the next check: the picture is at most a moment old).
      const where = place ? (place.admitted ? "past" : placeIn(line.waiting, line.nextSeq, place.seq).state) : null;
      // No place here, from an address this process has seen past its join limit: no place can be taken now
      // (the product's address says so), and the cart's action would only find that out.
      const refused = where === null && joinRefusedHere(req.ip ?? req.socket.remoteAddress ?? "unknown");
      if (where === "past" || (where === null && !refused)) return next();
      res.setHeader("Cache-Control", "private, no-store");
      res.redirect(303, `${match[1] ?? ""}/shop/${line.slug}`);
    } catch (error) {
      next(error);
    }
  };
}
