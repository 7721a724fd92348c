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
import { envNumber, percentile, runMain, table } from "./bench-lib.ts";
import { checkDrop } from "./bench/drop-checks.ts";
import { runDrop } from "./bench/drop-run.ts";
import { setUpDrop } from "./bench/drop-setup.ts";
import { FIRST_SALE_TARGET_S, PROCESSES, ROUTES, SOLD_OUT_TARGET_S, WAIT_P99_TARGET_S, type Shopper } from "./bench/drop-shared.ts";

const DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/test";

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
  const { db, product, productVariants, sizes, stockOf, shoppers, stores, bots } = await setUpDrop({ shopperCount, units, botShare, arrivalS, serverUrl, settings });

  // ---- The drop (timed) ------------------------------------------------------------------------
  const { times, serverErrors, transportErrors, botAnswers, earlyAsks, notSent, answered, salesAtMs, elapsedS, rss, storeCpuMs, postgresCpu, benchCpuMs } = await runDrop({
    stores,
    shoppers,
    sizes,
    shopperCount,
    arrivalS,
    maxS,
    inflight,
    botInflight,
  });

  // ---- The checks ------------------------------------------------------------------------------
  const { sold, ledger, overLimit, unadmitted, botBuyers, tickets, outOfOrder, largestDisplacement, ticketsPerAccount, admittedTickets, dbWaits, peopleWaits, oversold, ledgerProblems } = await checkDrop({
    db,
    product,
    productVariants,
    shoppers,
    units,
    stockOf,
  });

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
