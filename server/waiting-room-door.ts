import type { NextFunction, Request, Response } from "express";
import {
  aheadInPicture,
  checkAgainMs,
  estimateMinutes,
  joinQueue,
  placeIn,
  QueueError,
  readPlace,
  tooManyJoins,
  ticketIdsOf,
  tokensAfter,
  type QueueStatus,
  type SignedPlace,
} from "../core/queue/index.ts";
import type { Db } from "../db/client.ts";
import type { LineDoorOptions } from "./line-board.ts";
import { queueSetCookie, queueTokensOf } from "../core/queue/index.ts";
import { joinRefusedHere, limitJoins } from "../core/accounts/index.ts";
import type { SessionAccountReader } from "./session-reader.ts";
import type { RenderWaitingPage, WaitingPageView } from "../app/context.ts";

export type { RenderWaitingPage, WaitingPageView };


/** A product address as the pages have it: /shop/:slug or /es/shop/:slug. */
const PRODUCT_PAGE = /^(\/es)?\/shop\/([a-z0-9-]{1,120})$/;

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
      if (joinRefusedHere(clientIp)) return send(429, render({ ...view, place: { kind: "refused", message: tooManyJoins(), signIn: false } }), null);
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
        return send(error.status, render({ ...view, place: { kind: "refused", message: error, signIn: error.code === "queue.sign_in_required" } }), null);
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
