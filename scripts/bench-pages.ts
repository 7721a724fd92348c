// npm run bench:pages — how fast the production store serves its main pages with analytics recording
// on and off (ANALYTICS_RECORDING=off), and compared with a bare Node http server that replays the
// very same bytes (the floor no app can beat on this machine). Recording must cost a page at most 5%.
//
// For each of /, /shop and /shop/harlem-classic-tee: fetch the page once (as a browser asks for it),
// then autocannon both stores (alternating, BENCH_ROUNDS rounds each) and a bare server that answers every request with
// those bytes and the same content-type/content-encoding. Both servers run as their own process;
// autocannon runs here. Everything stays on 127.0.0.1 and every run has a fixed duration.
//
// Settings (environment): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10),
// BENCH_WARMUP_SECONDS (default 2), BENCH_ROUNDS (default 2). Exit code: non-zero when /shop answered with errors or
// non-2xx responses; missing the rate target only prints FAIL.
import { spawn } from "node:child_process";
import http from "node:http";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import { envNumber, freePort, onCleanup, runMain, startStore, stopChild, table } from "./bench-lib.ts";

const PATHS = ["/", "/shop", "/shop/harlem-classic-tee"];
const TARGET_PATH = "/shop";
const TARGET_PERCENT = 5;
/** Recording analytics may cost a page at most this much of its rate (ANALYTICS_RECORDING=on vs off). */
const RECORDING_TOLERANCE_PERCENT = 5;
/**
 * A browser's request for a page: with these the store counts each request as a page view (bots and
 * requests that are not for HTML are not recorded). No cookie is kept, so each one is a new session too.
 */
const REQUEST_HEADERS = {
  "accept-encoding": "gzip",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

// autocannon ships no types: the part of its API used here.
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  timeout?: number;
}) => PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

interface Page {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as sent (gzipped if the store gzipped it). */
  body: Buffer;
}

/** One GET with a browser's Accept-Encoding; the body is kept as it came over the wire. */
function fetchRaw(url: string): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: REQUEST_HEADERS, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on("error", reject);
  });
}

// The bare server: a separate Node process (like the store), so it does not share an event loop
// with autocannon. It reads the body from stdin, then answers every request with it (status,
// content-type and content-encoding as the store sent them; Node adds content-length).
const BARE_SERVER = `
const http = require("node:http");
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const body = Buffer.concat(chunks);
  const { status, headers } = JSON.parse(process.env.BARE_RESPONSE);
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

async function startBareServer(page: Page): Promise<{ url: string; stop: () => Promise<void> }> {
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

interface Measure {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
  statuses: string;
}

async function measure(url: string, connections: number, seconds: number, warmupSeconds: number): Promise<Measure> {
  const headers = { ...REQUEST_HEADERS };
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, headers });
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    total: r.requests.total,
    statuses: Object.entries(r.statusCodeStats)
      .map(([code, s]) => `${code}×${s.count}`)
      .join(" "),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<number> {
  const seconds = envNumber("BENCH_SECONDS", 10);
  const connections = Math.round(envNumber("BENCH_CONNECTIONS", 10));
  const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 2);
  const rounds = Math.round(envNumber("BENCH_ROUNDS", 2));

  // Two stores side by side, each on its own fresh embedded database: one recording analytics (as in
  // production), one with ANALYTICS_RECORDING=off. Their runs alternate (on, off, then off, on, ...) so
  // a machine that slows down or speeds up during the benchmark weighs on both alike.
  const stores = {
    on: await startStore(),
    off: await startStore({ env: { ANALYTICS_RECORDING: "off" } }),
  };
  console.log(
    `autocannon: ${connections} connections, ${seconds} s per run after a ${warmupSeconds} s warm-up, ${rounds} rounds per store and page; ` +
      `headers: a browser's User-Agent, Accept: text/html, Accept-Encoding: gzip (so every request is a page view, and a new session, when recording)\n`,
  );

  const rows: string[][] = [];
  const results = new Map<string, { page: Page; on: Measure; off: Measure; bare: Measure }>();
  try {
    for (const pagePath of PATHS) {
      const page = await fetchRaw(stores.on.url + pagePath);
      const encoding = page.headers["content-encoding"] ?? "identity";
      const decoded = encoding === "gzip" ? zlib.gunzipSync(page.body).length : page.body.length;
      console.log(
        `GET ${pagePath}: ${page.status}, ${page.headers["content-type"] ?? "no content-type"}, ` +
          `${encoding} ${fmt(page.body.length)} bytes (${kb(page.body.length)}; ${kb(decoded)} uncompressed)`,
      );
      const runs: Record<"on" | "off", Measure[]> = { on: [], off: [] };
      for (let round = 0; round < rounds; round++) {
        for (const which of round % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const)) {
          process.stdout.write(`  recording ${which.padEnd(3)} ${pagePath} ... `);
          const run = await measure(stores[which].url + pagePath, connections, seconds, warmupSeconds);
          console.log(`${fmt(run.rps, 1)} req/s, p99 ${run.p99} ms, ${fmt(run.total)} requests [${run.statuses}]`);
          runs[which].push(run);
        }
      }
      const on = combine(runs.on);
      const off = combine(runs.off);

      const bare = await startBareServer(page);
      let bareRun: Measure;
      try {
        process.stdout.write(`  bare          ${pagePath} ... `);
        bareRun = await measure(bare.url, connections, seconds, warmupSeconds);
        console.log(`${fmt(bareRun.rps, 1)} req/s, p99 ${bareRun.p99} ms, ${fmt(bareRun.total)} requests [${bareRun.statuses}]`);
      } finally {
        await bare.stop();
      }
      if (bareRun.errors > 0) console.log(`  warning: the bare server had ${bareRun.errors} errors: its figures are suspect`);

      results.set(pagePath, { page, on, off, bare: bareRun });
      const difference = off.rps > 0 ? ((on.rps - off.rps) / off.rps) * 100 : 0;
      rows.push([
        pagePath,
        String(page.status),
        fmt(page.body.length),
        fmt(on.rps, 1),
        fmt(off.rps, 1),
        `${difference >= 0 ? "+" : ""}${difference.toFixed(1)} %`,
        difference >= -RECORDING_TOLERANCE_PERCENT ? "PASS" : "FAIL",
        fmt(on.p99),
        fmt(off.p99),
        fmt(bareRun.rps, 1),
        `${(bareRun.rps > 0 ? (on.rps / bareRun.rps) * 100 : 0).toFixed(1)} %`,
        fmt(on.non2xx + off.non2xx),
        fmt(on.errors + off.errors),
      ]);
    }
  } finally {
    await stores.on.stop();
    await stores.off.stop();
    console.log("stores stopped");
  }

  console.log(
    "\n" +
      table(
        ["path", "status", "bytes", "on req/s", "off req/s", "on vs off", `within ${RECORDING_TOLERANCE_PERCENT}%`, "on p99 ms", "off p99 ms", "bare req/s", "on/bare", "non-2xx", "errors"],
        rows,
      ),
  );
  console.log(
    "(on: analytics recording as in production; off: ANALYTICS_RECORDING=off. req/s: mean over the rounds; p99: the worst round's. " +
      "bytes: body as sent with Accept-Encoding: gzip; non-2xx and errors: both stores' runs)\n",
  );

  const target = results.get(TARGET_PATH)!;
  const percent = target.bare.rps > 0 ? (target.on.rps / target.bare.rps) * 100 : 0;
  console.log(
    `${TARGET_PATH} at ${percent.toFixed(1)}% of the bare server's rate (target ${TARGET_PERCENT}%): ${percent >= TARGET_PERCENT ? "PASS" : "FAIL"}`,
  );
  const slowest = [...results].map(([path, r]) => [path, r.off.rps > 0 ? ((r.on.rps - r.off.rps) / r.off.rps) * 100 : 0] as const).sort((a, b) => a[1] - b[1])[0]!;
  console.log(
    `recording on vs off: at worst ${slowest[1].toFixed(1)}% (${slowest[0]}), target within ${RECORDING_TOLERANCE_PERCENT}%: ${slowest[1] >= -RECORDING_TOLERANCE_PERCENT ? "PASS" : "FAIL"}`,
  );

  const problems: string[] = [];
  if (target.page.status < 200 || target.page.status > 299) problems.push(`GET ${TARGET_PATH} answered ${target.page.status}`);
  for (const which of ["on", "off"] as const) {
    if (target[which].non2xx > 0) problems.push(`${target[which].non2xx} non-2xx responses (recording ${which})`);
    if (target[which].errors > 0) problems.push(`${target[which].errors} errors (recording ${which})`);
  }
  if (problems.length > 0) {
    console.log(`${TARGET_PATH} did not serve cleanly under load: ${problems.join(", ")}`);
    return 1;
  }
  return 0;
}

/** Several runs as one: the mean rate, the worst p99, the sums of the counts. */
function combine(runs: Measure[]): Measure {
  const sum = (f: (m: Measure) => number) => runs.reduce((n, m) => n + f(m), 0);
  return {
    rps: sum((m) => m.rps) / runs.length,
    p99: Math.max(...runs.map((m) => m.p99)),
    non2xx: sum((m) => m.non2xx),
    errors: sum((m) => m.errors),
    timeouts: sum((m) => m.timeouts),
    total: sum((m) => m.total),
    statuses: runs.map((m) => m.statuses).join(" | "),
  };
}

runMain(main);
