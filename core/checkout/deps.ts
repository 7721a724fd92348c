/** What the checkout's commands are handed (commands.ts, charge.ts, settle.ts, resume.ts, sweep.ts, webhook.ts). */
import type { Db } from "../../db/client.ts";
import type { PaymentProvider } from "../payments/index.ts";
import type { JobQueue } from "../shared/jobs.ts";

export interface CheckoutDeps {
  db: Db;
  payments: PaymentProvider;
  /** Where mail (the confirmation, a refund notice) is queued, in the transaction that causes it. */
  jobs: JobQueue;
  /** Public base URL, for links in mail. */
  baseUrl: string;
  /** How long an unpaid checkout holds its stock. */
  holdTtlMs: number;
  /** The sweeper asks the provider about a charge left unfinished this long (its process likely died). */
  reconcileAfterMs?: number;
  now?: () => Date;
  /** Called for what went wrong outside the shopper's control (a provider outage, a failed cancel). */
  onError?: (error: unknown, what: string) => void;
}
