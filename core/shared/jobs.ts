import type { Db } from "../../db/client.ts";

/** The queues of the job queue, with the data each job carries. */
export interface JobData {
  /** Deliver one row of the mail outbox. */
  mail: { outboxId: number };
  /** Queue a newsletter's mail to its confirmed subscribers, in batches (core/newsletter runCampaign). */
  "newsletter-campaign": { campaignId: number };
  /**
   * One pass of a product's "Notify me" mail (core/alerts runRestockPass): enqueued with the stock change
   * that brought a variant back, by the pass itself for the next batch, or (with `onSaleAt`, to run at that
   * moment) when an admin schedules a drop; the pass re-checks that the product's on_sale_at is still it
   * (null: an admin opened an upcoming drop at once).
   */
  "restock-alerts": { productId: number; onSaleAt?: string | null };
  /**
   * A raffle's draw (core/raffles drawRaffle), enqueued to run when its entries close; `closesAt` is the close
   * it was made for, and the draw does nothing if an admin moved it since (or it was drawn already).
   */
  "raffle-draw": { raffleId: number; closesAt: string };
  /** A raffle's claim pass (core/raffles runClaimPass), enqueued for the end of its winners' claim windows. */
  "raffle-claims": { raffleId: number };
}
export type JobName = keyof JobData;

/**
 * The job queue as the core sees it: a job is written with the handle it is given, so a job enqueued
 * inside a transaction exists exactly when that transaction commits (no job for a change rolled back,
 * no change without its job). The server implements it with pg-boss on the store's own database.
 */
export interface JobQueue {
  enqueue<N extends JobName>(db: Db, name: N, data: JobData[N], options?: EnqueueOptions): Promise<void>;
}

export interface EnqueueOptions {
  /** Not before this moment (a drop's opening, the next batch of an alert). */
  startAfter?: Date;
}
