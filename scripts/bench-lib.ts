// Shared helpers for the measurement scripts (bench-pages.ts, bench-checkout.ts, bench-drop.ts, lighthouse.ts): build the store,
// start it in production mode on a fresh embedded database, and always stop what was started.
import { Pool } from "undici";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// ---------------------------------------------------------------------------------------------
// Cleanup: every process or directory a script creates registers how to undo it. The cleanups
// run (newest first) when main() returns or throws, and on SIGINT/SIGTERM/SIGHUP.

type Cleanup = () => void | Promise<void>;
const cleanups: Cleanup[] = [];

/** Registers an undo step; returns a function that runs it now (once) and unregisters it. */
export function onCleanup(fn: Cleanup): () => Promise<void> {
  let done = false;
  const once: Cleanup = async () => {
    if (done) return;
    done = true;
    await fn();
  };
  cleanups.push(once);
  return async () => {
    const i = cleanups.indexOf(once);
    if (i >= 0) cleanups.splice(i, 1);
    await once();
  };
}

async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (error) {
      console.error("cleanup failed:", error);
    }
  }
}

/**
 * Runs a script's main(): the exit code is what main returns (0 when it returns nothing), 1 when
 * it throws. Cleanups always run, also when the script is interrupted (exit code 130/143).
 */
export function runMain(main: () => Promise<number | void>): void {
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return; // a second Ctrl-C while cleaning up: keep cleaning up
    interrupted = true;
    console.error(`\n${signal}: stopping the servers...`);
    void runCleanups().finally(() => process.exit(signal === "SIGINT" ? 130 : signal === "SIGTERM" ? 143 : 129));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);

  main()
    .then(
      (code) => code ?? 0,
      (error: unknown) => {
        if (interrupted) return 130; // errors of a run cut short by the signal are noise
        console.error(error instanceof Error ? (error.stack ?? error.message) : error);
        return 1;
      },
    )
    .then(async (code) => {
      await runCleanups();
      if (!interrupted) process.exit(code);
    });
}

// ---------------------------------------------------------------------------------------------
// Watchdog: for processes that live outside this script's process group (Chromium, which
// chrome-launcher starts detached), so that a Ctrl-C on the terminal does not reach them. If this
// script dies before its cleanups ran (tsx kills a child that is slow to acknowledge a signal),
// the watchdog's stdin closes and it kills those process groups and removes their directories.

const WATCHDOG = `
const fs = require("node:fs");
const { groups, dirs } = JSON.parse(process.env.WATCHDOG);
process.on("SIGINT", () => {});
process.on("SIGTERM", () => {});
let done = false;
const finish = () => {
  if (done) return;
  done = true;
  for (const g of groups) { try { process.kill(-g, "SIGKILL"); } catch {} }
  setTimeout(() => {
    for (const d of dirs) { try { fs.rmSync(d, { recursive: true, force: true, maxRetries: 5 }); } catch {} }
    process.exit(0);
  }, 500);
};
process.stdin.on("end", finish);
process.stdin.on("error", finish);
process.stdin.resume();
`;

/** Starts a watchdog for `groups` (process group ids) and `dirs`; dismiss() ends it. */
export function startWatchdog(what: { groups: number[]; dirs: string[] }): { dismiss: () => Promise<void> } {
  const child = spawn(process.execPath, ["-e", WATCHDOG], {
    env: { ...process.env, WATCHDOG: JSON.stringify(what) },
    stdio: ["pipe", "ignore", "inherit"],
  });
  child.stdin!.on("error", () => {});
  return {
    async dismiss() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.stdin!.end();
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The store

const ROOT = path.resolve(import.meta.dirname, "..");

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

// ---------------------------------------------------------------------------------------------
// Formatting

/**
 * BENCH_CPU_PROFILE=DIR: the node flags that make a store write a V8 CPU profile of its whole run into DIR,
 * as `<name>.cpuprofile` (read it with scripts/profile-summary.ts); none when the variable is unset.
 */
export function cpuProfileFlags(name: string): string[] {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir)}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
}

/** CPU time (user + system) a process has used, in ms (Linux), or null. */
export function cpuMsOf(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    return parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8")).cpuMs;
  } catch {
    return null;
  }
}
const CLOCK_TICKS_PER_S = 100;

/** A /proc/<pid>/stat line's command name and CPU time (user + system) in ms. */
function parseProcStat(stat: string): { command: string; cpuMs: number } {
  const close = stat.lastIndexOf(") ");
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(close + 2).split(" ");
  return { command: stat.slice(stat.indexOf("(") + 1, close), cpuMs: ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S) * 1000 };
}

/**
 * CPU time (user + system) used so far by every PostgreSQL process on this machine (the server's own and
 * its backends), in ms, or null where /proc cannot tell (another system, or a server elsewhere). A backend
 * that exits takes its time with it: read both ends while the connections being measured are open.
 */
export function postgresCpuMs(): number | null {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  let seen = false;
  for (const pid of entries) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    const { command, cpuMs } = parseProcStat(stat);
    if (command !== "postgres") continue;
    total += cpuMs;
    seen = true;
  }
  return seen ? total : null;
}

/** The resident memory of a process in bytes (Linux), or null. */
export function rssOf(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `concurrency` visits going until `deadline` (a Date.now() value): each takes the buyer idle longest,
 * and gives it back when its visit ends, however it ends (`visit` handles its own errors).
 */
export async function visitUntil<B>(deadline: number, concurrency: number, idle: B[], visit: (buyer: B) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const buyer = idle.shift()!;
        try {
          await visit(buyer);
        } finally {
          idle.push(buyer);
        }
      }
    }),
  );
}

/** The value at quantile `q` (0..1) of ascending `sorted` (0 when empty). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Renders rows as a plain-text table; numeric-looking cells are right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const numeric = (s: string) => /^[-+]?[\d.,]+\s*%?$/.test(s);
  const line = (cells: string[]) =>
    cells.map((c, i) => (numeric(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Reads a positive number from the environment, with a default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}

/**
 * A browser for load scripts, on undici's pooled request API instead of fetch: a fifth of fetch's CPU per
 * request (no web streams), which matters when thousands of shoppers run in this one process beside the
 * stores on two cores. It keeps cookies, posts forms and follows nothing by itself, as tests/http-client.ts's
 * Client; its answers are read whole.
 */
export class LightClient {
  readonly cookies = new Map<string, string>();
  private static pools = new Map<string, Pool>();
  /** Connections each store's pool keeps open at most (set before the first request). */
  static connectionsPerStore = 128;

  constructor(
    readonly baseUrl: string,
    readonly timeoutMs: number,
    readonly headers: Record<string, string> = {},
  ) {}

  private pool(): Pool {
    let pool = LightClient.pools.get(this.baseUrl);
    if (!pool) LightClient.pools.set(this.baseUrl, (pool = new Pool(this.baseUrl, { connections: LightClient.connectionsPerStore, pipelining: 1, keepAliveTimeout: 30_000 })));
    return pool;
  }

  /** Closes every pool (the end of a run). */
  static async closeAll(): Promise<void> {
    await Promise.all([...LightClient.pools.values()].map((p) => p.close()));
    LightClient.pools.clear();
  }

  get(path: string): Promise<LightAnswer> {
    return this.send("GET", path, null, {});
  }

  post(path: string, fields: Record<string, string>): Promise<LightAnswer> {
    return this.send("POST", path, new URLSearchParams(fields).toString(), { "content-type": "application/x-www-form-urlencoded", origin: this.baseUrl });
  }

  private async send(method: "GET" | "POST", path: string, body: string | null, extra: Record<string, string>): Promise<LightAnswer> {
    const headers: Record<string, string> = { ...this.headers, ...extra };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await this.pool().request({ method, path, headers, body, headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs });
    const text = await res.body.text();
    const setCookie = res.headers["set-cookie"];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || attrs.some((a) => /max-age=0\b/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const location = res.headers.location;
    return { status: res.statusCode, body: text, location: typeof location === "string" ? location : null };
  }
}

export interface LightAnswer {
  status: number;
  body: string;
  location: string | null;
}
