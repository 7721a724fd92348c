import PgBoss from "pg-boss";
import type { Logger } from "pino";
import { sqlClientOf, withSchemaLock, type Db } from "../db/client.ts";
import type { JobData, JobName, JobQueue } from "../core/shared/jobs.ts";

/**
 * Retries of a job that failed (an SMTP server down): 5 s, then doubling, for about a day. A job whose
 * worker died is taken again once it expires.
 */
const QUEUE_OPTIONS = { retryLimit: 14, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 } as const;
export const JOB_EXPIRY_MS = QUEUE_OPTIONS.expireInSeconds * 1000;
const QUEUES: readonly JobName[] = ["mail", "newsletter-campaign", "restock-alerts", "raffle-draw", "raffle-claims"];

/** pg-boss speaks SQL text with $n parameters: it runs on the store's own connection (or transaction). */
function executorOf(db: Db) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const client = sqlClientOf(db);
      // PGlite prepares every parameterised query, and a prepared statement holds one command: pg-boss's
      // schema set-up (several commands, no parameters) goes through exec.
      if ((!values || values.length === 0) && client.exec) {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      }
      return client.query(text, values);
    },
  };
}

export interface Jobs {
  queue: JobQueue;
  boss: PgBoss;
  /** Runs `handler` for each job of `name`; a throw fails the job, which pg-boss retries with backoff. */
  work<N extends JobName>(name: N, handler: (data: JobData[N], job: { id: string; retryCount: number; retryLimit: number }) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The job queue: pg-boss in the store's database (PostgreSQL, or the embedded PGlite in-process), so
 * jobs are rows written in the same transaction as the change that causes them, and every app process
 * on one PostgreSQL shares the work. Its tables live in their own schema, made and migrated by pg-boss.
 */
export interface JobsOptions {
  pollingIntervalSeconds?: number;
  /** Tests: a shorter first retry than the store's 5 s. */
  retryDelaySeconds?: number;
}

export async function startJobs(db: Db, log: Logger, options: JobsOptions = {}): Promise<Jobs> {
  const boss = new PgBoss({ db: executorOf(db), schedule: false, supervise: true } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  const queueOptions = { ...QUEUE_OPTIONS, ...(options.retryDelaySeconds ? { retryDelay: options.retryDelaySeconds } : {}) };
  // pg-boss installs its tables and makes the queues as it starts, unguarded against another process doing
  // the same (two processes making a queue deadlock: each waits on the other's queue row and table lock),
  // so one process at a time does it, under the lock the migrations take; the next finds everything made.
  await withSchemaLock(db, async () => {
    await boss.start();
    for (const name of QUEUES) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...queueOptions });
      else if (options.retryDelaySeconds) await boss.updateQueue(name, { name, ...queueOptions });
    }
  });
  const queue: JobQueue = {
    async enqueue(handle, name, data, options) {
      const sendOptions = { db: executorOf(handle), ...(options?.startAfter ? { startAfter: options.startAfter } : {}) };
      const id = await boss.send(name, data as object, sendOptions as PgBoss.SendOptions);
      // pg-boss answers null when the queue does not exist: never let a mail's job vanish silently.
      if (!id) throw new Error(`the job queue refused a job for "${name}"`);
    },
  };
  return {
    queue,
    boss,
    async work(name, handler) {
      await boss.work<JobData[typeof name]>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, includeMetadata: true },
        async ([job]) => {
          if (job) await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
        },
      );
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
