import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { ALERT_MESSAGES, AlertError, runRestockPass, stopAlerts, stopTokenSchema } from "../core/alerts/index.ts";
import { ONE_CLICK_BODY } from "../core/newsletter/index.ts";
import type { Jobs } from "./jobs.ts";

/**
 * The "Notify me" passes' worker: every process runs it. A pass is one transaction with its product row
 * locked, and marks each sign-up it mails in that transaction, so a pass repeated after a crash goes on
 * from the last commit and never mails anyone twice.
 */
export async function startAlertsWorker(jobs: Jobs, deps: { db: Db; baseUrl: string }, log: Logger): Promise<void> {
  await jobs.work("restock-alerts", async ({ productId, onSaleAt }) => {
    const result = await runRestockPass({ ...deps, jobs: jobs.queue }, productId, onSaleAt === undefined ? {} : { onSaleAt });
    if (result.mailed + result.skipped > 0) log.info({ productId, ...result }, "restock alerts queued");
  });
}

/**
 * RFC 8058's one-click stop, as mail providers send it: a POST of "List-Unsubscribe=One-Click" to the
 * List-Unsubscribe address, from their own servers (no session, no same-origin). Answered here before the
 * same-origin guard, as the newsletter's is (server/newsletter.ts); the random token in the address is what
 * authorises it. Any other POST (the page's own Stop button) goes on to the page.
 */
export function oneClickStopAlerts(deps: { db: Db }, log: Logger) {
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
        const token = stopTokenSchema.safeParse(typeof req.query.token === "string" ? req.query.token : "");
        if (!token.success) {
          res.status(400).type("text/plain").send(ALERT_MESSAGES.badStopLink);
          return;
        }
        try {
          await stopAlerts(deps, token.data);
        } catch (error) {
          if (error instanceof AlertError) {
            res.status(error.status).type("text/plain").send(error.message);
            return;
          }
          throw error;
        }
        log.info({ oneClick: true }, "restock alerts stopped");
        res.status(200).type("text/plain").send("Restock alerts stopped.");
      })().catch(next);
    });
  };
}
