import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { onCleanup } from "./cleanup.ts";

// The store as the measurement scripts run it: built, started in production mode on a fresh embedded database
// (or a PostgreSQL one), on a free port, with its own copy of the build, and always stopped.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Builds the store if the build is missing or stale (the same check `npm start` makes). */
export function ensureBuild(): void {
  const result = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status ?? result.signal})`);
}

/**
 * A free TCP port on 127.0.0.1 below the system's ephemeral range (32768 and up), where ports are also
 * the local ends of outgoing connections and could be taken by one a moment later; never 4173 (the
 * preview server's). Each candidate is tried by listening on it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * 22_000);
    if (port === 4173) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.unref();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
    if (attempt > 50) throw new Error("no free port found between 10000 and 32000");
  }
}

/** Sends a signal to a child and waits for it to exit; SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    console.error(`process ${child.pid} did not stop within ${graceMs} ms: killing it`);
    child.kill("SIGKILL");
  }, graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

export interface Store {
  url: string;
  /** The store's guardian process (see GUARDIAN). */
  pid: number;
  /** The store's own process (the guardian's child), where /proc tells it (Linux); else null. */
  serverPid(): number | null;
  /** Stops the server (SIGTERM, waits for exit) and removes its run directory. Idempotent. */
  stop(): Promise<void>;
}

/** The /assets/... files the server bundle refers to that are missing from `clientDir`. */
function missingAssets(buildDir: string): string[] {
  const serverEntry = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(serverEntry)) return ["server/index.js"];
  // "/assets/..." are the client's files; "./assets/..." are the server bundle's own chunks.
  const referenced = new Set(fs.readFileSync(serverEntry, "utf8").match(/(?<![.\w])\/assets\/[\w.-]+\.(?:js|css)\b/g) ?? []);
  if (referenced.size === 0) return ["(no /assets/ references in server/index.js)"];
  return [...referenced].filter((asset) => !fs.existsSync(path.join(buildDir, "client", asset)));
}

/**
 * Gives the run its own copy of the production build: `runRoot` links to every top-level entry
 * of the project except build/, which is copied. The store reads build/ relative to its working
 * directory, so another session rebuilding the project mid-run cannot swap the client bundles
 * under a running store (its pages would point at assets that no longer exist). The copy is
 * checked for consistency (every asset the server bundle names is there) and retried while a
 * build is in progress.
 */
function snapshotProject(runRoot: string): void {
  for (let attempt = 1; ; attempt++) {
    ensureBuild();
    fs.rmSync(runRoot, { recursive: true, force: true });
    fs.mkdirSync(runRoot, { recursive: true });
    for (const name of fs.readdirSync(ROOT)) {
      if (name !== "build") fs.symlinkSync(path.join(ROOT, name), path.join(runRoot, name));
    }
    fs.cpSync(path.join(ROOT, "build"), path.join(runRoot, "build"), { recursive: true });
    const missing = missingAssets(path.join(runRoot, "build"));
    if (missing.length === 0) return;
    if (attempt >= 5) throw new Error(`the build in ${ROOT}/build stays inconsistent (missing ${missing.slice(0, 3).join(", ")})`);
    console.log(`the build is being rewritten (missing ${missing[0]}): trying again in 5 s`);
    spawnSync("sleep", ["5"]);
  }
}

// The store runs as `npm start` runs it (the server bundle, build/node/main.js, with the same node flags:
// --heap-growing-percent, see ADR 0029), under a tiny guardian
// process that removes the run directory once the store has exited, forwards SIGTERM/SIGINT to it, and
// stops it when this script's end of the stdin pipe closes (this script died, even by SIGKILL): no store
// or data directory outlives a run.
const GUARDIAN = `
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const flags = JSON.parse(process.env.STORE_NODE_FLAGS || "[]");
const store = spawn(process.execPath, ["--enable-source-maps", "--heap-growing-percent=25", ...flags, "build/node/main.js"], { stdio: ["ignore", "inherit", "inherit"] });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  store.kill("SIGTERM");
  setTimeout(() => store.kill("SIGKILL"), 10000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.stdin.on("end", stop);
process.stdin.on("error", stop);
process.stdin.resume();
store.on("exit", (code, signal) => {
  try { fs.rmSync(process.env.RUN_DIR, { recursive: true, force: true }); } catch {}
  process.exit(code ?? (signal ? 1 : 0));
});
`;

export interface StoreOptions {
  timeoutMs?: number;
  /**
   * Extra variables for the store (AUTH_SECRET, PAYMENT_PROVIDER, ...). With DATABASE_URL the store
   * runs on that PostgreSQL database (migrated by the store, not seeded); without it, on a fresh
   * embedded one. The caller's own DATABASE_URL is never passed on by itself.
   */
  env?: Record<string, string>;
  /** Extra flags for the store's node (e.g. --cpu-prof), which NODE_OPTIONS may not carry. */
  nodeFlags?: string[];
}

/**
 * Builds the store if needed, then starts it in production mode as one process on 127.0.0.1, on
 * a fresh temporary DATA_DIR (an embedded database seeded with the sample catalogue) or the
 * PostgreSQL database given in options.env, with its own copy of the build, and waits until GET
 * /healthz answers 200. The server and its temporary directory are removed by stop(), or by the
 * cleanups if the script ends in any other way.
 */
export async function startStore(options: StoreOptions = {}): Promise<Store> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-"));
  const removeRunDir = onCleanup(() => fs.rmSync(runDir, { recursive: true, force: true }));
  const runRoot = path.join(runDir, "root");
  const dataDir = path.join(runDir, "data");
  try {
    snapshotProject(runRoot);
  } catch (error) {
    await removeRunDir();
    throw error;
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.TEST_DATABASE_URL;
  const child = spawn(process.execPath, ["-e", GUARDIAN], {
    cwd: runRoot,
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: url,
      LOG_LEVEL: "warn",
      RUN_DIR: runDir,
      STORE_NODE_FLAGS: JSON.stringify(options.nodeFlags ?? []),
      ...options.env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  child.stdin!.on("error", () => {}); // the guardian exiting first is not an error here

  const stop = onCleanup(async () => {
    await stopChild(child, 15_000);
    await removeRunDir(); // normally already done by the guardian
  });

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the store exited before answering /healthz (exit ${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`the store did not answer /healthz within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(
    `store started at ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(build copied to ${runRoot}/build, ${options.env?.DATABASE_URL ? `database ${new URL(options.env.DATABASE_URL).pathname.slice(1)}` : `DATA_DIR ${dataDir}`})`,
  );
  const guardian = child.pid!;
  const serverPid = () => {
    try {
      const first = fs.readFileSync(`/proc/${guardian}/task/${guardian}/children`, "utf8").trim().split(/\s+/)[0];
      return first ? Number(first) : null;
    } catch {
      return null;
    }
  };
  return { url, pid: guardian, serverPid, stop };
}
