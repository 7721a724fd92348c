import type { NextFunction, Request, Response } from "express";
import { checkAgainMs, estimateMinutes, placeIn, placeInRunningLine, readPlace, ticketIdsOf, tokensAfter, type RunningLine, type SignedPlace } from "../core/queue/index.ts";
import type { Db } from "../db/client.ts";
import type { LineDoorOptions } from "./line-board.ts";
import { queueSetCookie, queueTokensOf } from "../core/queue/index.ts";
import type { SessionAccountReader } from "./session-reader.ts";

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
