// npm run bench:drop — a limited drop with a waiting room (issue 18, ADR 0034) on PostgreSQL with two app
// processes: thousands of signed-in shoppers (a share of them bot-like) arrive within seconds for a hundred
// units with a limit of one each. Prints units sold (exactly the units there were), customers over the
// limit (0), 5xx answers and failed requests (0), how far admission order strayed from queue order, p50/p99
// of the wait in line and of each route's answer time, what the bots got, and the stores' RSS.
//
// Setup (untimed): a fresh database on the PostgreSQL server (DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test), migrated and seeded. One seeded product becomes the drop: a
// stock take (core/inventory adjustStock) gives a few of its sizes 100 units in all and the rest 0, its
// limit per customer is 1, and its waiting room is switched on by core/queue saveQueueSettings (the
// product editor's command), which fills the admission bucket as switching it on in the back office does.
// The shoppers' accounts and sessions are inserted straight into `users` and `sessions` (a sign-up through
// the form costs a password hash each, minutes for thousands on 2 cores), and each session cookie is signed
// as better-auth signs it (`eh.session_token` = token + "." + base64 HMAC-SHA256 of the token with the
// AUTH_SECRET both stores are given). Two stores start on the database, trusting 127.0.0.1 as a proxy so
// each shopper comes from its own address (X-Forwarded-For); the bots share a few addresses.
//
// Timed: the drop opens when the clock starts; every shopper arrives at a random moment within
// BENCH_ARRIVAL_SECONDS, on one of the two stores (alternating), over plain HTTP with keep-alive and at most
// BENCH_INFLIGHT requests in flight at once (with BENCH_BOT_INFLIGHT, the bots' farm has that many of its own). People behave like the page: open the product page (which, while
// they wait, is the light waiting page and takes a place in line), ask /shop/:slug/queue as often as the
// line says (every QUEUE_POLL_MS near its front, less often farther back) until let in, then load the product page (as the waiting page does), add a size to the cart (one other size
// when that one is gone), open the checkout and pay with a card of their own; refused because sold out, they stop. Bots ask
// several times as often, try the cart before they are let in and again at once when refused, one in
// three with a forged eh_queue cookie, one in three reloading the product page every few rounds; let in,
// they buy as people do. Nothing is sent past BENCH_MAX_SECONDS; those still in line then are counted.
// Afterwards it checks orders against the stock and the ledger, the limit per account, that every buyer
// was let in before buying, and compares the order of admissions with the order of places. The database
// is dropped at the end.
//
// Settings: BENCH_SHOPPERS (5000), BENCH_UNITS (100), BENCH_BOT_SHARE (0.1), BENCH_ARRIVAL_SECONDS (10),
// BENCH_MAX_SECONDS (200), BENCH_INFLIGHT (128), BENCH_BOT_INFLIGHT (0: the bots share the shoppers' slots; 60 is six
// connections from each of the farm's ten addresses, a browser's limit per host), and the waiting room as an owner sets it for a hundred units
// (ADR 0040: shoppers served at once about what the stores check out in a minute or
// two, not the whole crowd): BENCH_QUEUE_CAPACITY (150), BENCH_QUEUE_RATE (600 a minute),
// BENCH_QUEUE_CHECKOUT_MINUTES (5).
// Exit code: non-zero when a unit was oversold, the ledger disagrees, an account holds more than the limit,
// an order was placed without being let in, any request answered 5xx or failed outright, units remained unsold
// while shoppers let in still wanted them (cut off, refused, or still waiting at the end), or a target was
// missed: the first sale within FIRST_SALE_TARGET_S of opening, sold out within SOLD_OUT_TARGET_S, and people's
// wait (arrival to "it's your turn") p99 within WAIT_P99_TARGET_S.
import { createHmac, randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { adjustStock } from "../core/inventory/index.ts";
import { QUEUE_POLL_MS, saveQueueSettings } from "../core/queue/index.ts";
import { openDatabase } from "../db/client.ts";
import { orderItems, orders, products, queueTickets, sessions, stockMovements, users, variants } from "../db/schema/index.ts";
import { seedCatalogue } from "../db/seed/index.ts";
import { createScratchDatabase } from "../tests/database.ts";
import { checkoutFields } from "../tests/http-shopper.ts";
import { cpuMsOf, cpuProfileFlags, envNumber, LightClient, onCleanup, percentile, postgresCpuMs, rssOf, runMain, startStore, table, type LightAnswer, type Store } from "./bench-lib.ts";

const DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/test";
const SLUG = "harlem-classic-tee";
const REQUEST_TIMEOUT_MS = 30_000;
const PROCESSES = 2;
/** Bots ask this often (the page asks every QUEUE_POLL_MS). */
const BOT_INTERVAL_MS = 1000;
/** Bots that reload the product page (rendered on the server) do so every this many rounds; they ask for their status in between. */
const RELOAD_EVERY = 5;
/** What every shopper's browser says it is (bots pass for browsers too): a crawler's name would be shown the product page, not the line. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
/** The addresses all bots come from: a small farm, so the join limit per address meets them. */
const BOT_ADDRESSES = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The targets of issue 33 on this kind of machine (2 cores, both stores and PostgreSQL on it). */
const FIRST_SALE_TARGET_S = 10;
const SOLD_OUT_TARGET_S = 60;
const WAIT_P99_TARGET_S = 60;

/** A 16-digit card number of the shopper's own that passes Luhn (the test processor charges it). */
function cardOf(i: number): string {
  const body = `4${String(100_000_000_000 + i).padStart(14, "0")}`;
  let sum = 0;
  for (let k = 0; k < body.length; k++) {
    let d = Number(body[body.length - 1 - k]);
    if (k % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** The session cookie's value as better-auth (better-call's signCookieValue) writes it. */
function signedSessionCookie(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}

/** At most `limit` requests in flight; the rest wait their turn in arrival order. */
function semaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

type Route = "product page" | "queue status" | "product page, let in" | "cart add" | "checkout page" | "pay";
const ROUTES: Route[] = ["product page", "queue status", "product page, let in", "cart add", "checkout page", "pay"];

interface Shopper {
  index: number;
  userId: string;
  name: string;
  email: string;
  bot: boolean;
  client: LightClient;
  arrivalMs: number;
  /** ms from arrival until the shopper learned it was let in, or null. */
  waitedMs: number | null;
  /** Each request: its route, when it was asked for and sent (ms from the opening), and when answered. */
  steps: { route: Route; askedMs: number; sentMs: number; answeredMs: number; status: number }[];
  /** "cut off": let in, but the run ended before the purchase did. */
  outcome: "bought" | "sold out" | "still waiting" | "cut off" | "refused" | "gave up" | null;
}

async function main(): Promise<number> {
  const shopperCount = Math.round(envNumber("BENCH_SHOPPERS", 5000));
  const units = Math.round(envNumber("BENCH_UNITS", 100));
  const botShare = envNumber("BENCH_BOT_SHARE", 0.1);
  const arrivalS = envNumber("BENCH_ARRIVAL_SECONDS", 10);
  const maxS = envNumber("BENCH_MAX_SECONDS", 200);
  const inflight = Math.round(envNumber("BENCH_INFLIGHT", 128));
  const botInflight = Math.round(envNumber("BENCH_BOT_INFLIGHT", 0));
  const settings = {
    capacity: Math.round(envNumber("BENCH_QUEUE_CAPACITY", 150)),
    ratePerMinute: Math.round(envNumber("BENCH_QUEUE_RATE", 600)),
    checkoutMinutes: Math.round(envNumber("BENCH_QUEUE_CHECKOUT_MINUTES", 5)),
  };
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_SERVER;

  // ---- Setup (untimed) -------------------------------------------------------------------------
  const setupStarted = Date.now();
  const scratch = await createScratchDatabase(serverUrl, "store_bench");
  onCleanup(async () => {
    await scratch.drop();
    console.log(`database ${scratch.name} dropped`);
  });
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  onCleanup(() => database.close());
  await database.migrate();
  await seedCatalogue(database.db);
  const db = database.db;

  const [product] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.slug, SLUG));
  if (!product) throw new Error(`the seeded catalogue has no ${SLUG}`);
  const productVariants = await db
    .select({ id: variants.id, size: variants.size, color: variants.color })
    .from(variants)
    .where(and(eq(variants.productId, product.id), eq(variants.active, true)))
    .orderBy(variants.id);
  const sizes = productVariants.slice(0, Math.min(4, productVariants.length));
  if (sizes.length === 0) throw new Error(`${SLUG} has no active variant`);
  const stockOf = new Map<number, number>();
  for (const [i, v] of productVariants.entries()) {
    const stock = i < sizes.length ? Math.floor(units / sizes.length) + (i < units % sizes.length ? 1 : 0) : 0;
    await adjustStock(db, v.id, stock, { actor: "bench", reason: "Drop stock take" });
    stockOf.set(v.id, stock);
  }
  await db.update(products).set({ limitPerCustomer: 1, onSaleAt: null, saleEndsAt: null }).where(eq(products.id, product.id));
  await db.transaction((tx) => saveQueueSettings(tx, product.id, settings));

  const authSecret = randomBytes(32).toString("base64url");
  const run = randomBytes(3).toString("hex");
  const botEvery = botShare > 0 ? Math.max(1, Math.round(1 / botShare)) : Infinity;
  // As a fresh sign-in makes it: 30 days (core/identity/library.ts), so better-auth does not renew it on its first use.
  const expiresAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const arrivals = Array.from({ length: shopperCount }, () => Math.random() * arrivalS * 1000).sort((a, b) => a - b);
  const shoppers: Shopper[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const sessionRows: (typeof sessions.$inferInsert)[] = [];
  for (let i = 0; i < shopperCount; i++) {
    const userId = `bench${run}${String(i).padStart(5, "0")}`;
    const token = randomBytes(24).toString("base64url");
    const bot = i % botEvery === botEvery - 1;
    const name = `Drop Shopper ${i}`;
    const email = `drop-${run}-${i}@east-harlem.test`;
    userRows.push({ id: userId, name, email, emailVerified: true });
    sessionRows.push({ id: `s${userId}`, token, userId, expiresAt, ipAddress: "127.0.0.1", userAgent: BROWSER });
    shoppers.push({ index: i, userId, name, email, bot, client: null as unknown as LightClient, arrivalMs: arrivals[i]!, waitedMs: null, steps: [], outcome: null });
    (shoppers[i] as { token?: string }).token = token;
  }
  for (let i = 0; i < userRows.length; i += 1000) await db.insert(users).values(userRows.slice(i, i + 1000));
  for (let i = 0; i < sessionRows.length; i += 1000) await db.insert(sessions).values(sessionRows.slice(i, i + 1000));

  const stores: Store[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    stores.push(await startStore({ env: { DATABASE_URL: scratch.url, AUTH_SECRET: authSecret, PAYMENT_PROVIDER: "test", TRUSTED_PROXIES: "127.0.0.1" }, nodeFlags: cpuProfileFlags(`store-${i + 1}`) }));
  }
  const turns = { bot: 0, person: 0 };
  for (const s of shoppers) {
    const address = s.bot ? `10.66.0.${1 + (s.index % BOT_ADDRESSES)}` : `10.${1 + Math.floor(s.index / 65_536)}.${Math.floor(s.index / 256) % 256}.${s.index % 256}`;
    // Taken in turn by the two stores, as a load balancer hands out connections: people and bots alike.
    s.client = new LightClient(stores[(s.bot ? turns.bot++ : turns.person++) % PROCESSES]!.url, REQUEST_TIMEOUT_MS, { "X-Forwarded-For": address, "User-Agent": BROWSER });
    s.client.cookies.set("eh.session_token", signedSessionCookie((s as { token?: string }).token!, authSecret));
    if (s.bot && s.index % 3 === 0) {
      // A forged place: a well-formed ticket id with a signature the store never gave.
      const forged = `${randomBytes(18).toString("base64url")}.${randomBytes(32).toString("base64url")}`;
      s.client.cookies.set("eh_queue", Buffer.from(JSON.stringify([forged])).toString("base64"));
    }
  }
  // One signed-in page per store, to check the shortcut's sessions before the clock starts.
  for (const s of shoppers.slice(0, PROCESSES)) {
    const res = await new LightClient(s.client.baseUrl, REQUEST_TIMEOUT_MS, { Cookie: `eh.session_token=${s.client.cookies.get("eh.session_token")}` }).get("/orders");
    if (res.status !== 200) throw new Error(`a bench session is not signed in: GET /orders answered ${res.status}`);
  }
  const bots = shoppers.filter((s) => s.bot).length;
  console.log(
    `setup: ${shopperCount} accounts (${bots} bot-like) with sessions, ${units} units of ${product.name} in ${sizes.length} sizes, limit 1 each, ` +
      `waiting room capacity ${settings.capacity}, ${settings.ratePerMinute} a minute, ${settings.checkoutMinutes} min to check out; ` +
      `${PROCESSES} stores; ${((Date.now() - setupStarted) / 1000).toFixed(1)} s\n`,
  );

  // ---- The drop (timed) ------------------------------------------------------------------------
  // The shoppers' slots; with BENCH_BOT_INFLIGHT the bots' farm (BOT_ADDRESSES machines) has slots of its own, so
  // a bot retrying at once waits on its own machines, never in a browser's place (and costs the stores all it asks).
  const limit = semaphore(inflight);
  const botLimit = botInflight > 0 ? semaphore(botInflight) : limit;
  // Every request in flight has a connection of its own (all of them may be to one store), as each shopper's browser has.
  LightClient.connectionsPerStore = inflight + botInflight;
  const times = new Map<Route, number[]>(ROUTES.map((r) => [r, []]));
  const serverErrors: string[] = [];
  const transportErrors: string[] = [];
  /** Bots' answers by route and status. */
  const botAnswers = new Map<string, number>();
  const note = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  /** Requests asked for before the first sale's target, by who and route: the load the first buyers wait behind. */
  const earlyAsks = new Map<string, number>();

  const cpuAtStart = { stores: stores.map((s) => cpuMsOf(s.serverPid())), postgres: postgresCpuMs(), bench: process.cpuUsage() };
  const started = Date.now();
  const deadline = started + maxS * 1000;
  let notSent = 0;
  let answered = 0;
  /** When each order was placed (its payment answered), in ms from the opening. */
  const salesAtMs: number[] = [];

  /** One request, timed from when it leaves (after waiting for a slot); null when it failed outright. */
  async function ask(s: Shopper, route: Route, send: () => Promise<LightAnswer>): Promise<LightAnswer | null> {
    const askedMs = Date.now() - started;
    if (askedMs < FIRST_SALE_TARGET_S * 1000) note(earlyAsks, `${s.bot ? "bots" : "people"}: ${route}`);
    return (s.bot ? botLimit : limit)(async () => {
      // Past the run's end nothing more is sent: a backlog of requests cannot stretch the run.
      if (Date.now() > deadline) {
        notSent += 1;
        return null;
      }
      const sentMs = Date.now() - started;
      const sentAt = performance.now();
      try {
        const res = await send();
        if (!s.bot) s.steps.push({ route, askedMs, sentMs, answeredMs: Date.now() - started, status: res.status });
        const body = res.body;
        const ms = performance.now() - sentAt;
        answered += 1;
        if (!s.bot) times.get(route)!.push(ms);
        if (res.status >= 500) serverErrors.push(`${route}: ${res.status} ${body.slice(0, 120)}`);
        if (s.bot) note(botAnswers, `${route} ${res.status}`);
        return res;
      } catch (error) {
        if (Date.now() > deadline) {
          notSent += 1; // cut off by the run's end
          return null;
        }
        transportErrors.push(`${route}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    });
  }

  const queuePath = `/shop/${SLUG}/queue`;

  /** Tries the shopper's size, then one other, as a person does; "sold out" when neither is left. */
  async function addASize(s: Shopper): Promise<"added" | "sold out" | "refused" | "cut off"> {
    const order = [...sizes].sort(() => Math.random() - 0.5).slice(0, 2);
    let refusedOtherwise = false;
    for (const v of order) {
      // As the product page's app adds (a fetcher: the action's answer, no page drawn).
      const res = await ask(s, "cart add", () => s.client.post("/cart.data", { intent: "add", variantId: String(v.id), quantity: "1" }));
      if (!res) return Date.now() > deadline ? "cut off" : "refused";
      if (res.status === 200) return "added";
      if (res.status !== 409) refusedOtherwise = true;
    }
    return refusedOtherwise ? "refused" : "sold out";
  }

  async function buy(s: Shopper): Promise<void> {
    const added = await addASize(s);
    if (added !== "added") {
      s.outcome = added;
      return;
    }
    const page = await ask(s, "checkout page", () => s.client.get("/checkout"));
    const key = page ? /name="idempotencyKey" value="([^"]+)"/.exec(page.body)?.[1] : undefined;
    if (!page || page.status !== 200 || !key) {
      s.outcome = !page && Date.now() > deadline ? "cut off" : "refused";
      return;
    }
    const card = { cardNumber: cardOf(s.index), cardExpiry: "12/39", cardCvc: "123" };
    // A card and an address of the shopper's own: the limit per customer also counts by card and address.
    const fields = { ...checkoutFields(key, s), ...card, street: `${100 + s.index} Third Ave` };
    const paid = await ask(s, "pay", () => s.client.post("/checkout", fields));
    if (paid?.status === 303) salesAtMs.push(Date.now() - started);
    s.outcome = paid?.status === 303 ? "bought" : paid?.status === 409 ? "sold out" : !paid && Date.now() > deadline ? "cut off" : "refused";
  }

  const admittedIn = (html: string) => html.includes('data-testid="queue-admitted"');

  /** The product's address as a browser opens it: a redirect (let in at once, from the waiting page) is followed. */
  async function openProduct(s: Shopper, route: Route): Promise<LightAnswer | null> {
    let path = `/shop/${SLUG}`;
    for (let hop = 0; hop < 3; hop++) {
      const res = await ask(s, route, () => s.client.get(path));
      if (!res || res.status < 300 || res.status >= 400) return res;
      const location = res.location;
      if (!location) return res;
      path = location;
    }
    return null;
  }

  async function person(s: Shopper): Promise<void> {
    await sleep(s.arrivalMs);
    const arrived = Date.now();
    const page = await openProduct(s, "product page");
    if (!page || page.status !== 200) {
      s.outcome = Date.now() > deadline ? "still waiting" : "refused";
      return;
    }
    let admitted = admittedIn(page.body);
    // As the waiting page does: it asks again as soon as its last answer says (less often far back in line).
    let everyMs = Number(/"every":(\d+)/.exec(page.body)?.[1] ?? QUEUE_POLL_MS);
    while (!admitted) {
      if (Date.now() + everyMs > deadline) {
        s.outcome = "still waiting";
        return;
      }
      await sleep(everyMs);
      const status = await ask(s, "queue status", () => s.client.get(queuePath));
      if (!status || status.status !== 200) continue;
      const queue = (JSON.parse(status.body) as { queue: { state: string; checkAgainMs?: number } | null }).queue;
      if (queue?.state === "admitted") admitted = true;
      else if (queue?.state !== "waiting") {
        s.outcome = "gave up";
        return;
      } else if (queue.checkAgainMs) everyMs = queue.checkAgainMs;
    }
    s.waitedMs = Date.now() - arrived;
    if (!admittedIn(page.body)) {
      // Let in while waiting: the waiting page loads the product page, with its options and Add to Cart.
      const product = await openProduct(s, "product page, let in");
      if (!product || product.status !== 200) {
        s.outcome = !product && Date.now() > deadline ? "cut off" : "refused";
        return;
      }
    }
    await buy(s);
  }

  async function bot(s: Shopper): Promise<void> {
    await sleep(s.arrivalMs);
    const arrived = Date.now();
    const reloader = s.index % 3 === 1;
    let joined = false;
    for (let round = 0; ; round++) {
      if (Date.now() > deadline) {
        s.outcome = "still waiting";
        return;
      }
      let admitted: boolean;
      if (!joined || (reloader && round % RELOAD_EVERY === 0)) {
        const page = await openProduct(s, "product page");
        joined = page?.status === 200;
        admitted = joined && admittedIn(page!.body);
      } else {
        const status = await ask(s, "queue status", () => s.client.get(queuePath));
        admitted = status?.status === 200 && (JSON.parse(status.body) as { queue: { state: string } | null }).queue?.state === "admitted";
      }
      if (admitted) break;
      // Not let in: straight to the cart anyway, and at once again when refused.
      if (round % 2 === 0) {
        const v = sizes[round % sizes.length]!;
        for (let attempt = 0; attempt < 2; attempt++) {
          const res = await ask(s, "cart add", () => s.client.post("/cart", { intent: "add", variantId: String(v.id), quantity: "1" }));
          if (res?.status === 200) break; // let in meanwhile: the cart took it
        }
      }
      await sleep(BOT_INTERVAL_MS);
    }
    s.waitedMs = Date.now() - arrived;
    await buy(s);
  }

  console.log(`running: ${shopperCount} shoppers arriving within ${arrivalS} s, at most ${inflight} requests in flight${botInflight > 0 ? ` and ${botInflight} more of the bots'` : ""}, nobody waits past ${maxS} s...`);
  const progress = setInterval(() => {
    const done = shoppers.filter((s) => s.outcome !== null).length;
    const bought = shoppers.filter((s) => s.outcome === "bought").length;
    console.log(`  ${((Date.now() - started) / 1000).toFixed(0)} s: ${done} done, ${bought} bought`);
  }, 15_000);
  await Promise.all(
    shoppers.map((s) =>
      (s.bot ? bot(s) : person(s)).catch((error: unknown) => {
        transportErrors.push(error instanceof Error ? error.message : String(error));
        s.outcome = "refused";
      }),
    ),
  );
  clearInterval(progress);
  const elapsedS = (Date.now() - started) / 1000;
  const rss = stores.map((s) => rssOf(s.serverPid()));
  // Where the two cores went: each store, PostgreSQL (every postgres process) and this script's shoppers.
  const cpuSpent = (at: number | null, now: number | null) => (at === null || now === null ? null : now - at);
  const storeCpuMs = stores.map((s, i) => cpuSpent(cpuAtStart.stores[i] ?? null, cpuMsOf(s.serverPid())));
  const postgresCpu = cpuSpent(cpuAtStart.postgres, postgresCpuMs());
  const benchUsage = process.cpuUsage(cpuAtStart.bench);
  const benchCpuMs = (benchUsage.user + benchUsage.system) / 1000;
  await LightClient.closeAll();
  for (const store of stores) await store.stop();
  console.log(`all shoppers done in ${elapsedS.toFixed(1)} s; stores stopped\n`);

  // ---- The checks ------------------------------------------------------------------------------
  const ids = productVariants.map((v) => v.id);
  const standingOrder = sql`${orders.status} <> 'cancelled'`;
  const [sold] = await db
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`, orders: sql<number>`count(distinct ${orders.id})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.variantId, ids), standingOrder));
  const [ledger] = await db
    .select({ units: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
    .from(stockMovements)
    .where(and(inArray(stockMovements.variantId, ids), eq(stockMovements.type, "sale")));
  const counters = await db.select({ id: variants.id, onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(inArray(variants.id, ids));
  const overLimit = await db
    .select({ userId: orders.userId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.variantId, ids), standingOrder))
    .groupBy(orders.userId)
    .having(sql`sum(${orderItems.quantity}) > 1`);
  const [unadmitted] = await db
    .select({ n: sql<number>`count(distinct ${orders.id})::int` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        inArray(orderItems.variantId, ids),
        sql`not exists (select 1 from ${queueTickets} t where t.product_id = ${product.id} and t.account_id = ${orders.userId}
          and t.admitted_at is not null and t.admitted_at <= ${orders.createdAt})`,
      ),
    );
  const buyers = new Set((await db.selectDistinct({ userId: orders.userId }).from(orders)).map((r) => r.userId));
  const botIds = new Set(shoppers.filter((s) => s.bot).map((s) => s.userId));
  const botBuyers = [...buyers].filter((id) => id !== null && botIds.has(id)).length;

  const tickets = await db
    .select({
      seq: queueTickets.seq,
      accountId: queueTickets.accountId,
      admittedMs: sql<number | null>`(extract(epoch from ${queueTickets.admittedAt}) * 1000)::float8`,
      waitMs: sql<number | null>`(extract(epoch from ${queueTickets.admittedAt} - ${queueTickets.createdAt}) * 1000)::float8`,
    })
    .from(queueTickets)
    .where(eq(queueTickets.productId, product.id))
    .orderBy(queueTickets.seq);
  // Out of order: a ticket let in while a lower place was still waiting (let in later, or not at all).
  let outOfOrder = 0;
  let largestDisplacement = 0;
  for (let i = 0; i < tickets.length; i++) {
    const t = tickets[i]!;
    if (t.admittedMs === null) continue;
    let displaced = 0;
    for (let j = 0; j < i; j++) {
      const u = tickets[j]!;
      if (u.admittedMs === null || u.admittedMs > t.admittedMs) displaced += 1;
    }
    if (displaced > 0) outOfOrder += 1;
    largestDisplacement = Math.max(largestDisplacement, displaced);
  }
  const ticketsPerAccount = new Map<string, number>();
  for (const t of tickets) if (t.accountId) ticketsPerAccount.set(t.accountId, (ticketsPerAccount.get(t.accountId) ?? 0) + 1);
  const admittedTickets = tickets.filter((t) => t.admittedMs !== null);
  const dbWaits = admittedTickets.map((t) => Number(t.waitMs)).sort((a, b) => a - b);
  const peopleWaits = shoppers.filter((s) => !s.bot && s.waitedMs !== null).map((s) => s.waitedMs!).sort((a, b) => a - b);

  const oversold = Math.max(0, sold!.units - units);
  const ledgerProblems: string[] = [];
  if (ledger!.units !== sold!.units) ledgerProblems.push(`${sold!.units} units in orders but ${ledger!.units} in sale movements`);
  for (const c of counters) {
    if (c.onHand < 0 || c.reserved !== 0) ledgerProblems.push(`variant ${c.id}: on hand ${c.onHand} (of ${stockOf.get(c.id)}), reserved ${c.reserved}`);
  }
  const onHandLeft = counters.reduce((n, c) => n + c.onHand, 0);
  if (onHandLeft !== units - sold!.units) ledgerProblems.push(`on hand ${onHandLeft}, expected ${units - sold!.units}`);

  const count = (what: Shopper["outcome"], bot: boolean) => shoppers.filter((s) => s.bot === bot && s.outcome === what).length;
  const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(0)} ms`);
  console.log(
    table(
      ["measure", "value"],
      [
        ["shoppers (bot-like)", `${shopperCount} (${bots})`],
        ["app processes", String(PROCESSES)],
        ["waiting room", `capacity ${settings.capacity}, ${settings.ratePerMinute}/min, ${settings.checkoutMinutes} min to check out`],
        ["run time", `${elapsedS.toFixed(1)} s`],
        ["requests answered (per second)", `${answered} (${(answered / elapsedS).toFixed(1)})`],
        ["units for sale", String(units)],
        ["units sold (orders)", String(sold!.units)],
        ["units sold (stock ledger)", String(ledger!.units)],
        ["units oversold", String(oversold)],
        ["customers over the limit", String(overLimit.length)],
        ["orders without an admission first", String(unadmitted!.n)],
        ["5xx answers", String(serverErrors.length)],
        ["failed requests", String(transportErrors.length)],
        ["requests not sent or cut off (past the run's end)", String(notSent)],
        ["places taken (tickets)", String(tickets.length)],
        ["accounts with more than one place", String([...ticketsPerAccount.values()].filter((n) => n > 1).length)],
        ["let in", String(admittedTickets.length)],
        ["let in ahead of a lower place still waiting", String(outOfOrder)],
        ["largest displacement (places jumped)", String(largestDisplacement)],
        ["wait in line p50 / p99 (database: joined → let in)", `${ms(percentile(dbWaits, 0.5))} / ${ms(percentile(dbWaits, 0.99))}`],
        ["wait in line p50 / p99 (people: arrival → page knows)", `${ms(percentile(peopleWaits, 0.5))} / ${ms(percentile(peopleWaits, 0.99))}`],
        ...[false, true].map((bot) => [
          `${bot ? "bots" : "people"}: bought / sold out / still waiting / cut off / refused / gave up`,
          (["bought", "sold out", "still waiting", "cut off", "refused", "gave up"] as const).map((o) => count(o, bot)).join(" / "),
        ]),
        ["bots that bought (all let in first)", `${botBuyers}`],
        ...stores.map((_, i) => [`RSS of store ${i + 1} at the end`, rss[i] === null ? "n/a" : `${(rss[i]! / 1024 / 1024).toFixed(0)} MB`]),
        ...[...storeCpuMs.map((ms, i) => [`store ${i + 1}`, ms] as const), ["PostgreSQL", postgresCpu] as const, ["the shoppers (this script)", benchCpuMs] as const].map(([who, ms]) => [
          `CPU of ${who} (share of one core over the run)`,
          ms === null ? "n/a" : `${(ms / 1000).toFixed(1)} s (${((ms / 1000 / elapsedS) * 100).toFixed(0)} %)`,
        ]),
      ],
    ),
  );
  console.log("\npeople's requests (timed from when each left, after waiting for one of the in-flight slots):");
  console.log(
    table(
      ["route", "requests", "p50", "p99", "max"],
      ROUTES.map((r) => {
        const sorted = [...times.get(r)!].sort((a, b) => a - b);
        return [r, String(sorted.length), ms(percentile(sorted, 0.5)), ms(percentile(sorted, 0.99)), ms(sorted[sorted.length - 1] ?? 0)];
      }),
    ),
  );
  console.log(`\nrequests asked for in the first ${FIRST_SALE_TARGET_S} s after the opening:`);
  console.log(table(["who: route", "requests"], [...earlyAsks].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => [k, String(n)])));
  const firstBuyer = shoppers.filter((s) => !s.bot && s.outcome === "bought").sort((a, b) => a.steps[a.steps.length - 1]!.answeredMs - b.steps[b.steps.length - 1]!.answeredMs)[0];
  if (firstBuyer) {
    console.log(`\nthe first person to buy: arrived at ${(firstBuyer.arrivalMs / 1000).toFixed(2)} s; each request, from the opening (waiting for an in-flight slot, then answered):`);
    console.log(
      table(
        ["route", "status", "asked", "sent", "answered"],
        firstBuyer.steps.map((st) => [st.route, String(st.status), `${(st.askedMs / 1000).toFixed(2)} s`, `${(st.sentMs / 1000).toFixed(2)} s`, `${(st.answeredMs / 1000).toFixed(2)} s`]),
      ),
    );
  }
  console.log("\nbots' answers:");
  console.log(table(["route", "status", "answers"], [...botAnswers].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => [k.replace(/ \d+$/, ""), k.split(" ").pop()!, String(n)])));

  // Units left while shoppers let in still wanted one: the drop did not sell out for want of a working store.
  const wanting = shoppers.filter((s) => s.waitedMs !== null && (s.outcome === "cut off" || s.outcome === "refused" || s.outcome === "still waiting")).length;
  const waitingAtEnd = shoppers.filter((s) => s.outcome === "still waiting").length;
  const sales = [...salesAtMs].sort((a, b) => a - b);
  const firstSaleS = sales.length > 0 ? sales[0]! / 1000 : null;
  const soldOutS = sold!.units >= units && sales.length > 0 ? sales[sales.length - 1]! / 1000 : null;
  const waitP99S = peopleWaits.length > 0 ? percentile(peopleWaits, 0.99) / 1000 : null;
  const seconds = (v: number | null) => (v === null ? "never" : `${v.toFixed(1)} s`);
  console.log(`\n${new Date().toISOString().slice(0, 10)}, against the targets:`);
  console.log(
    table(
      ["target", "measured", "goal"],
      [
        ["first sale, from the opening", seconds(firstSaleS), `within ${FIRST_SALE_TARGET_S} s`],
        ["sold out, from the opening", seconds(soldOutS), `within ${SOLD_OUT_TARGET_S} s`],
        ["people's wait p99 (arrival → it's your turn)", seconds(waitP99S), `within ${WAIT_P99_TARGET_S} s`],
        ["units left while shoppers let in still wanted one", `${units - sold!.units} left, ${wanting} let in without an answer, ${waitingAtEnd} still in line`, "0 left, or nobody let in wanting one"],
      ],
    ),
  );

  const problems = [
    ...(sold!.units < units && (wanting > 0 || waitingAtEnd > 0) ? [`${units - sold!.units} units unsold while ${wanting} shoppers let in were cut off or refused and ${waitingAtEnd} were still in line`] : []),
    ...(firstSaleS === null || firstSaleS > FIRST_SALE_TARGET_S ? [`first sale ${seconds(firstSaleS)} after the opening (target ${FIRST_SALE_TARGET_S} s)`] : []),
    ...(soldOutS === null || soldOutS > SOLD_OUT_TARGET_S ? [`sold out ${seconds(soldOutS)} after the opening (target ${SOLD_OUT_TARGET_S} s)`] : []),
    ...(waitP99S !== null && waitP99S > WAIT_P99_TARGET_S ? [`people's wait p99 ${seconds(waitP99S)} (target ${WAIT_P99_TARGET_S} s)`] : []),
    ...(oversold > 0 ? [`${oversold} units oversold`] : []),
    ...ledgerProblems,
    ...(overLimit.length > 0 ? [`${overLimit.length} accounts hold more than 1 unit`] : []),
    ...(unadmitted!.n > 0 ? [`${unadmitted!.n} orders were placed without being let in first`] : []),
    ...serverErrors.slice(0, 5),
    ...(serverErrors.length > 5 ? [`... ${serverErrors.length} 5xx answers in all`] : []),
    ...transportErrors.slice(0, 5).map((e) => `request failed: ${e}`),
    ...(transportErrors.length > 5 ? [`... ${transportErrors.length} failed requests in all`] : []),
  ];
  if (problems.length > 0) {
    console.log(`\nFAIL:\n  ${problems.join("\n  ")}`);
    return 1;
  }
  console.log(
    `\nPASS: ${sold!.units} of ${units} units sold, the first ${seconds(firstSaleS)} and the last ${seconds(soldOutS)} after the opening, ` +
      `people's wait p99 ${seconds(waitP99S)}; nothing oversold, nobody over the limit, every buyer let in first, no 5xx`,
  );
  return 0;
}

runMain(main);
