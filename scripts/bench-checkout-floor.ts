// npm run bench:checkout-floor — the most checkouts per second this machine gives bench:checkout's visit
// when nothing but the visit runs: the same buyers (apps, BENCH_CONCURRENCY at once) against a skeleton
// server on plain node:http and the pg driver (scripts/checkout-floor-server.ts: no framework, no query
// builder, no identity library, no rule beyond the stock's, fewer statements than the store), on a fresh
// PostgreSQL database (DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
// dropped afterwards). Two runs: statements sent as text (as the store sends them) and as named prepared
// statements. For each: completed checkouts/s, the checkout POST's p50/p99, statements and transactions per
// checkout, and the CPU per checkout of the server, of PostgreSQL (every postgres process on this machine)
// and of the buyers: where the two cores go when nothing else is there. Not a test of the store: a ceiling
// for bench:checkout's figure (ADR 0029). Settings: BENCH_SECONDS (per run, default 10), BENCH_CONCURRENCY
// (default 20), BENCH_BUYERS (default 40).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { createScratchDatabase } from "../tests/database.ts";
import { cpuMsOf, envNumber, freePort, onCleanup, percentile, postgresCpuMs, runMain, stopChild, table, visitUntil } from "./bench-lib.ts";

const DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/test";
const VARIANTS = 16;

const SCHEMA = `
create table floor_users (id serial primary key, email text not null, role text not null, language text not null default 'en');
create table floor_sessions (id serial primary key, token text not null unique, user_id int not null references floor_users, expires_at timestamptz not null);
create table floor_carts (id serial primary key, user_id int not null unique references floor_users, updated_at timestamptz not null default now());
create table floor_variants (id serial primary key, price int not null, stock int not null check (stock >= 0), reserved int not null default 0 check (reserved >= 0));
create table floor_cart_lines (id serial primary key, cart_id int not null references floor_carts, variant_id int not null references floor_variants, quantity int not null, unique (cart_id, variant_id));
create table floor_events (id bigserial primary key, kind text not null, user_id int, variant_id int, at timestamptz not null default now());
create table floor_attempts (id serial primary key, user_id int not null, key text not null unique, status text not null, order_id int);
create table floor_movements (id bigserial primary key, variant_id int not null references floor_variants, delta int not null, reason text not null, at timestamptz not null default now());
create table floor_orders (id serial primary key, user_id int not null references floor_users, total int not null, attempt_id int not null references floor_attempts, at timestamptz not null default now());
create table floor_order_lines (id serial primary key, order_id int not null references floor_orders, variant_id int not null references floor_variants, quantity int not null, price int not null);
create table floor_order_history (id serial primary key, order_id int not null references floor_orders, status text not null, at timestamptz not null default now());
create table floor_days (day date primary key);
create table floor_outbox (id bigserial primary key, kind text not null, payload jsonb not null, at timestamptz not null default now());
create table floor_jobs (id bigserial primary key, kind text not null, ref int not null);
`;

interface RunResult {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  statements: number;
  transactions: number;
  serverMs: number | null;
  postgresMs: number | null;
  buyersMs: number;
}

async function runOnce(url: string, prepared: boolean, seconds: number, concurrency: number, buyers: number): Promise<RunResult> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "checkout-floor-server.ts")], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), FLOOR_PREPARED: prepared ? "1" : "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = onCleanup(async () => {
    await stopChild(child);
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`the floor's server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const stats = async () => (await (await fetch(`${base}/floor/stats`)).json()) as { statements: number; transactions: number };

  const latencies: number[] = [];
  let completed = 0;
  let failed = 0;
  const visit = async (buyer: number) => {
    const headers = { authorization: `Bearer floor-${buyer}`, "content-type": "application/json" };
    const adds = Math.random() < 0.5 ? 1 : 2;
    for (let i = 0; i < adds; i++) {
      const added = await fetch(`${base}/cart/items`, { method: "POST", headers, body: JSON.stringify({ variantId: 1 + Math.floor(Math.random() * VARIANTS) }) });
      await added.arrayBuffer();
      if (added.status !== 201) failed++;
    }
    const summary = await fetch(`${base}/checkout`, { headers });
    await summary.arrayBuffer();
    const sent = performance.now();
    const placed = await fetch(`${base}/checkout`, { method: "POST", headers: { ...headers, "idempotency-key": randomUUID() } });
    await placed.arrayBuffer();
    latencies.push(performance.now() - sent);
    if (placed.status === 201) completed++;
    else failed++;
  };

  // A short warm-up (connections, prepared statements, JIT), then the measured run.
  const idle = Array.from({ length: buyers }, (_, i) => i + 1);
  const load = (ms: number) => visitUntil(Date.now() + ms, concurrency, idle, visit);
  await load(2000);
  latencies.length = 0;
  completed = 0;
  failed = 0;
  const before = { stats: await stats(), server: cpuMsOf(child.pid ?? null), postgres: postgresCpuMs(), buyers: process.cpuUsage() };
  const started = performance.now();
  await load(seconds * 1000);
  const elapsedS = (performance.now() - started) / 1000;
  const after = { stats: await stats(), server: cpuMsOf(child.pid ?? null), postgres: postgresCpuMs(), buyers: process.cpuUsage(before.buyers) };
  await stop();

  const sorted = latencies.sort((a, b) => a - b);
  const per = (n: number) => n / Math.max(1, completed);
  return {
    perSecond: completed / elapsedS,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    failed,
    statements: per(after.stats.statements - before.stats.statements),
    transactions: per(after.stats.transactions - before.stats.transactions),
    serverMs: after.server !== null && before.server !== null ? per(after.server - before.server) : null,
    postgresMs: after.postgres !== null && before.postgres !== null ? per(after.postgres - before.postgres) : null,
    buyersMs: per((after.buyers.user + after.buyers.system) / 1000),
  };
}

async function main(): Promise<number> {
  const seconds = envNumber("BENCH_SECONDS", 10);
  const concurrency = envNumber("BENCH_CONCURRENCY", 20);
  const buyers = Math.max(concurrency, envNumber("BENCH_BUYERS", 40));
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_SERVER;
  const scratch = await createScratchDatabase(serverUrl, "floor_bench");
  onCleanup(async () => {
    await scratch.drop();
    console.log(`database ${scratch.name} dropped`);
  });
  const setup = new pg.Client({ connectionString: scratch.url });
  await setup.connect();
  try {
    await setup.query(SCHEMA);
    await setup.query("insert into floor_users (email, role) select 'buyer-' || g || '@east-harlem.test', 'customer' from generate_series(1, $1::int) g", [buyers]);
    await setup.query("insert into floor_sessions (token, user_id, expires_at) select 'floor-' || g, g, now() + interval '1 day' from generate_series(1, $1::int) g", [buyers]);
    await setup.query("insert into floor_variants (price, stock) select 2500 + 500 * (g % 4), 10000000 from generate_series(1, $1::int) g", [VARIANTS]);
  } finally {
    await setup.end();
  }
  console.log(`the checkout visit on a skeleton server: ${concurrency} buyers at once, ${seconds} s per run\n`);

  const rows: string[][] = [];
  let failures = 0;
  for (const prepared of [false, true]) {
    const r = await runOnce(scratch.url, prepared, seconds, concurrency, buyers);
    failures += r.failed;
    const ms = (v: number | null) => (v === null ? "n/a" : v.toFixed(1));
    rows.push([
      prepared ? "named prepared statements" : "statements as text",
      r.perSecond.toFixed(1),
      r.p50.toFixed(0),
      r.p99.toFixed(0),
      r.statements.toFixed(1),
      r.transactions.toFixed(1),
      ms(r.serverMs),
      ms(r.postgresMs),
      ms(r.buyersMs),
      String(r.failed),
    ]);
  }
  console.log(
    table(
      ["statements sent", "checkouts/s", "POST p50 ms", "POST p99 ms", "statements per checkout", "transactions", "server CPU ms", "PostgreSQL CPU ms", "buyers CPU ms", "failed"],
      rows,
    ),
  );
  console.log("\n(CPU per completed checkout; PostgreSQL's is every postgres process on this machine.)");
  return failures === 0 ? 0 : 1;
}

runMain(main);
