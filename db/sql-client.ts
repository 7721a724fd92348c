import type { Db } from "./handle.ts";

/** The driver under a handle: a PGlite instance or transaction, a pg Pool or a pooled client. */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: several statements in one text, without parameters. */
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * The driver connection behind a Drizzle handle, for libraries that speak SQL text with $n parameters
 * (the job queue). Given a transaction handle, it is that transaction's connection, so what the library
 * writes commits or rolls back with the transaction. Drizzle keeps it on `session.client` for both drivers.
 */
export function sqlClientOf(db: Db): SqlClient {
  const client = (db as unknown as { session?: { client?: SqlClient } }).session?.client;
  if (!client || typeof client.query !== "function") throw new Error("this database handle exposes no SQL client");
  return client;
}
