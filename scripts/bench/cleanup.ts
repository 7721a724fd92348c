import { spawn } from "node:child_process";

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
