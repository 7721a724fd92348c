import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "../db/lock.ts";
import { inheritedEnv, tempDir } from "./server.ts";

describe("the embedded database's lock", () => {
  it("refuses a second process while the first holds the data directory", async () => {
    const dir = tempDir("store-lock-");
    // Another process takes the lock and keeps running.
    const holder = spawn(
      "node",
      ["--import", "tsx", "-e", `import("./db/lock.ts").then(m => { m.lockDataDir(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000); })`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on("data", (d) => String(d).includes("locked") && resolve());
        holder.once("exit", () => reject(new Error("the lock holder exited")));
      });
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/already open in another process \(pid \d+\)/);
    } finally {
      holder.kill("SIGKILL");
      await new Promise((r) => holder.once("exit", r));
    }
    // Its owner is gone: the lock is stale and is taken over.
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "store.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "store.lock"))).toBe(false);
  }, 30_000);

  it("makes a second server on the same directory exit with a clear message", async () => {
    const dir = tempDir("store-lock-srv-");
    const release = lockDataDir(dir);
    try {
      const child = spawn("node", ["build/node/main.js"], {
        env: { ...inheritedEnv(), NODE_ENV: "production", DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout!.on("data", (d) => (output += d));
      child.stderr!.on("data", (d) => (output += d));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(output).toContain(`The embedded database in ${dir} is already open in another process (pid ${process.pid})`);
    } finally {
      release();
    }
  }, 30_000);
});
