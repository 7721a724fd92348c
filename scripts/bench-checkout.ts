// npm run bench:checkout — how many checkouts per second the store completes through its real HTTP
// checkout on PostgreSQL, and proof that none of them oversells.
//
// Creates a fresh database on the PostgreSQL server (DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test), migrates and seeds it, and gives a few variants little
// stock so that buyers race for the last units. Builds the store if needed and starts it (one
// process, or two on the same database with --processes=2) with the test card processor. Registers
// the buyers through the sign-up form, then for a fixed time keeps a fixed number of them shopping
// at once: add one or two items to the cart, open the checkout page, pay (one payment in 20 with a
// declined card), and empty the cart after a refusal. Meanwhile the scarce variants are restocked by
// 2 units every 2 s, so the race for them lasts the whole run. Afterwards it compares, per variant,
// the units in paid orders with the stock there ever was (initial + restocked), and checks the
// counters and the ledger. The database is dropped at the end.
//
// The load comes in BENCH_ROUNDS rounds; after each the resident memory (RSS) of every app process is
// printed, and at the end how round 5 compares with round 1 (target: at most 1.3 times).
//
// Settings: BENCH_SECONDS (per round, default 10), BENCH_ROUNDS (default 5), BENCH_CONCURRENCY (default
// 20), BENCH_BUYERS (default 40, at least BENCH_CONCURRENCY), BENCH_PROCESSES or --processes=N (1 or 2,
// default 1), BENCH_CPU_PROFILE=DIR (each store writes a V8 CPU profile there; see profile-summary.ts),
// BENCH_HEAP=1 (after each round, also the stores' JavaScript heap and garbage collections, from
// scripts/heap-probe.mjs; =gc adds the heap still in use after a forced full collection, which changes the
// rounds that follow: for finding a leak, not for the RSS figure), BENCH_NODE_FLAGS (more node flags for the
// stores, after their own, e.g. to compare V8 heap settings; see ADR 0029).
// BENCH_SHOPPER or --shopper=app: the buyers are apps on the JSON API (/api/v1: add to the cart, read the
// checkout's summary, place the order with an Idempotency-Key) instead of browsers without JavaScript posting
// forms; the same visit and checks, without a rendered page (the store's checkout with no page to render).
// Exit code: non-zero when a unit was oversold, a counter went negative or disagrees with the
// ledger, or any request answered 5xx or failed outright.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { restock } from "../core/inventory/index.ts";
import { openDatabase } from "../db/client.ts";
import { seedCatalogue } from "../db/seed/index.ts";
import { createScratchDatabase } from "../tests/database.ts";
import { HTTP_CARDS, mapLimit } from "../tests/http-shopper.ts";
import { appBuyer, formBuyer, type Buyer } from "./bench/checkout-buyers.ts";
import { describeHeap, heapFlags, heapSetting, readHeap } from "./bench/checkout-heap.ts";
import { checkStock, pickRacedVariants, RESTOCK_REASON, type Picked } from "./bench/checkout-stock.ts";
import { cpuMsOf, cpuProfileFlags, envNumber, onCleanup, percentile, postgresCpuMs, rssOf, runMain, startStore, table, visitUntil, type Store } from "./bench-lib.ts";

const DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/test";
const RESTOCK_EVERY_MS = 2000;
const RESTOCK_UNITS = 2;
/** The targets of issue 16, printed with the figures (the exit code is about correctness only). */
const TARGET_CHECKOUTS_PER_S = 100;
const TARGET_P99_MS = 300;
const RSS_GROWTH_LIMIT = 1.3;

function processesSetting(): number {
  const flag = process.argv.find((a) => a.startsWith("--processes="))?.split("=")[1];
  const value = Number(flag ?? process.env.BENCH_PROCESSES ?? 1);
  if (value !== 1 && value !== 2) throw new Error(`--processes must be 1 or 2 (got ${flag ?? process.env.BENCH_PROCESSES})`);
  return value;
}

/** Who the buyers are: browsers without JavaScript on the web's forms, or apps on the JSON API. */
function shopperSetting(): "form" | "app" {
  const value = process.argv.find((a) => a.startsWith("--shopper="))?.split("=")[1] ?? process.env.BENCH_SHOPPER ?? "form";
  if (value !== "form" && value !== "app") throw new Error(`--shopper must be form or app (got ${value})`);
  return value;
}

function extraNodeFlags(): string[] {
  return (process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
}

const mb = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);

/** A fresh database on the server named by `serverUrl`; dropped (forcibly) by the cleanups. */
async function createBenchDatabase(serverUrl: string): Promise<string> {
  const scratch = await createScratchDatabase(serverUrl, "store_bench");
  onCleanup(async () => {
    await scratch.drop();
    console.log(`database ${scratch.name} dropped`);
  });
  return scratch.url;
}

async function main(): Promise<number> {
  const seconds = envNumber("BENCH_SECONDS", 10);
  const rounds = Math.round(envNumber("BENCH_ROUNDS", 5));
  const concurrency = Math.round(envNumber("BENCH_CONCURRENCY", 20));
  const buyerCount = Math.round(envNumber("BENCH_BUYERS", 40));
  const processCount = processesSetting();
  const shopper = shopperSetting();
  if (buyerCount < concurrency) throw new Error(`BENCH_BUYERS (${buyerCount}) must be at least BENCH_CONCURRENCY (${concurrency})`);
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_SERVER;

  const databaseUrl = await createBenchDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  onCleanup(() => database.close());
  await database.migrate();
  await seedCatalogue(database.db);
  const db = database.db;

  const { picked, initial } = await pickRacedVariants(db);
  const pick = (): Picked => {
    let r = Math.random();
    for (const p of picked) if ((r -= p.weight) <= 0) return p;
    return picked[picked.length - 1]!;
  };

  const authSecret = randomBytes(32).toString("base64url");
  const stores: Store[] = [];
  const heapDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-heap-"));
  onCleanup(() => fs.rmSync(heapDir, { recursive: true, force: true }));
  const heapFiles = Array.from({ length: processCount }, (_, i) => path.join(heapDir, `store-${i + 1}.jsonl`));
  let heapReadings = 0;
  for (let i = 0; i < processCount; i++) {
    stores.push(
      await startStore({
        env: {
          DATABASE_URL: databaseUrl,
          AUTH_SECRET: authSecret,
          PAYMENT_PROVIDER: "test",
          HEAP_PROBE_FILE: heapFiles[i]!,
          HEAP_PROBE_GC: heapSetting === "gc" ? "1" : "0",
          // Every app comes from this machine's one address: the API's per-address limit would refuse the load itself.
          ...(shopper === "app" ? { API_RATE_LIMIT_PER_ADDRESS: "1000000", API_RATE_LIMIT_PER_TOKEN: "1000000" } : {}),
        },
        nodeFlags: [...cpuProfileFlags(`store-${i + 1}`), ...heapFlags(), ...extraNodeFlags()],
      }),
    );
  }

  // Any 5xx or failed request, wherever in a buyer's steps it happens.
  const serverErrors: string[] = [];
  const transportErrors: string[] = [];
  const noteStatus = (what: string, status: number) => {
    if (status >= 500) serverErrors.push(`${what}: ${status}`);
  };

  const setupStarted = Date.now();
  const run = randomBytes(3).toString("hex");
  const buyers: Buyer[] = await mapLimit(
    Array.from({ length: buyerCount }, (_, i) => i),
    4 * processCount,
    async (i) => {
      const signUp = shopper === "app" ? appBuyer : formBuyer;
      return signUp(stores[i % processCount]!.url, `bench-${run}-${i}@east-harlem.test`, `Bench Buyer ${i}`);
    },
  );
  console.log(`${buyerCount} buyers (${shopper === "app" ? "apps on the JSON API" : "browsers without JavaScript, on the forms"}) registered in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s, spread over ${processCount} process(es)\n`);

  const outcomes = { paid: 0, insufficientStock: 0, declined: 0, other: 0 };
  let cartRefusals = 0;
  const latencies: number[] = [];
  const idle = [...buyers];

  /** One buyer's visit: fill the cart, open the checkout, pay; leave the cart empty either way. */
  async function visit(buyer: Buyer): Promise<void> {
    const lines = Math.random() < 0.3 ? [pick(), pick()] : [pick()];
    let inCart = 0;
    for (const line of lines) {
      const { status, added } = await buyer.add(line.id, Math.random() < 0.2 ? 2 : 1);
      noteStatus("POST /cart", status);
      if (added) inCart += 1;
      else if (status === 409) cartRefusals += 1; // sold out before it reached the cart
      else throw new Error(`POST /cart answered ${status}`);
    }
    if (inCart === 0) return;
    noteStatus("GET /checkout", await buyer.open());
    const card = Math.random() < 0.05 ? HTTP_CARDS.declined : HTTP_CARDS.good;
    const started = performance.now();
    const answer = await buyer.pay(card);
    latencies.push(performance.now() - started);
    noteStatus("POST /checkout", answer.status);
    if (answer.kind === "paid") outcomes.paid += 1;
    else if (answer.kind === "insufficient_stock") outcomes.insufficientStock += 1;
    else if (answer.kind === "payment_error") outcomes.declined += 1;
    else outcomes.other += 1;
    if (answer.kind !== "paid") await buyer.clear();
  }

  // The warehouse keeps receiving the scarce variants while buyers race for them.
  let restocking = true;
  const restockErrors: string[] = [];
  const restocker = (async () => {
    while (restocking) {
      await new Promise((r) => setTimeout(r, RESTOCK_EVERY_MS));
      if (!restocking) break;
      for (const p of picked.filter((x) => x.tier === "scarce")) {
        await restock(db, p.id, RESTOCK_UNITS, { actor: "bench", reason: RESTOCK_REASON }).catch((error: unknown) => {
          restockErrors.push(error instanceof Error ? error.message : String(error));
        });
      }
    }
  })();

  // Rounds of load, back to back; after each the stores' resident memory is read (it should level off).
  console.log(`running: ${concurrency} buyers at once, ${rounds} rounds of ${seconds} s...`);
  const rss: (number | null)[][] = stores.map(() => []);
  // The app processes' CPU and the database's transactions (each statement outside a transaction is one) over the rounds: per checkout, they hardly depend on
  // how busy the machine is, so runs on a shared machine compare by them.
  const cpuBefore = stores.map((s) => cpuMsOf(s.serverPid()));
  const commitsOf = async () => {
    const result = (await db.execute(sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`)) as unknown as { rows: { n: string }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  // A backend reports its counts when it exits, or within 10 s of going idle: the sign-ups' are in by then.
  await new Promise((r) => setTimeout(r, 11_000));
  const commitsBefore = await commitsOf();
  // PostgreSQL's CPU (every postgres process here) and this script's (the buyers, the restocker) from now on.
  const postgresBefore = postgresCpuMs();
  const buyersBefore = process.cpuUsage();
  if (heapSetting) {
    heapReadings += 1;
    for (const [i, store] of stores.entries()) console.log(`  before round 1${stores.length > 1 ? ` (process ${i + 1})` : ""}: ${describeHeap(await readHeap(store.serverPid(), heapFiles[i]!, heapReadings))}`);
  }
  const started = Date.now();
  for (let round = 0; round < rounds; round++) {
    const roundStarted = Date.now();
    const paidBefore = outcomes.paid;
    const deadline = roundStarted + seconds * 1000;
    await visitUntil(deadline, concurrency, idle, async (buyer) => {
      try {
        await visit(buyer);
      } catch (error) {
        transportErrors.push(error instanceof Error ? error.message : String(error));
        // Leave the cart as empty as we can for the buyer's next visit.
        await buyer.clear().catch(() => {});
      }
    });
    stores.forEach((store, i) => rss[i]!.push(rssOf(store.serverPid())));
    const rate = (outcomes.paid - paidBefore) / ((Date.now() - roundStarted) / 1000);
    console.log(`  round ${round + 1}: ${rate.toFixed(1)} completed checkouts/s; RSS ${rss.map((r) => mb(r[round]!)).join(", ")}`);
    // Read after the RSS, so that the reading (and a forced collection) is not in the RSS figure.
    if (heapSetting) {
      heapReadings += 1;
      for (const [i, store] of stores.entries()) console.log(`    ${stores.length > 1 ? `process ${i + 1}: ` : ""}${describeHeap(await readHeap(store.serverPid(), heapFiles[i]!, heapReadings))}`);
    }
  }
  const elapsedS = (Date.now() - started) / 1000;
  const cpuAfter = stores.map((s) => cpuMsOf(s.serverPid()));
  const cpuMs = cpuAfter.every((v, i) => v !== null && cpuBefore[i] !== null) ? cpuAfter.reduce<number>((n, v, i) => n + v! - cpuBefore[i]!, 0) : null;
  const postgresAfter = postgresCpuMs();
  const postgresMs = postgresAfter !== null && postgresBefore !== null ? postgresAfter - postgresBefore : null;
  const buyersUsage = process.cpuUsage(buyersBefore);
  const buyersMs = (buyersUsage.user + buyersUsage.system) / 1000;
  restocking = false;
  await restocker;
  for (const store of stores) await store.stop();
  // The stores' backends reported their counts as they exited.
  await new Promise((r) => setTimeout(r, 500));
  const commits = (await commitsOf()) - commitsBefore;
  console.log("store stopped\n");

  const { oversold, ledgerProblems, stockRows, negative, held } = await checkStock(db, picked, initial, outcomes.paid);

  const sorted = [...latencies].sort((a, b) => a - b);
  const checkouts = latencies.length;
  console.log(table(["tier", "variant", "initial", "restocked", "sold", "on hand"], stockRows));
  console.log(
    "\n" +
      table(
        ["measure", "value"],
        [
          ["buyers", shopper === "app" ? "apps (JSON API)" : "browsers (forms)"],
          ["app processes", String(processCount)],
          ["buyers at once", String(concurrency)],
          ["duration", `${elapsedS.toFixed(1)} s (${rounds} rounds)`],
          ["checkouts submitted", String(checkouts)],
          ["completed checkouts per second", (outcomes.paid / elapsedS).toFixed(1)],
          ["checkout POSTs per second", (checkouts / elapsedS).toFixed(1)],
          ["app CPU per completed checkout", cpuMs === null ? "n/a" : `${(cpuMs / Math.max(1, outcomes.paid)).toFixed(1)} ms`],
          ["app CPU used (of the rounds' wall time)", cpuMs === null ? "n/a" : `${((cpuMs / 1000 / elapsedS) * 100).toFixed(0)} %`],
          ["PostgreSQL CPU per completed checkout", postgresMs === null ? "n/a" : `${(postgresMs / Math.max(1, outcomes.paid)).toFixed(1)} ms`],
          ["buyers' CPU per completed checkout (this script)", `${(buyersMs / Math.max(1, outcomes.paid)).toFixed(1)} ms`],
          ["database transactions per completed checkout", (commits / Math.max(1, outcomes.paid)).toFixed(1)],
          ["checkout POST p50", `${percentile(sorted, 0.5).toFixed(0)} ms`],
          ["checkout POST p99", `${percentile(sorted, 0.99).toFixed(0)} ms`],
          ["paid", String(outcomes.paid)],
          ["insufficient stock (409)", String(outcomes.insufficientStock)],
          ["card declined (402)", String(outcomes.declined)],
          ["other answers", String(outcomes.other)],
          ["refused at the cart (sold out)", String(cartRefusals)],
          ["5xx answers", String(serverErrors.length)],
          ["failed requests", String(transportErrors.length)],
          ["checkouts still holding stock", String(held)],
          ["variants with negative or over-reserved stock", String(negative)],
          ["units oversold", String(oversold)],
        ],
      ),
  );

  const rate = outcomes.paid / elapsedS;
  const p99 = percentile(sorted, 0.99);
  console.log(`\ncompleted checkouts per second: ${rate.toFixed(1)} (target ${TARGET_CHECKOUTS_PER_S} or more): ${rate >= TARGET_CHECKOUTS_PER_S ? "PASS" : "FAIL"}`);
  console.log(`checkout POST p99: ${p99.toFixed(0)} ms (target under ${TARGET_P99_MS} ms): ${p99 < TARGET_P99_MS ? "PASS" : "FAIL"}`);
  rss.forEach((series, i) => {
    const first = series[0];
    const last = series[series.length - 1];
    const which = stores.length > 1 ? ` (process ${i + 1})` : "";
    const list = series.map((v) => mb(v ?? null)).join(", ");
    if (first == null || last == null) return console.log(`RSS${which} after each round: ${list}: not measured`);
    const growth = last / first;
    console.log(`RSS${which} after each round: ${list}; round ${series.length} is ${growth.toFixed(2)} × round 1 (target at most ${RSS_GROWTH_LIMIT}): ${growth <= RSS_GROWTH_LIMIT ? "PASS" : "FAIL"}`);
  });

  const problems = [
    ...(oversold > 0 ? [`${oversold} units oversold`] : []),
    ...(negative > 0 ? [`${negative} variants with negative stock`] : []),
    ...ledgerProblems,
    ...serverErrors.slice(0, 5),
    ...restockErrors.slice(0, 5).map((e) => `restock failed: ${e}`),
    ...transportErrors.slice(0, 5).map((e) => `request failed: ${e}`),
    ...(outcomes.other > 0 ? [`${outcomes.other} checkout answers were neither paid, 409 nor 402`] : []),
  ];
  if (problems.length > 0) {
    console.log(`\nFAIL:\n  ${problems.join("\n  ")}`);
    return 1;
  }
  console.log("\nPASS: nothing oversold, no 5xx, counters and ledger agree");
  return 0;
}

runMain(main);
