import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { seedCatalogue } from "../db/seed/index.ts";
import { seedMusicIfEmpty } from "../db/seed/music.ts";
import { seedCulture } from "../db/seed/culture.ts";
import { createLocalAudioStore } from "../core/music/index.ts";
import pino from "pino";
import { openDatabase, type Db } from "../db/client.ts";
import type { JobQueue } from "../core/shared/jobs.ts";
import { startJobs } from "../server/jobs.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";

export interface RunningServer {
  url: string;
  /** The variables it was started with, to start it again the same way. */
  env: Record<string, string>;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/** Builds the store once if the build is missing or stale (the same check `npm start` makes). */
export function ensureBuild(): void {
  const result = spawnSync("node", ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("the build failed");
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The data folder of an embedded store that has started once (migrated, given the sample catalogue, the
 * culture pages and the music) and stopped, made once per test run by tests/global-setup.ts.
 */
export const STORE_TEMPLATE_ENV = "TEST_STORE_TEMPLATE";

/**
 * A new data folder for an embedded store with the sample data: a copy of the run's seeded store when there
 * is one (its first start then takes a third of the CPU of one that migrates and seeds), else empty (the
 * store seeds it as it starts).
 */
export function seededDataDir(prefix: string): string {
  const dir = tempDir(prefix);
  const template = process.env[STORE_TEMPLATE_ENV];
  if (template) fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/** The test runner's environment without the store's own variables (the runner sets BASE_URL itself). */
export function inheritedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ["BASE_URL", "DATABASE_URL", "DATA_DIR", "PORT", "HOST", "TEST_DATABASE_URL"]) delete env[key];
  return env;
}

/** Ports handed to servers of this process that have not stopped yet. */
const portsInUse = new Set<number>();

/**
 * A port nothing uses now, below the system's ephemeral range (32768 and up): ports there are also the
 * local ends of outgoing connections (every fetch, every database connection), so a server started on one
 * could find it taken by a connection made a moment before. Each candidate is tried by listening on it.
 *
 * A probe only says the port is free now; the server listens on it seconds later. Two test files running
 * at once that drew the same port would both start a server on it: the second fails to listen, but its
 * wait for /healthz is answered by the first, and its tests then talk to another file's store (orders
 * "not found" in their own database). So each of Vitest's workers (VITEST_POOL_ID, 1 to maxWorkers) draws
 * from a range of its own, and servers of one process never share one.
 */
async function freePort(): Promise<number> {
  const slots = 8;
  const slot = (Math.max(1, Number(process.env.VITEST_POOL_ID) || 1) - 1) % slots;
  const width = Math.floor(22_000 / slots);
  for (let attempt = 0; ; attempt++) {
    const port = 10_000 + slot * width + Math.floor(Math.random() * width);
    if (portsInUse.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) {
      portsInUse.add(port);
      return port;
    }
    if (attempt > 50) throw new Error(`no free port found between ${10_000 + slot * width} and ${10_000 + (slot + 1) * width}`);
  }
}

/**
 * The server as `npm start` runs it: the bundle ensureBuild makes from the sources (loading the TypeScript
 * sources through tsx instead cost each start about 3.5 s more of CPU, and is not what ships).
 */
const SERVER_COMMAND = ["--enable-source-maps", "--heap-growing-percent=25", "build/node/main.js"];

/** Starts the production server as its own process on a free port and waits for /healthz. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn("node", SERVER_COMMAND, {
    env: { ...inheritedEnv(), NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), BASE_URL: url, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  // "close" comes after the process has exited and its output has been read to the end.
  const exited = new Promise<number | null>((resolve) =>
    child.once("close", (code) => {
      portsInUse.delete(port);
      resolve(code);
    }),
  );
  // A first start migrates and seeds a new embedded database: slow on a busy 2-core machine.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const code = await exited;
      throw new Error(`the server exited early (code ${code}, signal ${child.signalCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    env,
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      const started = Date.now();
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
  };
}

export interface SeededStore {
  server: RunningServer;
  /** The store's PostgreSQL database (TEST_DATABASE_URL set), for tests that read or change it directly. */
  database?: TestDatabase;
  /** The embedded database's folder otherwise (only one process may open it: stop the server first). */
  dataDir?: string;
  /**
   * Works on the store's database with a job queue of its own: directly on PostgreSQL, after `flush` (what
   * makes the server write what it holds back, such as its batched analytics); the embedded one only while
   * the server is stopped (it writes what it held as it stops), then started again on the same data at a
   * new address: `server` is replaced, so read its url again afterwards.
   */
  withDatabase<T>(work: (db: Db, jobs: JobQueue) => Promise<T>, options?: { flush?: () => Promise<unknown> }): Promise<T>;
  /** Stops the server and drops its database. */
  stop(): Promise<void>;
}

/**
 * The production build served by its own process on a fresh database with the sample catalogue: a new
 * PostgreSQL database when TEST_DATABASE_URL is set, else a new embedded one (seeded on first start).
 */
export async function startSeededStore(env: Record<string, string> = {}): Promise<SeededStore> {
  ensureBuild();
  if (usingPostgres()) {
    const database = await createTestDatabase();
    await seedCatalogue(database.db);
    await seedCulture(database.db);
    // Uploads go to a folder of the test's own, not the working copy's ./data.
    const files = tempDir("store-files-");
    // As `npm run db:seed` does: the stories and looks above, and the sample music too (its files into the folder the server serves).
    await seedMusicIfEmpty(database.db, createLocalAudioStore(path.join(files, "media", "audio")));
    const server = await startServer({ DATA_DIR: files, ...env, DATABASE_URL: database.url! });
    const store: SeededStore = {
      server,
      database,
      async withDatabase(work, options) {
        await options?.flush?.();
        return work(database.db, database.jobs);
      },
      async stop() {
        await this.server.stop();
        await database.destroy();
      },
    };
    return store;
  }
  const dataDir = seededDataDir("store-");
  const server = await startServer({ ...env, DATA_DIR: dataDir });
  const store: SeededStore = {
    server,
    dataDir,
    async withDatabase(work) {
      await this.server.stop();
      const database = await openDatabase({ dataDir });
      const jobs = await startJobs(database.db, pino({ level: "silent" }));
      try {
        return await work(database.db, jobs.queue);
      } finally {
        await jobs.stop();
        await database.close();
        this.server = await startServer(this.server.env);
      }
    },
    async stop() {
      await this.server.stop();
    },
  };
  return store;
}
