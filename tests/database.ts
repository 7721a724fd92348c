import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import pino from "pino";
import { openDatabase, type Database } from "../db/client.ts";
import type { JobQueue } from "../core/shared/jobs.ts";
import { startJobs } from "../server/jobs.ts";

export interface TestDatabase extends Database {
  /** The real job queue (pg-boss) on this database, with no worker: queued mail stays in the outbox. */
  jobs: JobQueue;
  /** Closes the connection and, on PostgreSQL, drops the database made for this test file. */
  destroy(): Promise<void>;
  /** The connection string of this database when it is on PostgreSQL. */
  url?: string;
}

/**
 * A file holding an embedded database migrated (and given the job queue's tables) once per test run by
 * tests/global-setup.ts: each in-memory database starts from its files, in about a third of the time a new
 * one takes to be created and migrated.
 */
export const PGLITE_TEMPLATE_ENV = "TEST_PGLITE_TEMPLATE";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI sets it), so files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    const database = await openDatabase(template ? { from: new Blob([fs.readFileSync(template)]) } : {});
    // Applies nothing on the template's files, unless a migration was added after it was made.
    await database.migrate();
    const jobs = await startJobs(database.db, pino({ level: "silent" }));
    return {
      ...database,
      jobs: jobs.queue,
      async destroy() {
        await jobs.stop();
        await database.close();
      },
    };
  }
  const scratch = await createScratchDatabase(serverUrl, "store_test");
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  await database.migrate();
  const jobs = await startJobs(database.db, pino({ level: "silent" }));
  return {
    ...database,
    jobs: jobs.queue,
    url: scratch.url,
    async destroy() {
      await jobs.stop();
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A new, empty database named `<prefix>_<random>` on the PostgreSQL server at `serverUrl`: its connection
 * string, and `drop` to remove it (forcibly: connections left open are closed).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
