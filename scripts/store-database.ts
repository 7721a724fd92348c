/**
 * The database a maintenance script works on: DATABASE_URL, or the embedded one in DATA_DIR. The embedded one
 * belongs to one process at a time (db/lock.ts): while the store runs on it, the script says so in one line,
 * naming the store's process, and exits 1, instead of a stack trace.
 */
import path from "node:path";
import { openDatabase, type Database } from "../db/client.ts";
import { DataDirLockedError } from "../db/lock.ts";
import { loadEnv } from "../server/env.ts";

/** The one line a script prints when the store holds the embedded database it needs. */
export function storeRunningMessage(dir: string, pid: number, script: string): string {
  return `The store is running on the embedded database in ${dir} (pid ${pid}): stop it first (Ctrl+C where npm start runs), then run ${script} again.`;
}

export async function openStoreDatabase(script: string): Promise<Database> {
  const env = loadEnv();
  try {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await database.migrate();
    return database;
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const relative = path.relative(process.cwd(), error.dir);
    const shown = relative === "" ? "." : relative.startsWith("..") || path.isAbsolute(relative) ? error.dir : `./${relative}`;
    console.error(storeRunningMessage(shown, error.pid, script));
    process.exit(1);
  }
}
