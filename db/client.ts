import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";
import type { Database } from "./handle.ts";

// Opening the store's database: PostgreSQL (db/postgres.ts) or the embedded PGlite (db/pglite.ts), behind the
// same handle (db/handle.ts).

export { migrationsFolder, type Database, type Db, type Listener, type Schema } from "./handle.ts";
export { withSchemaLock } from "./schema-lock.ts";
export { sqlClientOf, type SqlClient } from "./sql-client.ts";

export interface OpenOptions {
  /** PostgreSQL connection string; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where the embedded database lives; absent with no databaseUrl means in memory (tests). */
  dataDir?: string | undefined;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PostgreSQL: send statements with parameters as named prepared statements (default true; see
   * nameStatements in db/postgres.ts). False for a pooler that cannot keep them.
   */
  preparedStatements?: boolean;
  /**
   * An embedded database's starting files: a `dump()` of another one (the tests start each file's database
   * from one migrated once per run, instead of creating and migrating a new one each time).
   */
  from?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.preparedStatements ?? true);
  return openPglite(options.dataDir, options.from);
}
