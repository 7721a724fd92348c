import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { openDatabase } from "../db/client.ts";
import { DataDirLockedError } from "../db/lock.ts";
import { seedIfEmpty } from "../db/seed/index.ts";
import { seedEvents } from "../db/seed/events.ts";
import { seedCulture } from "../db/seed/culture.ts";
import { createLocalMediaStore } from "../core/media/index.ts";
import { createLocalAudioStore } from "../core/music/index.ts";
import { ensureSeedAudio, hasPlaylists, seedMusicIfEmpty } from "../db/seed/music.ts";
// Domain errors are worded in English in the logs (the doors word them in the request's language).
import "../texts/outcomes.ts";
import { loadEnv } from "./env.ts";
import { createAuth } from "../core/identity/index.ts";
import { checkoutDepsOf, createHttpApp, type HttpOptions } from "./http.ts";
import { startJobs } from "./jobs.ts";
import { createMailTransport, startMailWorker } from "./mail.ts";
import { signingSecret } from "./secret.ts";
import { createPaymentProvider } from "./payments.ts";
import { startSweeper } from "./sweeper.ts";
import { startAnalytics } from "./analytics.ts";
import { startNewsletterWorker } from "./newsletter.ts";
import { startAlertsWorker } from "./alerts.ts";
import { startRaffleWorkers } from "./raffles.ts";
import { startPageCache } from "./page-cache.ts";

const env = loadEnv();
const log = pino({ level: env.LOG_LEVEL, base: undefined });

/** The production build's server bundle: a second or so to load, so it is loaded while the database opens. */
async function loadServerBuild(): Promise<ServerBuild> {
  const serverEntry = path.resolve("build/server/index.js");
  if (!fs.existsSync(serverEntry)) {
    console.error("No production build found: run `npm run build` first (npm start does it for you).");
    process.exit(1);
  }
  return (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
}

/**
 * How much of a WebAssembly function's code runs before V8 compiles it again with its optimizing compiler
 * (V8's default is 1,800,000 bytes, "a rough approximation of bytes executed"). The embedded database is
 * PostgreSQL compiled to WebAssembly: at the default, the functions that opening it has just run go to the
 * optimizing compiler on background threads, which on two cores took the CPU from the start itself (the
 * first page came about 0.35 s later; ADR 0028). A hundred times the default leaves the
 * start on the baseline code and still optimizes what a running store keeps calling.
 */
const EMBEDDED_DATABASE_TIERING_BUDGET = 180_000_000;

async function main() {
  // Before the embedded database's module is compiled: V8 reads the budget when it instantiates a module.
  if (!env.DATABASE_URL) v8.setFlagsFromString(`--wasm-tiering-budget=${EMBEDDED_DATABASE_TIERING_BUDGET}`);
  const building = env.NODE_ENV === "development" ? null : loadServerBuild();
  // Awaited below; until then a failure must not count as unhandled.
  building?.catch(() => {});
  let database;
  // Progress a newcomer sees on a first start, which takes a while on a busy machine (docs/benchmarks.md).
  if (!env.DATABASE_URL) log.info({ dataDir: env.DATA_DIR }, `opening the embedded database in ${env.DATA_DIR}`);
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, preparedStatements: env.DATABASE_PREPARED_STATEMENTS === "on" });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  log.info("migrating the database");
  await database.migrate();
  // The embedded database is the newcomer's store: it gets the sample catalogue on first start.
  if (database.kind === "pglite") {
    const seeded = await seedIfEmpty(database.db, () => log.info("loading the sample catalogue (first start only)"));
    if (seeded) log.info({ products: seeded.products }, "seeded the sample catalogue");
    else await seedEvents(database.db); // the sample events move on to their next dates once over
    await seedCulture(database.db);
  }
  // The Music page's tracks: the generated sample files are copied in where missing, and the sample
  // playlists are written into an embedded database that has none. Once there are playlists the files
  // are only checked after the store answers (reading and hashing them takes a few hundred ms, and a
  // track's file is only asked for when it is played).
  const audio = createLocalAudioStore(path.join(path.resolve(env.DATA_DIR), "media", "audio"));
  const afterStart: { what: string; run: () => Promise<unknown> }[] = [];
  if (database.kind === "pglite" && !(await hasPlaylists(database.db))) {
    const music = await seedMusicIfEmpty(database.db, audio);
    if (music) log.info(music, "seeded the sample music");
  } else afterStart.push({ what: "the sample tracks' files", run: () => ensureSeedAudio(audio) });

  // The job queue lives in the same database; its worker sends the outbox's mail (the only sender).
  const jobs = await startJobs(database.db, log);
  const transport = createMailTransport({ smtpUrl: env.SMTP_URL });
  await startMailWorker(jobs, database.db, transport, log);
  if (transport.kind === "none" && env.NODE_ENV === "production") {
    log.warn("SMTP_URL is not set: mail is kept in the outbox table and not delivered");
  }
  const secret = await signingSecret(database.db, env.AUTH_SECRET);
  const auth = createAuth({ db: database.db, baseUrl: env.BASE_URL, secret, jobs: jobs.queue, log });
  await startNewsletterWorker(jobs, { db: database.db, baseUrl: env.BASE_URL, secret }, log);
  await startAlertsWorker(jobs, { db: database.db, baseUrl: env.BASE_URL }, log);
  await startRaffleWorkers(jobs, { db: database.db, baseUrl: env.BASE_URL }, log);
  const payments = await createPaymentProvider(env, database.db);
  const services = { env, database, log, payments, jobs: jobs.queue };
  const stopSweeper = startSweeper(checkoutDepsOf(services), env.SWEEP_INTERVAL_SECONDS * 1000, log);
  if (payments.name === "test") log.info("payments: test mode, no money moves");
  // Uploaded photographs live beside the embedded database, so a fresh clone needs nothing else.
  const media = createLocalMediaStore(path.join(path.resolve(env.DATA_DIR), "media"));
  const analytics = await startAnalytics(database.db, log, {
    rollupMs: env.ANALYTICS_ROLLUP_SECONDS * 1000,
    retentionMonths: env.ANALYTICS_RETENTION_MONTHS,
    recording: env.ANALYTICS_RECORDING === "on",
  });
  const options: HttpOptions = { ...services, auth, secret, mailDelivery: transport.kind, media, audio, analytics };
  // Pages are kept only from a production build (Vite's development server rebuilds them at will).
  const pageCache = env.NODE_ENV === "development" ? null : await startPageCache(database, env.PAGE_CACHE_SECONDS);
  if (pageCache) options.pageCache = pageCache.cache;
  if (env.NODE_ENV === "development") {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    options.vite = viteServer;
  } else {
    options.build = { server: await building!, clientDir: path.resolve("build/client") };
  }

  const app = createHttpApp(options);
  const server: Server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    // performance.now() counts from the start of the process.
    const readyMs = Math.round(performance.now());
    log.info({ port, database: database.kind, readyMs }, `store listening on http://localhost:${port} (ready in ${readyMs} ms)`);
    for (const task of afterStart) task.run().catch((err: unknown) => log.error({ err }, `${task.what}: not checked`));
    // The identity library is loaded now that the store answers (a guest's first page does not need it).
    auth.load().catch((err: unknown) => log.error({ err }, "the identity library could not be loaded: it is tried again when next needed"));
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    server.close();
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 1000).unref();
    try {
      await stopSweeper();
      await analytics.stop();
      await pageCache?.stop();
      await jobs.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  log.fatal({ err: error }, "the store failed to start");
  process.exit(1);
});
