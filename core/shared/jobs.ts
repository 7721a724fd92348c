import type { Db } from "../../db/client.ts";

/** The queues of the job queue, with the data each job carries. */
export interface JobData {
  /** Deliver one row of the mail outbox. */
  mail: { outboxId: number };
  /** Queue a newsletter's mail to its confirmed subscribers, in batches (core/newsletter runCampaign). */
  "newsletter-campaign": { campaignId: number };
}
export type JobName = keyof JobData;

/**
 * The job queue as the core sees it: a job is written with the handle it is given, so a job enqueued
 * inside a transaction exists exactly when that transaction commits (no job for a change rolled back,
 * no change without its job). The server implements it with pg-boss on the store's own database.
 */
export interface JobQueue {
  enqueue<N extends JobName>(db: Db, name: N, data: JobData[N]): Promise<void>;
}
