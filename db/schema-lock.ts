import pg from "pg";
import type { Db } from "./handle.ts";
import { sqlClientOf } from "./sql-client.ts";

/**
 * Any constant: the advisory lock under which one process at a time changes the store's schema on
 * PostgreSQL (its migrations, the job queue's tables and queues), so processes may start together.
 */
const SCHEMA_LOCK_KEY = 7_303_116;

/** Runs `work` while `client` holds the schema lock (a session advisory lock: released with the connection too). */
export async function holdingSchemaLock<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query("select pg_advisory_lock($1)", [SCHEMA_LOCK_KEY]);
  try {
    return await work();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [SCHEMA_LOCK_KEY]).catch(() => {});
  }
}

/**
 * Runs `work` under the schema lock, for start-up work that changes the schema outside the migrations (the
 * job queue's install and queues: pg-boss's queue creation deadlocks with another process's, and its
 * install can fail on another's half-made schema). On PostgreSQL the lock is held by a connection of its
 * own while `work` runs on the pool's others; processes that start together then wait for each other here,
 * as they do for the migrations. The embedded database belongs to one process (its data directory is
 * locked), so there `work` just runs.
 */
export async function withSchemaLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const client = sqlClientOf(db);
  if (client instanceof pg.Pool) {
    // The lock's connection is not lent to `work`: with a pool of one, `work` would wait for it forever.
    if ((client.options.max ?? 10) < 2) throw new Error("the schema lock needs a connection pool of 2 or more");
    const held = await client.connect();
    try {
      return await holdingSchemaLock(held, work);
    } finally {
      held.release();
    }
  }
  if (client instanceof pg.Client) return holdingSchemaLock(client, work);
  return work();
}
