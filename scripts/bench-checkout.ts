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
import { pathToFileURL } from "node:url";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { adjustStock, restock } from "../core/inventory/index.ts";
import { openDatabase } from "../db/client.ts";
import { checkoutAttempts, HOLDING_STATUSES, orderItems, orders, products, stockMovements, variants } from "../db/schema/index.ts";
import { seedCatalogue } from "../db/seed/index.ts";
import { createScratchDatabase } from "../tests/database.ts";
import { ApiClient } from "../tests/api-client.ts";
import { Client } from "../tests/http-client.ts";
import {
  addToCartOverHttp,
  checkoutFields,
  type CheckoutAnswer,
  clearCartOverHttp,
  HTTP_CARDS,
  mapLimit,
  openCheckout,
  registerOverHttp,
  submitCheckout,
} from "../tests/http-shopper.ts";
import { cpuMsOf, cpuProfileFlags, envNumber, onCleanup, percentile, postgresCpuMs, rssOf, runMain, startStore, table, visitUntil, type Store } from "./bench-lib.ts";

const DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/test";
const REQUEST_TIMEOUT_MS = 30_000;
const RESTOCK_EVERY_MS = 2000;
const RESTOCK_UNITS = 2;
const RESTOCK_REASON = "Bench restock";
/** The targets of issue 16, printed with the figures (the exit code is about correctness only). */
const TARGET_CHECKOUTS_PER_S = 100;
const TARGET_P99_MS = 300;
const RSS_GROWTH_LIMIT = 1.3;

/** The stock mix: scarce variants are raced for, common ones sell out during the run, deep ones never do. */
const MIX = [
  { tier: "scarce", count: 4, stock: 3, weight: 0.4 },
  { tier: "common", count: 8, stock: 25, weight: 0.4 },
  { tier: "deep", count: 4, stock: 5000, weight: 0.2 },
] as const;

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

/** BENCH_HEAP: the heap probe is loaded into each store, which appends a line to its file on SIGUSR2. */
const HEAP_PROBE = pathToFileURL(path.resolve(import.meta.dirname, "heap-probe.mjs")).href;
const heapSetting = process.env.BENCH_HEAP ?? "";

function heapFlags(): string[] {
  if (!heapSetting) return [];
  return [...(heapSetting === "gc" ? ["--expose-gc"] : []), "--import", HEAP_PROBE];
}

function extraNodeFlags(): string[] {
  return (process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
}

interface HeapReading {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  oldUsedMb: number;
  oldSizeMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  collections: Record<string, { count: number; ms: number }>;
  afterFullGcHeapUsedMb?: number;
}

/** Asks a store's heap probe for a reading (SIGUSR2) and waits for its line in `file` (the n-th). */
async function readHeap(pid: number | null, file: string, n: number): Promise<HeapReading | null> {
  if (pid === null) return null;
  process.kill(pid, "SIGUSR2");
  for (let waited = 0; waited < 5000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
    const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
    if (lines.length >= n) return JSON.parse(lines[n - 1]!) as HeapReading;
  }
  return null;
}

function describeHeap(h: HeapReading | null): string {
  if (!h) return "heap: no reading";
  const gc = (kind: string) => `${h.collections[kind]?.count ?? 0} (${h.collections[kind]?.ms ?? 0} ms)`;
  const kept = h.afterFullGcHeapUsedMb === undefined ? "" : `; after a full collection ${h.afterFullGcHeapUsedMb} MB in use`;
  return (
    `heap ${h.heapUsedMb} of ${h.heapTotalMb} MB (old space ${h.oldUsedMb} of ${h.oldSizeMb}), external ${h.externalMb} MB ` +
    `(array buffers ${h.arrayBuffersMb}); so far ${gc("scavenge")} scavenges, ${gc("markCompact")} mark-compacts${kept}`
  );
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

interface Picked {
  id: number;
  label: string;
  tier: (typeof MIX)[number]["tier"];
  weight: number;
}

type Card = (typeof HTTP_CARDS)[keyof typeof HTTP_CARDS];
/** How a checkout POST ended, as tests/http-shopper.ts reads the form's answer. */
type CheckoutKind = CheckoutAnswer["kind"];

/** A buyer's visit, step by step, the same whoever the buyer is; each step answers with the HTTP status. */
interface Buyer {
  /** Adds units of a variant: true when they are in the cart, false when the store refused them as sold out (409). */
  add(variantId: number, quantity: number): Promise<{ status: number; added: boolean }>;
  /** Opens the checkout (the page, or the app's summary). */
  open(): Promise<number>;
  /** Pays for the cart with the card: the checkout POST alone, which the bench times. */
  pay(card: Card): Promise<{ status: number; kind: CheckoutKind }>;
  /** Leaves the cart empty. */
  clear(): Promise<void>;
}

/** A browser without JavaScript on the web's forms (tests/http-shopper.ts), signed up through the sign-up form. */
async function formBuyer(url: string, email: string, name: string): Promise<Buyer> {
  const client = new Client(url, REQUEST_TIMEOUT_MS);
  await registerOverHttp(client, email, name);
  // The idempotency key the checkout page's form carries, sent back with the payment.
  let key = "";
  return {
    async add(variantId, quantity) {
      const res = await addToCartOverHttp(client, variantId, quantity);
      await res.arrayBuffer();
      return { status: res.status, added: res.status === 200 };
    },
    async open() {
      key = await openCheckout(client);
      return 200;
    },
    pay: (card) => submitCheckout(client, checkoutFields(key, { name, email }, card)),
    clear: () => clearCartOverHttp(client),
  };
}

/** An app on the JSON API (/api/v1), signed up with its token: the same visit, each step answered with JSON. */
async function appBuyer(url: string, email: string, name: string): Promise<Buyer> {
  const app = new ApiClient(url, { timeoutMs: REQUEST_TIMEOUT_MS });
  const signedUp = await app.post<{ token: string }>("/auth/sign-up", { email, password: "bench-password-1", displayName: name, acceptTerms: true });
  if (signedUp.status !== 201) throw new Error(`POST /api/v1/auth/sign-up answered ${signedUp.status}: ${signedUp.text.slice(0, 200)}`);
  app.token = signedUp.body.token;
  return {
    async add(variantId, quantity) {
      const { status } = await app.post("/cart/items", { variantId, quantity });
      return { status, added: status === 201 };
    },
    async open() {
      return (await app.get("/checkout")).status;
    },
    async pay(card) {
      const { idempotencyKey: _form, cardNumber, cardExpiry, cardCvc, ...billing } = checkoutFields("", { name, email }, card);
      const res = await app.call<{ status: string }>("POST", "/checkout", {
        json: { ...billing, card: { cardNumber, cardExpiry, cardCvc } },
        headers: { "Idempotency-Key": randomBytes(12).toString("base64url") },
      });
      const kind: CheckoutKind =
        res.status === 201 && res.body.status === "completed" ? "paid" : res.status === 409 ? "insufficient_stock" : res.status === 402 ? "payment_error" : "other";
      return { status: res.status, kind };
    },
    async clear() {
      const cart = await app.get<{ lines: { id: number }[] }>("/cart");
      for (const line of cart.body?.lines ?? []) await app.delete(`/cart/items/${line.id}`);
    },
  };
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

  // The variants raced for, with their starting stock set by a stock take (an inventory command).
  const rows = await db
    .select({ id: variants.id, name: products.name, size: variants.size, color: variants.color })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.active, true), eq(products.active, true)))
    .orderBy(variants.id);
  const needed = MIX.reduce((n, m) => n + m.count, 0);
  if (rows.length < needed) throw new Error(`the catalogue has ${rows.length} variants; the bench needs ${needed}`);
  const picked: Picked[] = [];
  const initial = new Map<number, number>();
  // Every other variant, so the raced ones come from many products.
  const pool = rows.filter((_, i) => i % 2 === 0).concat(rows.filter((_, i) => i % 2 === 1));
  for (const m of MIX) {
    for (let i = 0; i < m.count; i++) {
      const v = pool[picked.length]!;
      await adjustStock(db, v.id, m.stock, { actor: "bench", reason: "Bench starting stock" });
      initial.set(v.id, m.stock);
      const options = [v.size, v.color].filter(Boolean).join(", ");
      picked.push({ id: v.id, label: `${v.name}${options ? ` (${options})` : ""}`, tier: m.tier, weight: m.weight / m.count });
    }
  }
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

  // What was sold, from the paid orders, against the stock there ever was.
  const ids = picked.map((p) => p.id);
  const soldRows = await db
    .select({ variantId: orderItems.variantId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orderItems.variantId, ids))
    .groupBy(orderItems.variantId);
  const movementRows = await db
    .select({ variantId: stockMovements.variantId, type: stockMovements.type, reason: stockMovements.reason, units: sql<number>`sum(${stockMovements.quantity})::int` })
    .from(stockMovements)
    .where(and(inArray(stockMovements.variantId, ids), inArray(stockMovements.type, ["sale", "restock"])))
    .groupBy(stockMovements.variantId, stockMovements.type, stockMovements.reason);
  const counters = await db.select({ id: variants.id, onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(inArray(variants.id, ids));
  const [negative] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(variants)
    .where(or(sql`${variants.onHand} < 0`, sql`${variants.reserved} < 0`, sql`${variants.reserved} > ${variants.onHand}`));
  const [held] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkoutAttempts)
    .where(inArray(checkoutAttempts.status, [...HOLDING_STATUSES]));
  const [orderCount] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);

  let oversold = 0;
  const ledgerProblems: string[] = [];
  const stockRows: string[][] = [];
  for (const p of picked) {
    const sold = soldRows.find((r) => r.variantId === p.id)?.units ?? 0;
    const restocked = movementRows.find((r) => r.variantId === p.id && r.type === "restock" && r.reason === RESTOCK_REASON)?.units ?? 0;
    const saleMovements = movementRows.filter((r) => r.variantId === p.id && r.type === "sale").reduce((n, r) => n + r.units, 0);
    const supply = initial.get(p.id)! + restocked;
    const counter = counters.find((c) => c.id === p.id)!;
    oversold += Math.max(0, sold - supply);
    if (saleMovements !== sold) ledgerProblems.push(`${p.label}: ${sold} units in orders but ${saleMovements} in sale movements`);
    if (counter.onHand !== supply - sold) ledgerProblems.push(`${p.label}: on hand ${counter.onHand}, expected ${supply - sold}`);
    if (counter.reserved !== 0) ledgerProblems.push(`${p.label}: ${counter.reserved} still reserved`);
    stockRows.push([p.tier, p.label, String(initial.get(p.id)), String(restocked), String(sold), String(counter.onHand)]);
  }
  if (orderCount!.n !== outcomes.paid) ledgerProblems.push(`${outcomes.paid} checkouts answered paid but ${orderCount!.n} orders exist`);

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
          ["checkouts still holding stock", String(held!.n)],
          ["variants with negative or over-reserved stock", String(negative!.n)],
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
    ...(negative!.n > 0 ? [`${negative!.n} variants with negative stock`] : []),
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
