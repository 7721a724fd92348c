import { spawn } from "node:child_process";
import { freePort, onCleanup, stopChild } from "../bench-lib.ts";
import type { Page } from "./pages-load.ts";

// The bare server: a separate Node process (like the store), so it does not share an event loop
// with autocannon. It reads the body from stdin, then answers every request with it (status,
// content-type and content-encoding as the store sent them, and its content-length: without it Node
// would send the body chunked, which is slower to read for the load generator).
const BARE_SERVER = `
const http = require("node:http");
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const body = Buffer.concat(chunks);
  const { status, headers } = JSON.parse(process.env.BARE_RESPONSE);
  headers["content-length"] = String(body.length);
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(status, headers);
    res.end(body);
  });
  server.listen(Number(process.env.BARE_PORT), "127.0.0.1", () => process.stdout.write(JSON.stringify({ port: server.address().port }) + "\\n"));
  const stop = () => { server.close(); server.closeAllConnections(); process.exit(0); };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Never outlive the benchmark, even if it is killed outright.
  const parent = process.ppid;
  setInterval(() => { if (process.ppid !== parent) stop(); }, 500).unref();
});
`;

export async function startBareServer(page: Page): Promise<{ url: string; stop: () => Promise<void> }> {
  const headers: Record<string, string> = {};
  for (const name of ["content-type", "content-encoding"]) {
    const value = page.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const child = spawn(process.execPath, ["-e", BARE_SERVER], {
    env: { ...process.env, BARE_RESPONSE: JSON.stringify({ status: page.status, headers }), BARE_PORT: String(await freePort()) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const stop = onCleanup(async () => {
    await stopChild(child, 5000);
  });
  child.stdin!.end(page.body);
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("the bare server did not start")), 10_000);
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the bare server exited (code ${code})`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url: `http://127.0.0.1:${port}`, stop };
}
