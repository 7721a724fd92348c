import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import { ONE_CLICK_BODY } from "../core/newsletter/index.ts";

/**
 * RFC 8058's one-click POST, as mail providers send it: "List-Unsubscribe=One-Click" posted to the
 * List-Unsubscribe address, from their own servers (another origin, no session, no cookies). It is answered
 * here, before the same-origin guard and React Router's own check of action origins, which would both
 * rightly refuse a cross-site form post anywhere else; the token in the address is what authorises it. Any
 * other POST to the address (the page's own button) goes on to the page, its body as read.
 *
 * `act` carries out the stop with the token (`token` validates it; `badLink` answers one that does not
 * parse); a refusal of the module's own (`refusals`) is answered with its status and message; `done` is the
 * plain-text answer, and `logged` the log line, of a stop carried out.
 */
export function oneClickPost<T>(
  options: {
    token: z.ZodType<T>;
    badLink: string;
    act: (token: T) => Promise<unknown>;
    refusals: abstract new (...args: never[]) => { status: number; message: string };
    done: string;
    logged: string;
  },
  log: Logger,
) {
  const readBody = express.raw({ type: () => true, limit: "16kb", inflate: false });
  return (req: Request, res: Response, next: NextFunction) => {
    readBody(req, res, (error?: unknown) => {
      if (error) return next(error);
      void (async () => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        let oneClick: boolean;
        try {
          const form = await new Response(new Uint8Array(body), { headers: { "Content-Type": req.get("content-type") ?? "" } }).formData();
          oneClick = form.get(ONE_CLICK_BODY.name) === ONE_CLICK_BODY.value;
        } catch {
          oneClick = false;
        }
        if (!oneClick) {
          req.body = body;
          return next();
        }
        res.setHeader("Cache-Control", "no-store");
        const token = options.token.safeParse(typeof req.query.token === "string" ? req.query.token : "");
        if (!token.success) {
          res.status(400).type("text/plain").send(options.badLink);
          return;
        }
        try {
          await options.act(token.data);
        } catch (error) {
          if (error instanceof options.refusals) {
            res.status(error.status).type("text/plain").send(error.message);
            return;
          }
          throw error;
        }
        log.info({ oneClick: true }, options.logged);
        res.status(200).type("text/plain").send(options.done);
      })().catch(next);
    });
  };
}
