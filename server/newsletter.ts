import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { NEWSLETTER_MESSAGES, NewsletterError, ONE_CLICK_BODY, runCampaign, unsubscribeTokenSchema, unsubscribeWithToken } from "../core/newsletter/index.ts";
import type { Jobs } from "./jobs.ts";

/**
 * The newsletter send job's worker: every process runs it. A job that fails or whose process dies is
 * taken again and goes on where the last committed batch left off (runCampaign never mails anyone twice).
 */
export async function startNewsletterWorker(jobs: Jobs, deps: { db: Db; baseUrl: string; secret: string }, log: Logger): Promise<void> {
  await jobs.work("newsletter-campaign", async ({ campaignId }) => {
    const queued = await runCampaign({ ...deps, jobs: jobs.queue }, campaignId);
    log.info({ campaignId, queued }, "newsletter queued");
  });
}

/**
 * The one-click unsubscribe of RFC 8058, as mail providers send it: a POST of "List-Unsubscribe=One-Click"
 * to the List-Unsubscribe address, from their own servers (another origin, no session, no cookies). It is
 * answered here, before the same-origin guard and React Router's own check of action origins, which would
 * both rightly refuse a cross-site form post anywhere else; the signed token in the address is what
 * authorises it. Any other POST to the address (the page's own Unsubscribe button) goes on to the page.
 */
export function oneClickUnsubscribe(deps: { db: Db; secret: string }, log: Logger) {
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
        const token = unsubscribeTokenSchema.safeParse(typeof req.query.token === "string" ? req.query.token : "");
        if (!token.success) {
          res.status(400).type("text/plain").send(NEWSLETTER_MESSAGES.badUnsubscribeLink);
          return;
        }
        try {
          await unsubscribeWithToken(deps, token.data);
        } catch (error) {
          if (error instanceof NewsletterError) {
            res.status(error.status).type("text/plain").send(error.message);
            return;
          }
          throw error;
        }
        log.info({ oneClick: true }, "newsletter unsubscribe");
        res.status(200).type("text/plain").send(NEWSLETTER_MESSAGES.unsubscribed);
      })().catch(next);
    });
  };
}
