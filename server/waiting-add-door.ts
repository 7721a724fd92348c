import type { NextFunction, Request, Response } from "express";
import { placeIn } from "../core/queue/index.ts";
import { placesOf, type LineDoorOptions } from "./line-board.ts";
import { joinRefusedHere } from "../core/accounts/index.ts";

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
