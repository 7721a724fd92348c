import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { newsletterField, NewsletterError, runCampaign, unsubscribeTokenSchema, unsubscribeWithToken } from "../core/newsletter/index.ts";
import { localeT } from "../texts/index.ts";
import type { Jobs } from "./jobs.ts";
import { oneClickPost } from "./one-click.ts";

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

/** The newsletter's one-click unsubscribe (RFC 8058; server/one-click.ts): the signed token names the subscriber. */
export function oneClickUnsubscribe(deps: { db: Db; secret: string }, log: Logger) {
  return oneClickPost(
    {
      token: unsubscribeTokenSchema,
      badLink: localeT("en")(newsletterField("newsletter.message.badUnsubscribeLink")),
      act: (token) => unsubscribeWithToken(deps, token),
      refusals: NewsletterError,
      done: localeT("en")(newsletterField("newsletter.message.unsubscribed")),
      logged: "newsletter unsubscribe",
    },
    log,
  );
}
