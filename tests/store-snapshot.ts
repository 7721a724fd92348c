import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { RunningServer, SeededStore } from "./server.ts";

/** Each table's row count and a digest of all its rows: two equal snapshots mean nothing was written. */
export type TableSnapshot = Record<string, { rows: number; digest: string }>;

/** Rows of a raw query: both drivers (node-postgres and PGlite) answer with `rows`. */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function snapshotTables(db: Db): Promise<TableSnapshot> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const snapshot: TableSnapshot = {};
  for (const { name } of tables) {
    // The mail worker moves outbox rows along on its own (pending -> sent or kept): a mail's content is
    // what a request writes, its delivery state is not.
    const table = name === "outbox" ? sql`(select id, "to", subject, text, html, created_at from outbox)` : sql.identifier(name);
    // Rows as text, sorted: updates show as well as inserts and deletes.
    const [result] = await rowsOf<{ rows: number; digest: string }>(
      db,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as digest from ${table} t`,
    );
    snapshot[name] = result!;
  }
  return snapshot;
}

/**
 * The seeded store with a way to read its database while a test runs (SeededStore.withDatabase): on
 * PostgreSQL the server keeps running; the embedded database belongs to one process at a time, so the
 * server is stopped, the database read, and the server started again on the same data (at a new address:
 * `server` changes).
 */
export class InspectedStore {
  constructor(private readonly store: SeededStore) {}

  get server(): RunningServer {
    return this.store.server;
  }

  /** True when a snapshot is a query away (PostgreSQL), not a restart of the server. */
  get snapshotsAreCheap(): boolean {
    return this.store.database !== undefined;
  }

  snapshot(): Promise<TableSnapshot> {
    return this.store.withDatabase((db) => snapshotTables(db));
  }

  async stop(): Promise<void> {
    await this.store.stop();
  }
}

/** The tables whose rows differ between two snapshots, for a readable failure. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => JSON.stringify(before[n]) !== JSON.stringify(after[n])).map((n) => `${n}: ${before[n]?.rows ?? "-"} -> ${after[n]?.rows ?? "-"} rows`);
}
