import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { alertsField, AlertError, runRestockPass, stopAlerts, stopTokenSchema } from "../core/alerts/index.ts";
import { sayIn } from "../texts/index.ts";
import type { Jobs } from "./jobs.ts";
import { oneClickPost } from "./one-click.ts";

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

/** The "Notify me" mail's one-click stop (RFC 8058; server/one-click.ts): the random token names the sign-up. */
export function oneClickStopAlerts(deps: { db: Db }, log: Logger) {
  return oneClickPost(
    {
      token: stopTokenSchema,
      badLink: sayIn("en", { id: alertsField("shop.domain.notify.badStopLink"), values: {} }),
      act: (token) => stopAlerts(deps, token),
      refusals: AlertError,
      done: "Restock alerts stopped.",
      logged: "restock alerts stopped",
    },
    log,
  );
}
