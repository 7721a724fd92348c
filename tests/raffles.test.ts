import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminActor } from "../core/admin/index.ts";
import { addToCart, createCart, createCartForUser, setLineQuantity } from "../core/cart/index.ts";
import { placeOrder, type CheckoutDeps } from "../core/checkout/index.ts";
import { createTestProvider } from "../core/payments/index.ts";
import { hasWaitingRoom, saveQueueSettings } from "../core/queue/index.ts";
import { exportAccountData } from "../core/privacy/index.ts";
import { drawRaffle, enterRaffle, findClaim, productRaffle, runClaimPass, saveRaffle, type RaffleDeps } from "../core/raffles/index.ts";
import { isDomainError } from "../core/shared/errors.ts";
import { newToken } from "../core/shared/ids.ts";
import type { Db } from "../db/client.ts";
import { auditLog, cartItems, checkoutAttempts, outbox, raffleEntries, raffles, users, variants } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { refusal } from "./refusal.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { BILLING, DECLINED_CARD, GOOD_CARD, SHIPPING } from "./purchase.ts";

/*
 * Raffles (issue 18, ADR 0035): one entry per verified account during the window, a draw anyone can repeat
 * from the revealed seed, winners' units held for them and mailed, sold only through their claim, and
 * unclaimed units passed to the next entries drawn.
 */

let database: TestDatabase;
let db: Db;
let deps: RaffleDeps;
let checkout: CheckoutDeps;
let admin: AdminActor;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  deps = { db, jobs: database.jobs, baseUrl: TEST_BASE_URL };
  checkout = { db, payments: createTestProvider(db), jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000 };
  const user = await makeUser(db, "admin");
  admin = { id: user.id, email: user.email, role: "admin", clientIp: "203.0.113.9" };
});
afterAll(() => database?.destroy());

const HOUR = 3_600_000;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A verified shopper (sign-up's email link followed). */
async function shopper(verified = true) {
  const user = await makeUser(db);
  if (verified) await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return user;
}

/** A product of two sizes (S, M) with a raffle whose entries are open now. */
async function openRaffle(stock: { s: number; m: number }, name = "Founders Raffle Hoodie") {
  const { product, variants: [small, medium] } = await makeProduct(db, 9000, [{ stock: stock.s, size: "S" }, { stock: stock.m, size: "M" }], name);
  const raffle = await saveRaffle(deps, admin, product.id, { opensAt: new Date(Date.now() - HOUR), closesAt: new Date(Date.now() + HOUR), claimHours: 24 });
  return { product, small: small!, medium: medium!, raffle };
}

/** Entries close: the window is moved into the past, as the clock would. */
async function close(raffleId: number) {
  await db.update(raffles).set({ opensAt: sql`now() - interval '2 hours'`, closesAt: sql`now() - interval '1 second'` }).where(eq(raffles.id, raffleId));
}

const entriesOf = (raffleId: number) => db.select().from(raffleEntries).where(eq(raffleEntries.raffleId, raffleId)).orderBy(raffleEntries.rank);
const variantRow = async (id: number) => (await db.select().from(variants).where(eq(variants.id, id)))[0]!;
const mailsTo = (emails: string[]) => db.select().from(outbox).where(inArray(outbox.to, emails)).orderBy(outbox.id);
const tokenIn = (text: string) => /\/raffles\/claim\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null;

function buy(userId: string, cartId: string, card = GOOD_CARD) {
  return placeOrder(checkout, { userId, cartId, idempotencyKey: newToken(), billing: { ...BILLING, email: `${userId}@east-harlem.test` }, shipping: SHIPPING, card });
}

describe("a raffle's commitment", () => {
  it("publishes sha256(seed) from creation, keeps the seed secret until the draw, schedules the draw and audits the save", async () => {
    const { product, raffle } = await openRaffle({ s: 1, m: 1 });
    expect(raffle.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(raffle.seedHash).toBe(sha256(raffle.seed));
    const view = await productRaffle(db, product.id, null);
    expect(view).toMatchObject({ phase: "open", seedHash: raffle.seedHash, seed: null, ranking: [] });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "raffle"), eq(auditLog.entityId, String(raffle.id))));
    expect(audit).toMatchObject({ action: "create", actorId: admin.id });
    expect(JSON.stringify(audit!.after)).not.toContain(raffle.seed);
    const jobs = await db.execute(sql`select data, start_after from pgboss.job where name = 'raffle-draw' and (data->>'raffleId')::int = ${raffle.id}`);
    const rows = ((jobs as unknown as { rows?: { data: unknown; start_after: Date }[] }).rows ?? (jobs as never)) as { data: unknown; start_after: Date }[];
    expect(rows.map((r) => r.data)).toEqual([{ raffleId: raffle.id, closesAt: raffle.closesAt.toISOString() }]);
    expect(new Date(rows[0]!.start_after).getTime()).toBe(raffle.closesAt.getTime());
  });
});

describe("entering", () => {
  it("takes one entry per account: entering again keeps the first entry and its code", async () => {
    const { product, small, medium, raffle } = await openRaffle({ s: 1, m: 1 });
    const ana = await shopper();
    const first = await enterRaffle(db, { productId: product.id, accountId: ana.id, variantId: small.id });
    expect(first.created).toBe(true);
    expect(first.code).toMatch(/^[A-Z2-9]{10}$/);
    const again = await enterRaffle(db, { productId: product.id, accountId: ana.id, variantId: medium.id });
    expect(again).toEqual({ created: false, code: first.code, variantId: small.id });
    expect(await entriesOf(raffle.id)).toHaveLength(1);
    expect((await productRaffle(db, product.id, ana.id))!.mine).toMatchObject({ code: first.code, size: "S", status: "entered" });
    // The account's data export lists the entry (never a claim link's secret).
    const exported = await exportAccountData(db, { id: ana.id, email: ana.email, role: "customer", clientIp: "198.51.100.20" });
    expect(exported!.data.raffleEntries).toEqual([{ product: { slug: product.slug, name: product.name }, variant: { sku: small.sku, size: "S", color: null }, code: first.code, createdAt: expect.any(Date), rank: null, status: "entered", claimExpiresAt: null }]);
  });

  it("refuses an account whose email is not verified, and a size of another product", async () => {
    const { product } = await openRaffle({ s: 1, m: 1 });
    const other = await makeProduct(db, 1000, [{ stock: 1 }]);
    expect(await refusal(enterRaffle(db, { productId: product.id, accountId: (await shopper(false)).id, variantId: other.variants[0]!.id }))).toMatchObject({
      code: "raffles.email_unverified",
      status: 403,
    });
    expect(await refusal(enterRaffle(db, { productId: product.id, accountId: (await shopper()).id, variantId: other.variants[0]!.id }))).toMatchObject({ code: "raffles.bad_variant" });
  });

  it("refuses entries before the window opens and after it closes", async () => {
    const { product, small, raffle } = await openRaffle({ s: 1, m: 1 });
    await db.update(raffles).set({ opensAt: new Date(Date.now() + HOUR), closesAt: new Date(Date.now() + 2 * HOUR) }).where(eq(raffles.id, raffle.id));
    expect(await refusal(enterRaffle(db, { productId: product.id, accountId: (await shopper()).id, variantId: small.id }))).toMatchObject({ code: "raffles.not_open", status: 409 });
    expect((await productRaffle(db, product.id, null))!.phase).toBe("upcoming");
    await close(raffle.id);
    expect(await refusal(enterRaffle(db, { productId: product.id, accountId: (await shopper()).id, variantId: small.id }))).toMatchObject({ code: "raffles.not_open" });
    expect((await productRaffle(db, product.id, null))!.phase).toBe("closed");
  });
});

describe("the draw", () => {
  it("is reproducible from the revealed seed: ranks by sha256(seed + ':' + code), gives each unit to the first entry of its size, holds it and mails the link", async () => {
    const { product, small, medium, raffle } = await openRaffle({ s: 2, m: 1 }, "Draw Check Hoodie");
    const people = await Promise.all(Array.from({ length: 7 }, () => shopper()));
    for (const [i, person] of people.entries()) {
      await enterRaffle(db, { productId: product.id, accountId: person.id, variantId: i % 3 === 0 ? medium.id : small.id });
    }
    // Nothing drawn before the close, whoever asks.
    expect(await drawRaffle(deps, raffle.id)).toEqual({ drawn: false, winners: 0 });
    await close(raffle.id);
    const result = await drawRaffle(deps, raffle.id);
    expect(result).toEqual({ drawn: true, winners: 3 });

    // What anyone can see after the draw: the seed, and every entry's code in drawn order.
    const view = (await productRaffle(db, product.id, null))!;
    expect(view.phase).toBe("drawn");
    expect(view.seed).not.toBeNull();
    expect(sha256(view.seed!)).toBe(view.seedHash);
    const recomputed = view.ranking
      .map((e) => e.code)
      .sort((a, b) => (sha256(`${view.seed}:${a}`) < sha256(`${view.seed}:${b}`) ? -1 : 1));
    expect(view.ranking.map((e) => e.code)).toEqual(recomputed);
    expect(view.ranking.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Winners: walking the ranking, the first two entries for S and the first for M.
    const entries = await entriesOf(raffle.id);
    const expected = new Set([...entries.filter((e) => e.variantId === small.id).slice(0, 2), ...entries.filter((e) => e.variantId === medium.id).slice(0, 1)].map((e) => e.id));
    expect(new Set(entries.filter((e) => e.status === "won").map((e) => e.id))).toEqual(expected);
    expect(entries.filter((e) => e.status === "entered")).toHaveLength(4);
    // Each winner's unit is held: nothing is left to sell to anyone else.
    expect(await variantRow(small.id)).toMatchObject({ onHand: 2, reserved: 2, available: 0 });
    expect(await variantRow(medium.id)).toMatchObject({ onHand: 1, reserved: 1, available: 0 });
    // Each winner is mailed their own link, whose token is kept only as its hash.
    const winners = entries.filter((e) => e.status === "won");
    const emails = people.filter((p) => winners.some((w) => w.accountId === p.id)).map((p) => p.email);
    const mails = await mailsTo(emails);
    expect(mails).toHaveLength(3);
    expect(mails[0]!.subject).toBe("You won the Draw Check Hoodie raffle");
    for (const mail of mails) {
      const token = tokenIn(mail.text)!;
      expect(mail.text).toContain(`${TEST_BASE_URL}/raffles/claim/${token}`);
      const entry = winners.find((w) => w.claimTokenHash === sha256(token));
      expect(entry).toBeDefined();
      expect(entry!.claimExpiresAt!.getTime() - entry!.wonAt!.getTime()).toBe(24 * HOUR);
    }

    // Drawing twice (a duplicate job, a retry) does nothing.
    expect(await drawRaffle(deps, raffle.id)).toEqual({ drawn: false, winners: 0 });
    expect((await entriesOf(raffle.id)).map((e) => [e.id, e.rank, e.status])).toEqual(entries.map((e) => [e.id, e.rank, e.status]));
    expect(await mailsTo(emails)).toHaveLength(3);
    expect(await variantRow(small.id)).toMatchObject({ reserved: 2 });
  });

  it("a job made for a close the admin moved since does nothing", async () => {
    const { raffle } = await openRaffle({ s: 1, m: 0 });
    const first = raffle.closesAt.toISOString();
    await close(raffle.id);
    expect(await drawRaffle(deps, raffle.id, { closesAt: first })).toEqual({ drawn: false, winners: 0 });
  });

  it("a drawn raffle cannot be edited", async () => {
    const { product, raffle } = await openRaffle({ s: 1, m: 0 });
    await close(raffle.id);
    await drawRaffle(deps, raffle.id);
    expect(await refusal(saveRaffle(deps, admin, product.id, { opensAt: new Date(), closesAt: new Date(Date.now() + HOUR), claimHours: 2 }))).toMatchObject({ code: "raffles.already_drawn" });
  });
});

describe("buying a raffle's product", () => {
  it("takes no waiting room while the raffle runs: a winner never queues for the unit they won", async () => {
    const { product, small, raffle } = await openRaffle({ s: 1, m: 0 }, "No Line Hoodie");
    await db.transaction((tx) => saveQueueSettings(tx, product.id, { capacity: 1, ratePerMinute: 1, checkoutMinutes: 10 }));
    expect(await hasWaitingRoom(db, product.id)).toBe(false);
    const ana = await shopper();
    await enterRaffle(db, { productId: product.id, accountId: ana.id, variantId: small.id });
    await close(raffle.id);
    await drawRaffle(deps, raffle.id);
    const cart = await createCartForUser(db, ana.id);
    await addToCart(db, cart, { variantId: small.id, quantity: 1 });
    expect((await buy(ana.id, cart)).kind).toBe("completed");
  });

  it("is refused to everyone but a winner, before and after the draw, at add to cart and at checkout", async () => {
    const { product, small, raffle } = await openRaffle({ s: 3, m: 0 }, "Closed Door Tee");
    const guestCart = await createCart(db);
    expect(await refusal(addToCart(db, guestCart, { variantId: small.id, quantity: 1 }))).toEqual({ code: "cart.raffle_only", status: 409, message: "Closed Door Tee is sold by raffle." });
    const ana = await shopper();
    const cart = await createCartForUser(db, ana.id);
    expect(await refusal(addToCart(db, cart, { variantId: small.id, quantity: 1 }))).toMatchObject({ code: "cart.raffle_only" });
    // A line that reached the cart another way (put there before the raffle was made) is refused at checkout, nothing held.
    await db.insert(cartItems).values({ cartId: cart, variantId: small.id, quantity: 1 });
    expect(await refusal(buy(ana.id, cart))).toMatchObject({ code: "cart.raffle_only" });
    expect(await variantRow(small.id)).toMatchObject({ reserved: 0 });
    expect(await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.userId, ana.id))).toEqual([]);
    await db.delete(cartItems).where(eq(cartItems.cartId, cart));

    // After the draw, an entrant who did not win (and anyone else) is still refused.
    await enterRaffle(db, { productId: product.id, accountId: ana.id, variantId: small.id });
    await close(raffle.id);
    await drawRaffle(deps, raffle.id);
    const bo = await shopper();
    expect(await refusal(addToCart(db, await createCartForUser(db, bo.id), { variantId: small.id, quantity: 1 }))).toMatchObject({ code: "cart.raffle_only" });
  });

  it("the winner's claim buys exactly the unit held for them: one, through checkout, never sold twice", async () => {
    const { product, small, medium, raffle } = await openRaffle({ s: 1, m: 1 }, "Claim Check Hoodie");
    const ana = await shopper();
    const bo = await shopper();
    await enterRaffle(db, { productId: product.id, accountId: ana.id, variantId: small.id });
    await enterRaffle(db, { productId: product.id, accountId: bo.id, variantId: medium.id });
    await close(raffle.id);
    expect((await drawRaffle(deps, raffle.id)).winners).toBe(2);
    const [mail] = await mailsTo([ana.email]);
    const claim = (await findClaim(db, tokenIn(mail!.text)!))!;
    expect(claim).toMatchObject({ accountId: ana.id, status: "won", expired: false, inCheckout: false, variant: { id: small.id, size: "S" } });

    const cart = await createCartForUser(db, ana.id);
    // Her size only, one unit only.
    expect(await refusal(addToCart(db, cart, { variantId: medium.id, quantity: 1 }))).toMatchObject({ code: "cart.raffle_only" });
    expect(await refusal(addToCart(db, cart, { variantId: small.id, quantity: 2 }))).toMatchObject({ code: "cart.raffle_only" });
    await addToCart(db, cart, { variantId: small.id, quantity: 1 });
    expect(await refusal(setLineQuantity(db, cart, { variantId: small.id, quantity: 2 }))).toMatchObject({ code: "cart.raffle_only" });

    // A declined card: the unit comes back to stock but stays hers while her window is open.
    const declined = await buy(ana.id, cart, DECLINED_CARD);
    expect(declined.kind).toBe("failed");
    expect(await variantRow(small.id)).toMatchObject({ onHand: 1, reserved: 0, available: 1 });
    expect(await runClaimPass(deps, raffle.id)).toEqual({ expired: 0, winners: 0, finished: false });
    expect(await refusal(addToCart(db, await createCartForUser(db, bo.id), { variantId: small.id, quantity: 1 }))).toMatchObject({ code: "cart.raffle_only" });

    const paid = await buy(ana.id, cart);
    expect(paid.kind).toBe("completed");
    expect(await variantRow(small.id)).toMatchObject({ onHand: 0, reserved: 0, available: 0 });
    // Bo's unit is still held for him.
    expect(await variantRow(medium.id)).toMatchObject({ onHand: 1, reserved: 1, available: 0 });
    const [entry] = await db.select().from(raffleEntries).where(eq(raffleEntries.accountId, ana.id));
    expect(entry).toMatchObject({ status: "claimed" });
    expect((await findClaim(db, tokenIn(mail!.text)!))!.inCheckout).toBe(true);
    // Bought once: the win cannot be used again.
    const again = await createCartForUser(db, ana.id);
    expect(await refusal(addToCart(db, again, { variantId: small.id, quantity: 1 }))).toMatchObject({ code: "cart.raffle_only" });
  });

  it("two checkouts of one win at once (two tabs) sell one unit, once", async () => {
    const { product, small, raffle } = await openRaffle({ s: 2, m: 0 }, "Two Tabs Tee");
    const ana = await shopper();
    await enterRaffle(db, { productId: product.id, accountId: ana.id, variantId: small.id });
    await close(raffle.id);
    await drawRaffle(deps, raffle.id);
    const cart = await createCartForUser(db, ana.id);
    await addToCart(db, cart, { variantId: small.id, quantity: 1 });
    const outcomes = await Promise.allSettled([buy(ana.id, cart), buy(ana.id, cart)]);
    // The cart's one payment in flight (ADR 0038): a second tab paying meanwhile is answered with its order.
    const completed = outcomes.flatMap((o) => (o.status === "fulfilled" && o.value.kind === "completed" ? [o.value.attemptId] : []));
    expect(new Set(completed).size).toBe(1);
    for (const o of outcomes) if (o.status === "rejected") expect(isDomainError(o.reason) ? o.reason.code : o.reason).toMatch(/^(cart\.raffle_only|checkout\.empty_cart)$/);
    // One unit sold; the other (nobody else entered) never held or sold.
    expect(await variantRow(small.id)).toMatchObject({ onHand: 1, reserved: 0 });
    expect(await db.select().from(checkoutAttempts).where(and(eq(checkoutAttempts.userId, ana.id), eq(checkoutAttempts.status, "completed")))).toHaveLength(1);
  });

  it("a winner paying as the claim window ends and the pass that expires it never both get the unit", async () => {
    for (const delayMs of [0, 50, 150, 300]) {
      const { product, small, raffle } = await openRaffle({ s: 1, m: 0 }, `Photo Finish Cap ${delayMs}`);
      const [ana, bo] = [await shopper(), await shopper()];
      for (const person of [ana, bo]) await enterRaffle(db, { productId: product.id, accountId: person.id, variantId: small.id });
      await close(raffle.id);
      await drawRaffle(deps, raffle.id);
      const [first, second] = await entriesOf(raffle.id);
      const winner = first!.accountId!;
      const cart = await createCartForUser(db, winner);
      await addToCart(db, cart, { variantId: small.id, quantity: 1 });
      await db.update(raffleEntries).set({ claimExpiresAt: sql`now() + make_interval(secs => ${delayMs / 1000})` }).where(eq(raffleEntries.id, first!.id));
      const pass = (async () => {
        await new Promise((r) => setTimeout(r, delayMs + 5));
        return runClaimPass(deps, raffle.id);
      })();
      const [bought] = await Promise.allSettled([buy(winner, cart), pass]);
      const completed = bought.status === "fulfilled" && bought.value.kind === "completed";
      const after = await entriesOf(raffle.id);
      const row = await variantRow(small.id);
      if (completed) {
        expect(row, `delay ${delayMs}`).toMatchObject({ onHand: 0, reserved: 0 });
        expect(after.find((e) => e.id === second!.id)!.status).not.toBe("won");
      } else {
        expect(row, `delay ${delayMs}`).toMatchObject({ onHand: 1, reserved: 1 });
        expect(after.map((e) => e.status)).toEqual(["expired", "won"]);
      }
    }
  });

  it("an expired claim passes its unit to the next entry drawn for that size, who is mailed their own link; then the raffle finishes", async () => {
    const { product, small, raffle } = await openRaffle({ s: 1, m: 0 }, "Second Chance Cap");
    const people = await Promise.all(Array.from({ length: 3 }, () => shopper()));
    for (const person of people) await enterRaffle(db, { productId: product.id, accountId: person.id, variantId: small.id });
    await close(raffle.id);
    await drawRaffle(deps, raffle.id);
    const [first, second, third] = await entriesOf(raffle.id);
    expect([first!.status, second!.status, third!.status]).toEqual(["won", "entered", "entered"]);
    const emailOf = (entry: { accountId: string | null }) => people.find((p) => p.id === entry.accountId)!.email;

    // Within the window, the pass changes nothing.
    expect(await runClaimPass(deps, raffle.id)).toEqual({ expired: 0, winners: 0, finished: false });
    await db.update(raffleEntries).set({ claimExpiresAt: sql`now() - interval '1 second'` }).where(eq(raffleEntries.id, first!.id));
    expect(await runClaimPass(deps, raffle.id)).toEqual({ expired: 1, winners: 1, finished: false });
    const after = await entriesOf(raffle.id);
    expect(after.map((e) => e.status)).toEqual(["expired", "won", "entered"]);
    // The unit moved from the first to the second: still exactly one held.
    expect(await variantRow(small.id)).toMatchObject({ onHand: 1, reserved: 1, available: 0 });
    const [mail] = await mailsTo([emailOf(second!)]);
    expect(mail!.subject).toBe("You won the Second Chance Cap raffle");
    expect((await findClaim(db, tokenIn(mail!.text)!))!.accountId).toBe(second!.accountId);
    // The first winner's link no longer buys.
    const firstCart = await createCartForUser(db, first!.accountId!);
    expect(await refusal(addToCart(db, firstCart, { variantId: small.id, quantity: 1 }))).toMatchObject({ code: "cart.raffle_only" });
    // A repeated pass does nothing more.
    expect(await runClaimPass(deps, raffle.id)).toEqual({ expired: 0, winners: 0, finished: false });

    // The second buys: nothing is left for the third, and the raffle finishes.
    const cart = await createCartForUser(db, second!.accountId!);
    await addToCart(db, cart, { variantId: small.id, quantity: 1 });
    expect((await buy(second!.accountId!, cart)).kind).toBe("completed");
    await db.update(raffleEntries).set({ claimExpiresAt: sql`now() - interval '1 second'` }).where(eq(raffleEntries.id, second!.id));
    expect(await runClaimPass(deps, raffle.id)).toEqual({ expired: 0, winners: 0, finished: true });
    expect((await entriesOf(raffle.id)).map((e) => e.status)).toEqual(["expired", "claimed", "lost"]);
    expect((await productRaffle(db, product.id, null))!.phase).toBe("finished");
    // The entry never reached hears the raffle is over, with where to check the draw; the others do not.
    const isOver = (m: { subject: string }) => m.subject === "The Second Chance Cap raffle is over";
    const over = (await mailsTo(people.map((p) => p.email))).filter(isOver);
    expect(over.map((m) => m.to)).toEqual([emailOf(third!)]);
    expect(over[0]!.text).toContain(`Your entry ${third!.code} in the raffle for Second Chance Cap was not drawn`);
    expect(over[0]!.text).toContain(`${TEST_BASE_URL}/shop/${product.slug}`);
    expect(over[0]!.text).toContain("You get this email because you entered a raffle");
    // A repeated pass mails nobody again.
    await runClaimPass(deps, raffle.id);
    expect((await mailsTo([emailOf(third!)])).filter(isOver)).toHaveLength(1);
  });

  it("a finished raffle's product sells as usual", async () => {
    const { product, small, raffle } = await openRaffle({ s: 2, m: 0 });
    await enterRaffle(db, { productId: product.id, accountId: (await shopper()).id, variantId: small.id });
    await close(raffle.id);
    await drawRaffle(deps, raffle.id);
    const [entry] = await entriesOf(raffle.id);
    await db.update(raffleEntries).set({ claimExpiresAt: sql`now() - interval '1 second'` }).where(eq(raffleEntries.id, entry!.id));
    expect(await runClaimPass(deps, raffle.id)).toEqual({ expired: 1, winners: 0, finished: true });
    await addToCart(db, await createCart(db), { variantId: small.id, quantity: 2 });
  });
});
