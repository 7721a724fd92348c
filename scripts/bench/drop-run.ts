import { QUEUE_POLL_MS } from "../../core/queue/index.ts";
import { checkoutFields } from "../../tests/http-shopper.ts";
import { cpuMsOf, LightClient, postgresCpuMs, rssOf, type LightAnswer, type Store } from "../bench-lib.ts";
import { FIRST_SALE_TARGET_S, ROUTES, SLUG, type Route, type Shopper } from "./drop-shared.ts";

// bench-drop.ts's drop (timed): every shopper arrives, waits in line as the page does (or as a bot does), and buys.

/** Bots ask this often (the page asks every QUEUE_POLL_MS). */
const BOT_INTERVAL_MS = 1000;
/** Bots that reload the product page (rendered on the server) do so every this many rounds; they ask for their status in between. */
const RELOAD_EVERY = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

export interface DropRunSettings {
  stores: Store[];
  shoppers: Shopper[];
  sizes: { id: number }[];
  shopperCount: number;
  arrivalS: number;
  maxS: number;
  inflight: number;
  botInflight: number;
}

export interface DropRun {
  /** People's answer times by route, in ms. */
  times: Map<Route, number[]>;
  serverErrors: string[];
  transportErrors: string[];
  /** Bots' answers by route and status. */
  botAnswers: Map<string, number>;
  /** Requests asked for before the first sale's target, by who and route. */
  earlyAsks: Map<string, number>;
  notSent: number;
  answered: number;
  /** When each order was placed (its payment answered), in ms from the opening. */
  salesAtMs: number[];
  elapsedS: number;
  /** Each store's RSS at the end. */
  rss: (number | null)[];
  storeCpuMs: (number | null)[];
  postgresCpu: number | null;
  benchCpuMs: number;
}

/** Runs the drop until every shopper is done (or BENCH_MAX_SECONDS), then stops the stores. */
export async function runDrop({ stores, shoppers, sizes, shopperCount, arrivalS, maxS, inflight, botInflight }: DropRunSettings): Promise<DropRun> {
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
  return { times, serverErrors, transportErrors, botAnswers, earlyAsks, notSent, answered, salesAtMs, elapsedS, rss, storeCpuMs, postgresCpu, benchCpuMs };
}
