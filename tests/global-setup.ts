import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { openDatabase } from "../db/client.ts";
import { startJobs } from "../server/jobs.ts";
import { PGLITE_TEMPLATE_ENV, usingPostgres } from "./database.ts";
import { ensureBuild, startServer, STORE_TEMPLATE_ENV, tempDir } from "./server.ts";

/**
 * Once per run, before any integration file: the production build the HTTP tests start is made or brought
 * up to date here, so files running side by side never build it at the same time (into the same folder).
 *
 * On the embedded database, it also makes what the files start from, so that each does not redo it: an
 * in-memory database migrated with the job queue's tables (createTestDatabase; creating and migrating one
 * costs about 5 s of CPU), and an embedded store's data folder after its first start (startSeededStore and
 * seededDataDir; migrating and seeding on a first start costs about 8 s). The workers, started after this,
 * inherit the variables naming them. On PostgreSQL a new database is made and migrated in under a second.
 */
export default async function setup(): Promise<() => void> {
  ensureBuild();
  if (usingPostgres()) return () => {};
  const dir = tempDir("test-templates-");
  const [database, store] = await Promise.all([migratedDatabase(dir), seededStore(dir)]);
  process.env[PGLITE_TEMPLATE_ENV] = database;
  process.env[STORE_TEMPLATE_ENV] = store;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function migratedDatabase(dir: string): Promise<string> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const jobs = await startJobs(database.db, pino({ level: "silent" }));
    await jobs.stop();
    const file = path.join(dir, "migrated.tar");
    fs.writeFileSync(file, new Uint8Array(await (await database.dump!()).arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

async function seededStore(dir: string): Promise<string> {
  const dataDir = path.join(dir, "store");
  const server = await startServer({ DATA_DIR: dataDir });
  const { code } = await server.stop();
  if (code !== 0) throw new Error(`the template store did not stop cleanly (code ${code}):\n${server.output()}`);
  return dataDir;
}
