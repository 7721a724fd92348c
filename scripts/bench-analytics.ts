// npm run bench:analytics — how long each analytics tab takes to read at the size of the database given
// by DATABASE_URL (fill one first with npm run analytics:simulate). For every tab (overview, sales,
// funnel, products) and period (7, 30 and 90 days, and a custom range of 365 days) the core query the
// page's loader calls is timed BENCH_RUNS times after a warm-up; then, unless BENCH_HTTP=off, the
// /analytics page itself over HTTP with an administrator's session (the production store started on
// the same database; its administrator is analytics-bench@example.test). Prints median and p95 per tab
// and period, and PASS/FAIL against BENCH_TARGET_MS (300). Exit code 1 when a read misses the target.
import { sql } from "drizzle-orm";
import { addDays, getFunnel, getOverview, getProductTable, getSales, periodRange, previousRange, storeDay, type DayRange } from "../core/analytics/index.ts";
import { openDatabase, type Db } from "../db/client.ts";
import { loadEnv } from "../server/env.ts";
import { Client } from "../tests/http-client.ts";
import { envNumber, runMain, startStore, table } from "./bench-lib.ts";

const TABS = ["overview", "sales", "funnel", "products"] as const;
type Tab = (typeof TABS)[number];
const ADMIN_EMAIL = "analytics-bench@example.test";
const ADMIN_PASSWORD = "bench-analytics-2024";
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36", Accept: "text/html" };

interface Period {
  label: string;
  query: string;
  current: DayRange;
  previous: DayRange;
  weekly: boolean;
}

/** The periods the page offers, resolved as its loader does (weekly series past 60 days). */
function periods(today: string): Period[] {
  const made: Period[] = [7, 30, 90].map((days) => ({ label: `${days}d`, query: `period=${days}d`, ...periodRange(days, today), weekly: days > 60 }));
  const year = { from: addDays(today, -364), to: today };
  made.push({ label: "365d custom", query: `period=custom&from=${year.from}&to=${year.to}`, current: year, previous: previousRange(year), weekly: true });
  return made;
}

function read(db: Db, tab: Tab, p: Period): Promise<unknown> {
  switch (tab) {
    case "overview":
      return getOverview(db, p.current, p.previous, p.weekly);
    case "sales":
      return getSales(db, p.current, p.previous, p.weekly);
    case "funnel":
      return getFunnel(db, p.current, p.previous);
    case "products":
      return getProductTable(db, p.current, "revenue");
  }
}

async function time(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up: plans cached, pages in memory
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function signInAdmin(url: string): Promise<Client> {
  const client = new Client(url, 30_000, BROWSER);
  const fields = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD, acceptTerms: "on", displayName: "Analytics Bench", redirectTo: "/" };
  const registered = await client.post("/login", { intent: "register", ...fields });
  await registered.arrayBuffer();
  if (registered.status !== 302) {
    // Made by an earlier run: sign in instead.
    const signed = await client.post("/login", { intent: "signin", ...fields });
    await signed.arrayBuffer();
    if (signed.status !== 302) throw new Error(`could not register or sign in ${ADMIN_EMAIL} (answers ${registered.status}, ${signed.status})`);
  }
  return client;
}

async function main(): Promise<number> {
  const runs = Math.round(envNumber("BENCH_RUNS", 10));
  const targetMs = envNumber("BENCH_TARGET_MS", 300);
  const env = loadEnv();
  if (!env.DATABASE_URL) console.log("DATABASE_URL is unset: timing the embedded database in DATA_DIR (the HTTP part needs DATABASE_URL)");
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 4 });
  const rows: string[][] = [];
  let failed = 0;
  const record = (what: string, tab: Tab, p: Period, ms: number[]) => {
    const p95 = quantile(ms, 0.95);
    const pass = p95 <= targetMs;
    if (!pass) failed++;
    rows.push([what, tab, p.label, quantile(ms, 0.5).toFixed(1), p95.toFixed(1), pass ? "PASS" : "FAIL"]);
  };
  const today = storeDay(new Date());
  try {
    const sizes = await database.db.execute(
      sql`select (select count(*) from analytics_events)::int as events, (select count(*) from orders)::int as orders, (select count(*) from analytics_daily_product)::int as product_days`,
    );
    const size = (sizes as unknown as { rows: { events: number; orders: number; product_days: number }[] }).rows[0]!;
    console.log(`${database.kind}: ${size.events.toLocaleString("en-US")} events, ${size.orders.toLocaleString("en-US")} orders, ${size.product_days.toLocaleString("en-US")} product-day rollup rows; ${runs} runs each after a warm-up\n`);
    for (const tab of TABS) {
      for (const p of periods(today)) {
        record("core", tab, p, await time(runs, () => read(database.db, tab, p)));
      }
    }
  } finally {
    await database.close();
  }

  if (env.DATABASE_URL && process.env.BENCH_HTTP !== "off") {
    const store = await startStore({ env: { DATABASE_URL: env.DATABASE_URL, ADMIN_EMAILS: ADMIN_EMAIL } });
    try {
      const admin = await signInAdmin(store.url);
      for (const tab of TABS) {
        for (const p of periods(today)) {
          const path = `/analytics?tab=${tab}&${p.query}`;
          const ms = await time(runs, async () => {
            const res = await admin.get(path);
            const body = await res.text();
            if (res.status !== 200 || !body.includes("Analytics")) throw new Error(`GET ${path} answered ${res.status}`);
          });
          record("http", tab, p, ms);
        }
      }
    } finally {
      await store.stop();
    }
  }

  console.log(table(["via", "tab", "period", "median ms", "p95 ms", `p95 ≤ ${targetMs} ms`], rows));
  console.log(failed === 0 ? `\nPASS: every read within ${targetMs} ms (p95)` : `\nFAIL: ${failed} reads over ${targetMs} ms (p95)`);
  return failed === 0 ? 0 : 1;
}

runMain(main);
