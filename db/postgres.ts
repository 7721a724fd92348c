import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";
import { migrationsFolder, ping, type Database, type Db } from "./handle.ts";
import { listenPostgres } from "./postgres-listen.ts";
import { holdingSchemaLock } from "./schema-lock.ts";

/** A PostgreSQL database: a pool of `poolSize` connections to `url` (db/client.ts openDatabase). */
export async function openPostgres(url: string, poolSize: number, preparedStatements: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection dropped by the server (a restart, a terminated backend) must not crash the process:
  // the pool replaces it on the next query.
  pool.on("error", (error) => console.error(`database connection lost: ${error.message}`));
  if (preparedStatements) pool.on("connect", (client) => nameStatements(client));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await holdingSchemaLock(client, () => migratePg(drizzlePg(client, { schema }), { migrationsFolder }));
      } finally {
        client.release();
      }
    },
    ping: () => ping(db),
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: () => pool.end(),
  };
}

/** The names given to statements with parameters, by their text (ADR 0029: planned once per connection). */
const statementNames = new Map<string, string>();
/** At most this many statements are named (each connection may keep a plan of each); later ones go unnamed. */
const NAMED_STATEMENTS_LIMIT = 300;

/** A statement's name, given on first sight while fewer than the limit are named; undefined past it. */
function statementNameOf(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS_LIMIT) statementNames.set(text, (name = `s${statementNames.size}`));
  return name;
}

const hasValues = (values: unknown) => Array.isArray(values) && values.length > 0;

/**
 * Sends every statement that has parameters as a named prepared statement, so PostgreSQL parses it once per
 * connection and, after a few runs, plans it once too, instead of on every call (the checkout's cart read
 * took 2.6 ms to plan and 0.5 ms to run). The name is the same text's everywhere, so each connection
 * prepares a statement the first time it sends it (node-postgres keeps which ones it has). A statement
 * without parameters (a migration's DDL, `begin`, `commit`) goes as before. Off with
 * DATABASE_PREPARED_STATEMENTS=off, for a pooler that cannot keep named statements.
 */
function nameStatements(client: pg.PoolClient): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    // query(text, values): the job queue's statements.
    if (typeof config === "string" && hasValues(rest[0])) {
      const name = statementNameOf(config);
      if (name !== undefined) return send({ text: config, name }, ...rest);
    }
    // query({ text, ... }, values): the query builder's (a submittable, such as a cursor, is left alone).
    if (config !== null && typeof config === "object" && "text" in config && typeof config.text === "string" && !("name" in config && config.name) && !("submit" in config)) {
      if (hasValues(Array.isArray(rest[0]) ? rest[0] : "values" in config ? config.values : undefined)) {
        const name = statementNameOf(config.text);
        if (name !== undefined) return send({ ...config, name }, ...rest);
      }
    }
    return send(config, ...rest);
  }) as typeof client.query;
}
