import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, attachGuestCart, createCart, createCartForUser, getCart, setLineQuantity } from "../core/cart/index.ts";
import { placeOrder, settleAttempt, type CheckoutDeps } from "../core/checkout/index.ts";
import { createTestProvider } from "../core/payments/index.ts";
import { joinQueue, queueStatus, saveQueueSettings, signTicket, verifyTicket, type QueueStatus } from "../core/queue/index.ts";
import { newToken } from "../core/shared/ids.ts";
import type { Db } from "../db/client.ts";
import { productQueues, queueTickets } from "../db/schema/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { refusal } from "./refusal.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { BILLING, GOOD_CARD, SHIPPING } from "./purchase.ts";

/*
 * The drop's waiting room (issue 18, ADR 0034): places given in order under the queue row's lock, let in at
 * the set rate up to the capacity by the database's clock, passes bound to one cart, refused when missing,
 * copied or run out, at add to cart and at checkout.
 */

let database: TestDatabase;
let db: Db;
let deps: CheckoutDeps;
const SECRET = "test-secret-for-queue-tokens";

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  deps = { db, payments: createTestProvider(db), jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000 };
});
afterAll(() => database?.destroy());

/** A drop with a waiting room; its bucket starts empty, so nobody is let in until the test lets time pass. */
async function queuedDrop(settings: { capacity: number; ratePerMinute: number; checkoutMinutes?: number }, name = "Founders Drop Hoodie") {
  const made = await makeProduct(db, 9000, [{ stock: 50 }], name);
  await db.transaction((tx) => saveQueueSettings(tx, made.product.id, { checkoutMinutes: 10, ...settings }));
  await db.update(productQueues).set({ tokens: 0 }).where(eq(productQueues.productId, made.product.id));
  return { product: made.product, variant: made.variants[0]! };
}

/** Moves the bucket's last refill back in time: as if `seconds` had passed, by the database's clock. */
async function letTimePass(productId: number, seconds: number) {
  await db.update(productQueues).set({ refilledAt: sql`${productQueues.refilledAt} - make_interval(secs => ${seconds})` }).where(eq(productQueues.productId, productId));
}

const guest = (ticketIds: string[] = []) => ({ accountId: null, ticketIds });
const state = (s: QueueStatus | null) => s?.state ?? null;

describe("the line", () => {
  it("admits the lowest places first, at the set rate, never past the capacity", async () => {
    const { product } = await queuedDrop({ capacity: 2, ratePerMinute: 1 });
    const tickets: string[] = [];
    for (let i = 0; i < 4; i++) tickets.push((await joinQueue(db, product.id, guest())).ticketId);
    const first = await queueStatus(db, product.id, guest([tickets[2]!]));
    expect(first).toMatchObject({ state: "waiting", position: 3, ahead: 2, estimateMinutes: 3 });

    await letTimePass(product.id, 60);
    expect(state(await queueStatus(db, product.id, guest([tickets[0]!])))).toBe("admitted");
    expect(state(await queueStatus(db, product.id, guest([tickets[1]!])))).toBe("waiting");
    expect(await queueStatus(db, product.id, guest([tickets[1]!]))).toMatchObject({ position: 1 });

    // A bucket full for hours still lets in no more than the capacity: two passes at once.
    await letTimePass(product.id, 3600);
    const states = [];
    for (const t of tickets) states.push(state(await queueStatus(db, product.id, guest([t]))));
    expect(states).toEqual(["admitted", "admitted", "waiting", "waiting"]);

    // A pass running out frees its place for the next in line.
    await db.update(queueTickets).set({ admittedAt: sql`now() - interval '11 minutes'`, expiresAt: sql`now() - interval '1 minute'` }).where(eq(queueTickets.id, tickets[0]!));
    await letTimePass(product.id, 60);
    const after = [];
    for (const t of tickets) after.push(state(await queueStatus(db, product.id, guest([t]))));
    // (A run-out pass no longer stands: its holder would join again, at the back.)
    expect(after).toEqual([null, "admitted", "admitted", "waiting"]);
  });

  it("keeps one place per account however often it joins, and a guest's place through its token", async () => {
    const { product } = await queuedDrop({ capacity: 1, ratePerMinute: 1 });
    const user = await makeUser(db);
    const first = await joinQueue(db, product.id, { accountId: user.id, ticketIds: [] });
    await joinQueue(db, product.id, guest());
    const again = await joinQueue(db, product.id, { accountId: user.id, ticketIds: [] });
    expect(again.ticketId).toBe(first.ticketId);
    expect(again.joined).toBe(false);
    const guestTicket = (await joinQueue(db, product.id, guest())).ticketId;
    const refreshed = await joinQueue(db, product.id, guest([guestTicket]));
    expect(refreshed.ticketId).toBe(guestTicket);
    expect(refreshed.status).toMatchObject({ state: "waiting", position: 3 });
    // A second device without the token joins at the back, never ahead.
    expect((await joinQueue(db, product.id, guest())).status).toMatchObject({ position: 4 });
    // A guest's place becomes the account's at sign-in; another account signing in on that browser does not get it.
    const ana = await makeUser(db);
    expect((await joinQueue(db, product.id, { accountId: ana.id, ticketIds: [guestTicket] })).ticketId).toBe(guestTicket);
    const other = await makeUser(db);
    const theirs = await joinQueue(db, product.id, { accountId: other.id, ticketIds: [guestTicket] });
    expect(theirs.ticketId).not.toBe(guestTicket);
    expect(theirs.status).toMatchObject({ position: 5 });
  });
});

describe("racing joins", () => {
  it("number places without gaps or doubles, and admit no more than the capacity, lowest places first", async () => {
    const { product } = await queuedDrop({ capacity: 3, ratePerMinute: 1000 });
    await db.update(productQueues).set({ tokens: 1000 }).where(eq(productQueues.productId, product.id));
    // Sent at once: on PostgreSQL they run side by side and meet at the queue row's lock.
    await Promise.all(Array.from({ length: 12 }, () => joinQueue(db, product.id, guest())));
    const rows = await db.select({ seq: queueTickets.seq, admitted: sql<boolean>`${queueTickets.admittedAt} is not null` }).from(queueTickets).where(eq(queueTickets.productId, product.id)).orderBy(queueTickets.seq);
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(rows.filter((r) => r.admitted).map((r) => Number(r.seq))).toEqual([1, 2, 3]);
  });

  it("gives an account joining from several devices at once one place", async () => {
    // Several rounds: a racer may find its own place already deleted by one holding a lower place.
    for (let round = 0; round < 5; round++) {
      const { product } = await queuedDrop({ capacity: 3, ratePerMinute: 1 });
      const user = await makeUser(db);
      const joins = await Promise.all(Array.from({ length: 8 }, () => joinQueue(db, product.id, { accountId: user.id, ticketIds: [] })));
      expect(new Set(joins.map((j) => j.ticketId)).size).toBe(1);
      const rows = await db.select({ id: queueTickets.id }).from(queueTickets).where(eq(queueTickets.productId, product.id));
      expect(rows.map((r) => r.id)).toEqual([joins[0]!.ticketId]);
      expect(joins[0]!.status).toMatchObject({ state: "waiting", position: 1 });
    }
  });

  // The status polls of thousands waiting must not queue behind one another at the queue row's lock: a read
  // finds the row locked (a join numbering its place, another read admitting) and answers without waiting.
  if (!usingPostgres()) console.log("drop-queue.test.ts: the status read under a held queue lock is skipped: it needs a second connection (set TEST_DATABASE_URL for PostgreSQL; PGlite has one).");
  it.runIf(usingPostgres())("answers a status read while the queue row is locked elsewhere, without waiting for the lock", async () => {
    const { product } = await queuedDrop({ capacity: 5, ratePerMinute: 60 });
    const ticket = (await joinQueue(db, product.id, guest())).ticketId;
    await letTimePass(product.id, 60);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.select({ id: productQueues.productId }).from(productQueues).where(eq(productQueues.productId, product.id)).for("update");
      locked();
      await released;
    });
    await holding;
    const read = queueStatus(db, product.id, guest([ticket]));
    const answer = await Promise.race([read, new Promise((resolve) => setTimeout(() => resolve("still waiting for the lock"), 3000))]);
    release();
    await holder;
    await read;
    // Due, but the lock was held: this read left the admitting to the holder and answered the place as it stood.
    expect(answer).toMatchObject({ state: "waiting", position: 1 });
    expect(state(await queueStatus(db, product.id, guest([ticket])))).toBe("admitted");
  });
});

describe("queue tokens", () => {
  it("cannot be forged: a made-up or altered signature is refused", () => {
    const id = newToken(24);
    const token = signTicket(id, SECRET);
    expect(verifyTicket(token, SECRET)).toBe(id);
    expect(verifyTicket(`${id}.${"A".repeat(43)}`, SECRET)).toBeNull();
    expect(verifyTicket(signTicket(id, "another-secret"), SECRET)).toBeNull();
    expect(verifyTicket(`${newToken(24)}.${token.split(".")[1]}`, SECRET)).toBeNull();
    expect(verifyTicket(id, SECRET)).toBeNull();
    expect(verifyTicket("", SECRET)).toBeNull();
  });

  it("cannot be reused: a pass serves the first cart that uses it and no other", async () => {
    const { product, variant } = await queuedDrop({ capacity: 5, ratePerMinute: 60 });
    await letTimePass(product.id, 60);
    const { ticketId } = await joinQueue(db, product.id, guest());
    const mine = await createCart(db);
    await addToCart(db, mine, { variantId: variant.id, quantity: 1, queueTickets: [ticketId] });
    // Later changes of that cart need no token: the pass is bound to it.
    await setLineQuantity(db, mine, { variantId: variant.id, quantity: 2 });
    const other = await createCart(db);
    expect(await refusal(addToCart(db, other, { variantId: variant.id, quantity: 1, queueTickets: [ticketId] }))).toMatchObject({ code: "cart.queue_in_use", status: 409 });
  });
});

describe("adding and checking out", () => {
  it("refuses a visitor not let in, and lets in the one admitted", async () => {
    const { product, variant } = await queuedDrop({ capacity: 1, ratePerMinute: 1 }, "Queue Tee");
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    expect(await refusal(addToCart(db, cartId, { variantId: variant.id, quantity: 1 }))).toEqual({ code: "cart.queue_required", status: 403, message: "Join the line for Queue Tee to buy it." });
    await joinQueue(db, product.id, { accountId: user.id, ticketIds: [] });
    expect((await refusal(addToCart(db, cartId, { variantId: variant.id, quantity: 1 }))).code).toBe("cart.queue_required");
    await letTimePass(product.id, 60);
    expect(state(await queueStatus(db, product.id, { accountId: user.id, ticketIds: [] }))).toBe("admitted");
    await addToCart(db, cartId, { variantId: variant.id, quantity: 1 });
    const order = await placeOrder(deps, { userId: user.id, cartId, idempotencyKey: newToken(), billing: { ...BILLING, email: `${user.id}@east-harlem.test` }, shipping: SHIPPING, card: GOOD_CARD });
    expect(order.kind).toBe("completed");
    // The order ends the pass: its place goes to the next in line.
    expect(state(await queueStatus(db, product.id, { accountId: user.id, ticketIds: [] }))).toBeNull();
    const [row] = await db.select().from(queueTickets).where(eq(queueTickets.accountId, user.id));
    expect(row!.usedAt).not.toBeNull();
  });

  it("refuses a pass that has run out, at add and at checkout", async () => {
    const { product, variant } = await queuedDrop({ capacity: 3, ratePerMinute: 60 }, "Late Cap");
    await letTimePass(product.id, 60);
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    const { ticketId } = await joinQueue(db, product.id, { accountId: user.id, ticketIds: [] });
    await addToCart(db, cartId, { variantId: variant.id, quantity: 1 });
    await db.update(queueTickets).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(queueTickets.id, ticketId));
    expect(await refusal(addToCart(db, cartId, { variantId: variant.id, quantity: 1 }))).toEqual({ code: "cart.queue_expired", status: 409, message: "Your time to check out Late Cap has run out." });
    expect(await refusal(placeOrder(deps, { userId: user.id, cartId, idempotencyKey: newToken(), billing: { ...BILLING, email: `${user.id}@east-harlem.test` }, shipping: SHIPPING, card: GOOD_CARD }))).toMatchObject({ code: "cart.queue_expired" });
    // Nothing was held or charged.
    expect((await getCart(db, cartId)).lines).toHaveLength(1);
  });

  it("honours a checkout started in time whose payment settles after the pass has run out", async () => {
    const { product, variant } = await queuedDrop({ capacity: 3, ratePerMinute: 60 }, "Slow Card Tee");
    await letTimePass(product.id, 60);
    const user = await makeUser(db);
    const cartId = await createCartForUser(db, user.id);
    const { ticketId } = await joinQueue(db, product.id, { accountId: user.id, ticketIds: [] });
    await addToCart(db, cartId, { variantId: variant.id, quantity: 1 });
    // A payment the browser still has to confirm (Stripe's way): the attempt holds its stock meanwhile.
    const pending: CheckoutDeps = { ...deps, payments: { ...deps.payments, startPayment: async (request) => ({ status: "requires_confirmation", paymentId: `pi_${request.attemptId}`, clientSecret: `secret_${request.attemptId}` }) } };
    const started = await placeOrder(pending, { userId: user.id, cartId, idempotencyKey: newToken(), billing: { ...BILLING, email: `${user.id}@east-harlem.test` }, shipping: SHIPPING });
    if (started.kind !== "requires_confirmation") throw new Error(started.kind);
    await db.update(queueTickets).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(queueTickets.id, ticketId));
    const settled = await settleAttempt(pending, started.attemptId, { paymentId: `pi_${started.attemptId}`, brand: "visa", last4: "4242" });
    expect(settled.kind).toBe("completed");
  });

  it("lets only one of two carts racing with one copied token use it", async () => {
    const { product, variant } = await queuedDrop({ capacity: 3, ratePerMinute: 60 });
    await letTimePass(product.id, 60);
    const { ticketId } = await joinQueue(db, product.id, guest());
    const [a, b] = [await createCart(db), await createCart(db)];
    const results = await Promise.allSettled([a, b].map((cartId) => addToCart(db, cartId, { variantId: variant.id, quantity: 1, queueTickets: [ticketId] })));
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "cart.queue_in_use" });
  });

  it("carries a guest's pass into the account's cart at sign-in", async () => {
    const { product, variant } = await queuedDrop({ capacity: 3, ratePerMinute: 60 });
    await letTimePass(product.id, 60);
    const user = await makeUser(db);
    const accountCart = await createCartForUser(db, user.id);
    const { ticketId } = await joinQueue(db, product.id, guest());
    const guestCart = await createCart(db);
    await addToCart(db, guestCart, { variantId: variant.id, quantity: 1, queueTickets: [ticketId] });
    expect(await attachGuestCart(db, guestCart, user.id)).toBe(accountCart);
    const order = await placeOrder(deps, { userId: user.id, cartId: accountCart, idempotencyKey: newToken(), billing: { ...BILLING, email: `${user.id}@east-harlem.test` }, shipping: SHIPPING, card: GOOD_CARD });
    expect(order.kind).toBe("completed");
  });

  it("leaves a product without a waiting room as it was", async () => {
    const made = await makeProduct(db, 3000, [{ stock: 5 }]);
    const cartId = await createCart(db);
    await addToCart(db, cartId, { variantId: made.variants[0]!.id, quantity: 1 });
    expect((await getCart(db, cartId)).lines).toHaveLength(1);
    expect(await refusal(joinQueue(db, made.product.id, guest()))).toMatchObject({ code: "queue.not_queued", status: 404 });
  });
});
