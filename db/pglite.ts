import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "./schema/index.ts";
import { lockDataDir } from "./lock.ts";
import { migrationsFolder, ping, type Database, type Db } from "./handle.ts";

/** An embedded database: in `dataDir` (locked to this process), or in memory; started from `from` when given. */
export async function openPglite(dataDir: string | undefined, from: Blob | undefined): Promise<Database> {
  let release = () => {};
  let dbDir: string | undefined;
  if (dataDir) {
    const root = path.resolve(dataDir);
    release = lockDataDir(root);
    dbDir = path.join(root, "pglite");
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dbDir, { extensions: { pg_trgm }, ...(from ? { loadDataDir: from } : {}) });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: () => ping(db),
    async listen(channel, onNotify) {
      const unlisten = await client.listen(channel, () => onNotify());
      return { live: true, sync: () => Promise.resolve(), close: () => unlisten() };
    },
    dump: () => client.dumpDataDir("none"),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
