import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

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

/** The test runner's environment without the store's own variables (the runner sets BASE_URL itself). */
export function inheritedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ["BASE_URL", "DATABASE_URL", "DATA_DIR", "PORT", "HOST", "TEST_DATABASE_URL"]) delete env[key];
  return env;
}

/** Starts the production server as its own process on a free port and waits for /healthz. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn("node", ["--import", "tsx", "server/main.ts"], {
    env: { ...inheritedEnv(), NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), BASE_URL: url, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
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
