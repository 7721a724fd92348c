// Money is never lost when a checkout's request dies half way: the attempt is recorded as "charging"
// before the provider is asked, and either a retry of the same form or the sweeper asks the provider by
// key what happened and finishes the checkout (an order, or a refund the shopper is told about by mail).
// Real process crashes are in tests/payment-crash.test.ts; here the request is cut off in process.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, createCartForUser, getCart } from "../core/cart/index.ts";
import { endAttempt, placeOrder, resumeCheckout, settleAttempt, sweepCheckouts, type CheckoutDeps, type PlaceOrderInput } from "../core/checkout/index.ts";
import { getInventoryRecord } from "../core/inventory/index.ts";
import { createTestProvider, type CardInput, type PaymentProvider } from "../core/payments/index.ts";
import { newToken } from "../core/shared/ids.ts";
import type { Db } from "../db/client.ts";
import { checkoutAttempts, orders, outbox, testCharges } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { BILLING, DECLINED_CARD, GOOD_CARD, SHIPPING } from "./purchase.ts";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.destroy());

/** A clock the test moves by hand. */
function clock(start = new Date()) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

function depsWith(payments: PaymentProvider, now: () => Date, errors: string[] = []): CheckoutDeps {
  return { db, payments, jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000, reconcileAfterMs: 60_000, now, onError: (_e, what) => errors.push(what) };
}

/**
 * The test processor, but the request that calls it dies: `charge` takes the money and never answers
 * (the process was killed after the charge), `before` never reaches the processor at all.
 */
function dyingProvider(mode: "charge" | "before" | "throw-after-charge"): PaymentProvider {
  const real = createTestProvider(db);
  return {
    ...real,
    async startPayment(request) {
      if (mode === "before") return new Promise(() => {});
      await real.startPayment(request);
      if (mode === "throw-after-charge") throw new Error("connection reset by peer");
      return new Promise(() => {});
    },
  };
}

async function shopper(variantId: number, quantity: number) {
  const user = await makeUser(db);
  const cartId = await createCartForUser(db, user.id);
  await addToCart(db, cartId, { variantId, quantity });
  return { user, cartId };
}

const input = (user: { id: string }, cartId: string, key: string, card: CardInput = GOOD_CARD): PlaceOrderInput => ({ userId: user.id, cartId, idempotencyKey: key, billing: BILLING, shipping: SHIPPING, card });

async function attemptOf(key: string) {
  const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key));
  return row!;
}

/** Waits until the checkout under `key` is recorded (charging). */
async function untilAttempt(key: string, charged = false) {
  for (let i = 0; i < 200; i++) {
    const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key));
    const [charge] = await db.select().from(testCharges).where(eq(testCharges.idempotencyKey, key));
    if (row && (charged ? charge : true)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the checkout never got as far as it should have");
}

/**
 * placeOrder on a provider that never answers: runs the request until it hangs where a dead one would
 * have stopped (after the charge when `charged`, else before the processor was reached).
 */
async function startDying(deps: CheckoutDeps, order: PlaceOrderInput, charged = true) {
  void placeOrder(deps, order);
  await untilAttempt(order.idempotencyKey, charged);
}

describe("a checkout whose request died after the card was charged", () => {
  it("is recorded as charging before the provider is asked, and the sweeper settles it into one order with its mail", async () => {
    const time = clock();
    const dying = depsWith(dyingProvider("charge"), time.now);
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 2);
    const key = newToken();
    await startDying(dying, input(user, cartId, key));
    expect(await attemptOf(key)).toMatchObject({ status: "charging", provider: "test", totalCents: 8640 });
    expect(await db.select().from(testCharges).where(eq(testCharges.idempotencyKey, key))).toHaveLength(1);

    // The sweeper of a healthy process (the real processor, answering normally) leaves a fresh charge alone...
    const healthy = depsWith(createTestProvider(db), time.now);
    expect((await sweepCheckouts(healthy)).reconciled).toBe(0);
    // ...and asks the processor about it once it has been charging for longer than any live request takes.
    time.advance(61_000);
    expect(await sweepCheckouts(healthy)).toMatchObject({ reconciled: 1, released: 0 });
    const attempt = await attemptOf(key);
    expect(attempt.status).toBe("completed");
    const placed = await db.select().from(orders).where(eq(orders.checkoutAttemptId, attempt.id));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ status: "processing", paymentId: attempt.paymentId, totalCents: 8640 });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 1, reservedStock: 0 });
    expect((await getCart(db, cartId)).itemCount).toBe(0);
    const mails = await db.select().from(outbox).where(eq(outbox.subject, `Your East Harlem order EH-${placed[0]!.number}`));
    expect(mails).toHaveLength(1);
    // A second sweep changes nothing.
    time.advance(61_000);
    expect((await sweepCheckouts(healthy)).reconciled).toBe(0);
    expect(await db.select().from(orders).where(eq(orders.checkoutAttemptId, attempt.id))).toHaveLength(1);
  });

  it("a retry of the same form finishes that checkout instead of refusing it, and charges once", async () => {
    const time = clock();
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 1);
    const key = newToken();
    await startDying(depsWith(dyingProvider("charge"), time.now), input(user, cartId, key));
    time.advance(6_000);
    const retried = await placeOrder(depsWith(createTestProvider(db), time.now), input(user, cartId, key));
    expect(retried.kind).toBe("completed");
    expect(await db.select().from(testCharges).where(eq(testCharges.idempotencyKey, key))).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 2, reservedStock: 0 });
  });

  it("a retry of a form whose request died before the charge charges it now, once", async () => {
    const time = clock();
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 1);
    const key = newToken();
    await startDying(depsWith(dyingProvider("before"), time.now), input(user, cartId, key), false);
    expect(await attemptOf(key)).toMatchObject({ status: "charging" });
    expect(await db.select().from(testCharges).where(eq(testCharges.idempotencyKey, key))).toHaveLength(0);
    time.advance(6_000);
    expect((await placeOrder(depsWith(createTestProvider(db), time.now), input(user, cartId, key))).kind).toBe("completed");
    expect(await db.select().from(testCharges).where(eq(testCharges.idempotencyKey, key))).toHaveLength(1);
  });

  it("a charge never taken is released when its hold runs out, with no order and no refund", async () => {
    const time = clock();
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 2);
    const key = newToken();
    await startDying(depsWith(dyingProvider("before"), time.now), input(user, cartId, key), false);
    const healthy = depsWith(createTestProvider(db), time.now);
    time.advance(61_000);
    // Asked, the processor knows no charge: the hold stays until it runs out (the shopper may retry).
    expect(await sweepCheckouts(healthy)).toMatchObject({ reconciled: 0 });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ reservedStock: 2 });
    time.advance(15 * 60_000);
    expect(await sweepCheckouts(healthy)).toMatchObject({ reconciled: 1, released: 1 });
    expect(await attemptOf(key)).toMatchObject({ status: "expired" });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 3, reservedStock: 0 });
    expect((await getCart(db, cartId)).itemCount).toBe(2);
  });

  it("a provider call that fails after taking the money still ends in the order, not in a release", async () => {
    const time = clock();
    const errors: string[] = [];
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 1);
    const key = newToken();
    const result = await placeOrder(depsWith(dyingProvider("throw-after-charge"), time.now, errors), input(user, cartId, key));
    expect(result.kind).toBe("completed");
    expect(errors).toEqual(["payment provider call failed"]);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 2, reservedStock: 0 });
  });

  it("a payment found after its hold was let go and its stock sold is refunded once, and the shopper is mailed", async () => {
    const time = clock();
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 1 }]);
    const { user, cartId } = await shopper(v!.id, 1);
    const key = newToken();
    await startDying(depsWith(dyingProvider("charge"), time.now), input(user, cartId, key));
    // As if the hold had been let go before anyone knew of the charge, and another buyer took the last one.
    const attempt = await attemptOf(key);
    await endAttempt(db, attempt.id, "expired", "Reservation expired", null);
    const other = await shopper(v!.id, 1);
    expect((await placeOrder(depsWith(createTestProvider(db), time.now), input(other.user, other.cartId, newToken()))).kind).toBe("completed");

    // The refund's first try fails (the provider is down): the attempt is left "refunding", never forgotten.
    const real = createTestProvider(db);
    let refundTries = 0;
    const flaky: PaymentProvider = {
      ...real,
      async refund(...args) {
        refundTries += 1;
        if (refundTries === 1) throw new Error("provider unavailable");
        return real.refund(...args);
      },
    };
    const deps = depsWith(flaky, time.now);
    const [charge0] = await db.select().from(testCharges).where(eq(testCharges.idempotencyKey, key));
    await expect(settleAttempt(deps, attempt.id, { paymentId: charge0!.id, brand: "visa", last4: "4242" })).rejects.toThrow("provider unavailable");
    expect(await attemptOf(key)).toMatchObject({ status: "refunding", paymentId: charge0!.id });
    time.advance(61_000);
    expect(await sweepCheckouts(deps)).toMatchObject({ refunded: 1 });
    expect(await attemptOf(key)).toMatchObject({ status: "refunded" });
    const [charge] = await db.select().from(testCharges).where(eq(testCharges.idempotencyKey, key));
    expect(charge!.refundedCents).toBe(charge!.amountCents);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    const mails = await db.select().from(outbox).where(eq(outbox.to, BILLING.email));
    expect(mails.filter((m) => m.subject === "Your East Harlem payment was refunded" && m.text.includes("$43.20"))).toHaveLength(1);
    time.advance(61_000);
    expect(await sweepCheckouts(deps)).toMatchObject({ refunded: 0 });
  });
});

/** The test processor, but each charge takes `ms` to answer (a live request still charging). */
function slowProvider(ms: number): PaymentProvider {
  const real = createTestProvider(db);
  return {
    ...real,
    async startPayment(request) {
      await new Promise((r) => setTimeout(r, ms));
      return real.startPayment(request);
    },
  };
}

const succeededCharges = async (userId: string) => {
  const keys = (await db.select({ key: checkoutAttempts.idempotencyKey }).from(checkoutAttempts).where(eq(checkoutAttempts.userId, userId))).map((a) => a.key);
  const charges = await db.select().from(testCharges);
  return charges.filter((c) => keys.includes(c.idempotencyKey) && c.status === "succeeded");
};

describe("a cart has one payment in flight (ADR 0038)", () => {
  it("paying again from a fresh form after a crash after the charge asks the processor and answers the first order: one charge", async () => {
    const time = clock();
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 1);
    const first = newToken();
    await startDying(depsWith(dyingProvider("charge"), time.now), input(user, cartId, first));
    time.advance(6_000);
    // Well before the sweeper would ask (reconcileAfterMs is 60 s), a form rendered after the crash is sent.
    const healthy = depsWith(createTestProvider(db), time.now);
    const again = await placeOrder(healthy, input(user, cartId, newToken()));
    expect(again.kind).toBe("completed");
    expect(again.kind === "completed" && again.attemptId).toBe((await attemptOf(first)).id);
    expect(await succeededCharges(user.id)).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 2, reservedStock: 0 });
  });

  it("opening checkout after that crash shows the order, settled from the processor's word", async () => {
    const time = clock();
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 2);
    const first = newToken();
    await startDying(depsWith(dyingProvider("charge"), time.now), input(user, cartId, first));
    const standing = await resumeCheckout(depsWith(createTestProvider(db), time.now), user.id);
    expect(standing).toMatchObject({ kind: "completed", attemptId: (await attemptOf(first)).id });
    expect((await getCart(db, cartId)).itemCount).toBe(0);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it("a new submission while the first request is still charging waits for it and answers its order", async () => {
    const time = clock();
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 1);
    const slow = depsWith(slowProvider(400), time.now);
    const firstKey = newToken();
    const firstPay = placeOrder(slow, input(user, cartId, firstKey));
    await untilAttempt(firstKey);
    // Opening checkout meanwhile says a payment is under way.
    expect(await resumeCheckout(depsWith(createTestProvider(db), time.now), user.id)).toMatchObject({ kind: "in_progress" });
    const second = await placeOrder(depsWith(createTestProvider(db), time.now), { ...input(user, cartId, newToken()), billing: { ...BILLING, fullName: "Ana R. Rivera" } });
    const firstResult = await firstPay;
    expect(firstResult.kind).toBe("completed");
    expect(second).toMatchObject({ kind: "completed", attemptId: firstResult.kind === "completed" ? firstResult.attemptId : "" });
    expect(await succeededCharges(user.id)).toHaveLength(1);
  });

  it("a charge whose request died before the processor is closed there, and the new submission is charged as sent", async () => {
    const time = clock();
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 1);
    const first = newToken();
    const dead = dyingProvider("before");
    await startDying(depsWith(dead, time.now), input(user, cartId, first), false);
    time.advance(6_000);
    const healthy = depsWith(createTestProvider(db), time.now);
    const corrected = { ...BILLING, fullName: "Ana Rivera Santos" };
    const paid = await placeOrder(healthy, { ...input(user, cartId, newToken()), billing: corrected });
    expect(paid.kind).toBe("completed");
    expect(await attemptOf(first)).toMatchObject({ status: "failed" });
    const [order] = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order!.customerName).toBe("Ana Rivera Santos");
    // The first request coming back to life is refused by the processor: no second charge.
    const late = await createTestProvider(db).startPayment({ amountCents: 4320, currency: "USD", idempotencyKey: first, description: "late", customerEmail: BILLING.email, attemptId: "late", card: GOOD_CARD });
    expect(late.status).toBe("failed");
    expect(await succeededCharges(user.id)).toHaveLength(1);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 2, reservedStock: 0 });
  });

  it("a charge the processor refused before the crash ends when checkout is opened, and its stock is free again", async () => {
    const time = clock();
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 2);
    const first = newToken();
    await startDying(depsWith(dyingProvider("charge"), time.now), input(user, cartId, first, DECLINED_CARD));
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ reservedStock: 2 });
    expect(await resumeCheckout(depsWith(createTestProvider(db), time.now), user.id)).toEqual({ kind: "none" });
    expect(await attemptOf(first)).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 3, reservedStock: 0 });
    expect((await getCart(db, cartId)).itemCount).toBe(2);
  });
});

describe("the same form sent again", () => {
  it("with the same declined card is the same attempt; with another card, or other details, a new one that is charged", async () => {
    const deps = depsWith(createTestProvider(db), () => new Date());
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper(v!.id, 1);
    const key = newToken();
    expect(await placeOrder(deps, input(user, cartId, key, DECLINED_CARD))).toMatchObject({ kind: "failed", message: "Your card was declined." });
    expect(await placeOrder(deps, input(user, cartId, key, DECLINED_CARD))).toMatchObject({ kind: "failed", message: "Your card was declined." });
    expect(await db.select().from(testCharges).where(eq(testCharges.idempotencyKey, key))).toHaveLength(1);
    // Other billing details with the same card: a new attempt, declined on its own.
    const moved = { ...BILLING, street: "1 East 116th St" };
    expect(await placeOrder(deps, { ...input(user, cartId, key, DECLINED_CARD), billing: moved })).toMatchObject({ kind: "failed" });
    expect(await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.userId, user.id))).toHaveLength(2);
    // The good card under the same form's key is charged, once however often it is sent.
    const paid = await placeOrder(deps, input(user, cartId, key));
    expect(paid.kind).toBe("completed");
    const resent = await placeOrder(deps, input(user, cartId, key));
    expect(resent).toMatchObject({ kind: "completed", attemptId: paid.kind === "completed" ? paid.attemptId : "", fresh: false });
    expect(await succeededCharges(user.id)).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });
});
