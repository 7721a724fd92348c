// App processes may start together on one PostgreSQL (README). First where it went wrong: the job queue
// started at the same moment by three processes' pools on a fresh database (pg-boss installing its tables
// and making its queues in each: the queues' creation deadlocked). Then the store itself: three app
// processes started at the same moment on a database migrated a moment before (no job queue, no queues
// yet) all come up, answer /healthz, and are still running once each has swept and rolled up.
//
// Several processes on one database need PostgreSQL (TEST_DATABASE_URL, which CI sets).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { openDatabase, withSchemaLock } from "../db/client.ts";
import { startJobs } from "../server/jobs.ts";
import { createScratchDatabase, usingPostgres } from "./database.ts";
import { ensureBuild, startServer, type RunningServer } from "./server.ts";

const PROCESSES = 3;

if (!usingPostgres()) {
  console.log("start-together.test.ts skipped: TEST_DATABASE_URL is not set. Several app processes on one database need PostgreSQL.");
}

describe.skipIf(!usingPostgres())("app processes started together on a fresh PostgreSQL database", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const started: RunningServer[] = [];

  beforeAll(async () => {
    ensureBuild();
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "store_start");
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
    await database.migrate();
    await database.close();
  }, 240_000);

  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop("SIGKILL").catch(() => undefined)));
    await scratch?.drop();
  });

  it(`the job queue, started by ${PROCESSES} processes at the same moment on a fresh database, starts in each`, async () => {
    // Each its own pool, as each process has; nothing of the queue exists yet, so all of them make it at once.
    const fresh = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "store_jobs");
    const databases = await Promise.all(Array.from({ length: PROCESSES }, () => openDatabase({ databaseUrl: fresh.url, poolSize: 3 })));
    try {
      await databases[0]!.migrate();
      const outcomes = await Promise.allSettled(databases.map((d) => startJobs(d.db, pino({ level: "silent" }))));
      const started = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      try {
        expect(outcomes.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []))).toEqual([]);
        // Each can queue a mail's delivery (a queue that was not made refuses it).
        await Promise.all(started.map((jobs, i) => jobs.queue.enqueue(databases[i]!.db, "mail", { outboxId: i + 1 })));
      } finally {
        await Promise.all(started.map((jobs) => jobs.stop()));
      }
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await fresh.drop();
    }
  }, 60_000);

  it("the schema lock refuses a pool of one connection rather than waiting forever for a second", async () => {
    const single = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
    try {
      await expect(withSchemaLock(single.db, async () => "done")).rejects.toThrow("the schema lock needs a connection pool of 2 or more");
    } finally {
      await single.close();
    }
  });

  it(`${PROCESSES} processes come up and keep running`, async () => {
    const env = { DATABASE_URL: scratch.url, AUTH_SECRET: "start-together-secret-start-together-secret-01", SWEEP_INTERVAL_SECONDS: "1", ANALYTICS_ROLLUP_SECONDS: "1" };
    const outcomes = await Promise.allSettled(
      Array.from({ length: PROCESSES }, async () => {
        const server = await startServer(env);
        started.push(server);
        return server;
      }),
    );
    const failures = outcomes.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));
    expect(failures).toEqual([]);

    // Keeping running is a matter of time: long enough for each to sweep and roll up twice (both every second).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    for (const server of started) {
      expect(server.child.exitCode, server.output()).toBeNull();
      expect((await fetch(`${server.url}/healthz`)).status, server.output()).toBe(200);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    }
  }, 120_000);
});
