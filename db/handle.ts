import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index.ts";

// What an open database is, whichever kind (db/pglite.ts, db/postgres.ts); db/client.ts opens one.

export type Schema = typeof schema;
/** The database handle every core function takes; a transaction handle is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs the committed migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` committed by anyone (this process, another app process,
   * a script), and once more whenever notifications may have been missed (a lost connection).
   */
  listen(channel: string, onNotify: () => void): Promise<Listener>;
  /** The embedded database's files as a tarball, which `OpenOptions.from` starts another one from (PGlite only). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** A channel this process listens on (Database.listen). */
export interface Listener {
  /** False while the connection that listens is down and notifications may be missed (PostgreSQL only). */
  readonly live: boolean;
  /**
   * Resolves once every notification committed before the call has reached onNotify. PGlite delivers a
   * commit's notifications before the commit returns, so at once; PostgreSQL sends a listening connection
   * its pending notifications before the answer to its next query, so one round trip on that connection.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** True when the database answers a trivial query. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
