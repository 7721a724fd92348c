// npm run bench:pages — how fast the production store serves its main pages, against a bare Node http
// server that replays the very same bytes (the floor no app can beat on this machine), with analytics
// recording on (as in production) and off (ANALYTICS_RECORDING=off), and how the store's memory moves
// from one round of load to the next.
//
// Pages: /shop, a product page, / and a story of the sample culture section, and the app's catalogue
// reads (/api/v1/products and a product, JSON, ETag'd but asked without If-None-Match, so each answer
// is whole; the per-address API limit is raised for the run). Each is fetched once (as a browser or the app asks for it), then autocannon loads both stores and a bare server that answers every request
// with those bytes and the same content-type/content-encoding, in turn, BENCH_ROUNDS rounds. The
// stores and the bare server run as their own processes; autocannon runs here; everything stays on
// 127.0.0.1 and every run has a fixed duration. After each round the stores' resident memory (RSS) is
// read.
//
// Targets (issue 16), printed PASS/FAIL: each page at 10 % or more of the bare server's rate with p99
// under 50 ms and no errors or non-2xx answers (recording on); recording costs a page at most 5 %; the
// store's RSS after the last round at most 1.3 times what it was after the first.
//
// Settings (environment): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10),
// BENCH_WARMUP_SECONDS (default 2, before each page's first run on each store), BENCH_ROUNDS (default 5),
// BENCH_PATHS (some of the paths below, comma-separated; default all), BENCH_CPU_PROFILE=DIR (each store
// writes a V8 CPU profile of its whole run there, store-on and store-off; see profile-summary.ts).
// Other variables are passed on to the stores (PAGE_CACHE_SECONDS=0 measures them without the page cache).
// Exit code: non-zero when a page answered with errors or non-2xx responses; missing a target only prints FAIL.
import zlib from "node:zlib";
import { seedArticles } from "../db/seed/articles.ts";
import { cpuProfileFlags, envNumber, rssOf, runMain, startStore, table } from "./bench-lib.ts";
import { startBareServer } from "./bench/bare-server.ts";
import { fetchRaw, headersFor, measure, type Measure, type Page } from "./bench/pages-load.ts";

const ALL_PATHS = ["/shop", "/shop/harlem-classic-tee", "/", `/culture/${seedArticles[0]!.slug}`, "/api/v1/products", "/api/v1/products/harlem-classic-tee"];
/** BENCH_PATHS (comma-separated) measures only those of the paths above, to study one page. */
const PATHS = process.env.BENCH_PATHS ? ALL_PATHS.filter((p) => process.env.BENCH_PATHS!.split(",").includes(p)) : ALL_PATHS;
/** Each page at this share of the bare server's rate or more. */
const TARGET_PERCENT = 10;
/** Each page's p99 under this. */
const TARGET_P99_MS = 50;
/** Recording analytics may cost a page at most this much of its rate (ANALYTICS_RECORDING=on vs off). */
const RECORDING_TOLERANCE_PERCENT = 5;
/** The store's RSS after the last round at most this many times what it was after the first. */
const RSS_GROWTH_LIMIT = 1.3;
/**
 * The stores' per-address API limit, raised for the run: every request comes from 127.0.0.1. Each
 * request is still counted in the database, as in production.
 */
const STORE_ENV = { API_RATE_LIMIT_PER_ADDRESS: "1000000" };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<number> {
  const seconds = envNumber("BENCH_SECONDS", 10);
  const connections = Math.round(envNumber("BENCH_CONNECTIONS", 10));
  const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 2);
  const rounds = Math.round(envNumber("BENCH_ROUNDS", 5));

  // Two stores side by side, each on its own fresh embedded database: one recording analytics (as in
  // production), one with ANALYTICS_RECORDING=off. Their runs alternate (on, off, then off, on, ...) so
  // a machine that slows down or speeds up during the benchmark weighs on both alike.
  const stores = {
    on: await startStore({ env: STORE_ENV, nodeFlags: cpuProfileFlags("store-on") }),
    off: await startStore({ env: { ...STORE_ENV, ANALYTICS_RECORDING: "off" }, nodeFlags: cpuProfileFlags("store-off") }),
  };
  console.log(
    `autocannon: ${connections} connections, ${seconds} s per run (a ${warmupSeconds} s warm-up before each page's first run), ${rounds} rounds per store and page; ` +
      `headers: a browser's User-Agent, Accept: text/html, Accept-Encoding: gzip (so every request is a page view, and a new session, when recording)` +
      (process.env.PAGE_CACHE_SECONDS !== undefined ? `; PAGE_CACHE_SECONDS=${process.env.PAGE_CACHE_SECONDS}` : "") +
      "\n",
  );

  const pages = new Map<string, Page>();
  const bareServers = new Map<string, { url: string; stop: () => Promise<void> }>();
  const runs = new Map<string, Record<"on" | "off" | "bare", Measure[]>>();
  const rss: Record<"on" | "off", (number | null)[]> = { on: [], off: [] };
  try {
    for (const pagePath of PATHS) {
      // The bytes a guest gets once the page is in the page cache (the first answer is rendered and
      // compressed as it streams, which compresses worse); with the cache off, every answer is rendered.
      let page = await fetchRaw(stores.on.url + pagePath);
      for (let i = 0; i < 2; i++) page = await fetchRaw(stores.on.url + pagePath);
      const encoding = page.headers["content-encoding"] ?? "identity";
      const decoded = encoding === "gzip" ? zlib.gunzipSync(page.body).length : page.body.length;
      console.log(
        `GET ${pagePath}: ${page.status}, ${page.headers["content-type"] ?? "no content-type"}, ` +
          `${encoding} ${fmt(page.body.length)} bytes (${kb(page.body.length)}; ${kb(decoded)} uncompressed), page cache: ${page.headers["x-page-cache"] ?? "not used"}`,
      );
      pages.set(pagePath, page);
      runs.set(pagePath, { on: [], off: [], bare: [] });
      bareServers.set(pagePath, await startBareServer(page));
    }
    console.log(`RSS at rest: recording on ${mb(rssOf(stores.on.serverPid()))}, off ${mb(rssOf(stores.off.serverPid()))}`);

    // Each round loads every page on the bare server and both stores, in an order that turns from round
    // to round, so a machine that gets busier or quieter weighs on all three alike.
    const orders = [
      ["bare", "on", "off"],
      ["off", "bare", "on"],
      ["on", "off", "bare"],
    ] as const;
    for (let round = 0; round < rounds; round++) {
      console.log(`\nround ${round + 1} of ${rounds}`);
      for (const pagePath of PATHS) {
        for (const which of orders[round % orders.length]!) {
          const label = which === "bare" ? "bare         " : `recording ${which.padEnd(3)}`;
          process.stdout.write(`  ${label} ${pagePath} ... `);
          const url = which === "bare" ? bareServers.get(pagePath)!.url : stores[which].url + pagePath;
          const run = await measure(url, headersFor(pagePath), connections, seconds, round === 0 ? warmupSeconds : 0);
          console.log(`${fmt(run.rps, 1)} req/s, p99 ${run.p99} ms, ${fmt(run.total)} requests [${run.statuses}]`);
          if (which === "bare" && run.errors > 0) console.log(`  warning: the bare server had ${run.errors} errors: its figures are suspect`);
          runs.get(pagePath)![which].push(run);
        }
      }
      // A moment at rest first: the buffered analytics events are written, the request garbage collected.
      await new Promise((r) => setTimeout(r, 1500));
      for (const which of ["on", "off"] as const) rss[which].push(rssOf(stores[which].serverPid()));
      console.log(`  RSS after round ${round + 1}: recording on ${mb(rss.on[round]!)}, off ${mb(rss.off[round]!)}`);
    }
  } finally {
    for (const server of bareServers.values()) await server.stop();
    await stores.on.stop();
    await stores.off.stop();
    console.log("stores stopped");
  }

  const rows: string[][] = [];
  const verdicts: string[] = [];
  let failedCleanly = false;
  for (const pagePath of PATHS) {
    const page = pages.get(pagePath)!;
    const on = combine(runs.get(pagePath)!.on);
    const off = combine(runs.get(pagePath)!.off);
    const bareRun = combine(runs.get(pagePath)!.bare);
    const percent = bareRun.rps > 0 ? (on.rps / bareRun.rps) * 100 : 0;
    const difference = off.rps > 0 ? ((on.rps - off.rps) / off.rps) * 100 : 0;
    const clean = page.status >= 200 && page.status < 300 && on.non2xx + off.non2xx + on.errors + off.errors === 0;
    if (!clean) failedCleanly = true;
    const pass = percent >= TARGET_PERCENT && on.p99 < TARGET_P99_MS && clean;
    rows.push([
      pagePath,
      String(page.status),
      fmt(page.body.length),
      fmt(on.rps, 1),
      fmt(on.p99),
      fmt(bareRun.rps, 1),
      `${percent.toFixed(1)} %`,
      fmt(off.rps, 1),
      `${difference >= 0 ? "+" : ""}${difference.toFixed(1)} %`,
      fmt(on.non2xx + off.non2xx),
      fmt(on.errors + off.errors),
      pass ? "PASS" : "FAIL",
    ]);
    verdicts.push(
      `${pagePath}: ${percent.toFixed(1)} % of the bare server (target ${TARGET_PERCENT} %), p99 ${on.p99} ms (target under ${TARGET_P99_MS} ms), ` +
        `${on.non2xx + off.non2xx} non-2xx, ${on.errors + off.errors} errors: ${pass ? "PASS" : "FAIL"}`,
    );
  }
  console.log(
    "\n" +
      table(["path", "status", "bytes", "req/s", "p99 ms", "bare req/s", "of bare", "off req/s", "on vs off", "non-2xx", "errors", "target"], rows),
  );
  console.log(
    "(req/s and p99: recording on, as in production; req/s is the mean over the rounds, p99 the worst round's; bare: the same bytes from a bare Node server, in the same rounds. off: ANALYTICS_RECORDING=off. " +
      "bytes: body as sent with Accept-Encoding: gzip; non-2xx and errors: both stores' runs)\n",
  );
  for (const line of verdicts) console.log(line);

  const slowest = PATHS.map((p) => {
    const on = combine(runs.get(p)!.on);
    const off = combine(runs.get(p)!.off);
    return [p, off.rps > 0 ? ((on.rps - off.rps) / off.rps) * 100 : 0] as const;
  }).sort((a, b) => a[1] - b[1])[0]!;
  console.log(
    `recording on vs off: at worst ${slowest[1].toFixed(1)} % (${slowest[0]}), target within ${RECORDING_TOLERANCE_PERCENT} %: ${slowest[1] >= -RECORDING_TOLERANCE_PERCENT ? "PASS" : "FAIL"}`,
  );
  for (const which of ["on", "off"] as const) {
    const first = rss[which][0];
    const last = rss[which][rss[which].length - 1];
    const series = rss[which].map((v) => mb(v ?? null)).join(", ");
    if (first == null || last == null) {
      console.log(`RSS (recording ${which}) after each round: ${series}: not measured`);
      continue;
    }
    const growth = last / first;
    console.log(
      `RSS (recording ${which}) after each round: ${series}; round ${rss[which].length} is ${growth.toFixed(2)} × round 1 (target at most ${RSS_GROWTH_LIMIT}): ${growth <= RSS_GROWTH_LIMIT ? "PASS" : "FAIL"}`,
    );
  }
  if (failedCleanly) {
    console.log("some page did not serve cleanly under load (errors or non-2xx answers)");
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
