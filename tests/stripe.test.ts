import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, createCartForUser, getCart } from "../core/cart/index.ts";
import { handlePaymentEvent, placeOrder, releaseExpiredReservations, sweepCheckouts, type CheckoutDeps, type PlaceOrderInput } from "../core/checkout/index.ts";
import { getInventoryRecord, listMovements } from "../core/inventory/index.ts";
import { PaymentError, type PaymentProvider } from "../core/payments/index.ts";
import { createStripeProvider } from "../core/payments/index.ts";
import { newToken } from "../core/shared/ids.ts";
import type { Db } from "../db/client.ts";
import { checkoutAttempts, orders, outbox, webhookEvents } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { signature, startFakeStripe, type FakeStripe } from "./fake-stripe.ts";
import { BILLING, SHIPPING } from "./purchase.ts";

export const SECRET_KEY = "sk_test_east_harlem_fake";
export const WEBHOOK_SECRET = "whsec_east_harlem_test_secret";

let fake: FakeStripe;
let database: TestDatabase;
let db: Db;
let payments: PaymentProvider;
let deps: CheckoutDeps;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  database = await createTestDatabase();
  db = database.db;
  payments = await createStripeProvider({ secretKey: SECRET_KEY, apiUrl: fake.url, webhookSecret: WEBHOOK_SECRET });
  deps = { db, payments, jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000 };
});
afterAll(async () => {
  await database?.destroy();
  await fake?.close();
});

async function shopper(lines: { variantId: number; quantity: number }[]) {
  const user = await makeUser(db);
  const cartId = await createCartForUser(db, user.id);
  for (const line of lines) await addToCart(db, cartId, line);
  return { user, cartId };
}

function input(user: { id: string }, cartId: string, key = newToken()): PlaceOrderInput {
  return { userId: user.id, cartId, idempotencyKey: key, billing: BILLING, shipping: SHIPPING };
}

/** Places the order and returns the PaymentIntent the fake Stripe holds for it. */
async function checkout(user: { id: string }, cartId: string) {
  const result = await placeOrder(deps, input(user, cartId));
  if (result.kind !== "requires_confirmation") throw new Error(`expected requires_confirmation, got ${result.kind}`);
  const intent = [...fake.intents.values()].find((i) => i.metadata.attemptId === result.attemptId)!;
  return { attemptId: result.attemptId, intent };
}

/** An event as it arrives at the endpoint, read back through the provider's signature check. */
async function received(type: string, object: Record<string, unknown>) {
  const body = JSON.stringify(fake.event(type, object));
  return payments.webhooks!.verify(Buffer.from(body), signature(body, WEBHOOK_SECRET));
}

const attemptRow = async (attemptId: string) => (await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId)))[0]!;

describe("Stripe PaymentIntents", () => {
  it("creates one PaymentIntent for the order total in cents, under the checkout's idempotency key", async () => {
    const { variants: [a, b] } = await makeProduct(db, 5500, [{ stock: 10 }, { stock: 4, priceCents: 1999 }]);
    const { user, cartId } = await shopper([
      { variantId: a!.id, quantity: 2 },
      { variantId: b!.id, quantity: 1 },
    ]);
    const key = newToken();
    const first = await placeOrder(deps, input(user, cartId, key));
    expect(first.kind).toBe("requires_confirmation");
    if (first.kind !== "requires_confirmation") return;
    // 2 x $55.00 + $19.99 = $129.99, tax 8% = $10.40 (10.3992 rounded), total $140.39.
    expect(first.totalCents).toBe(14039);
    const created = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents" && r.idempotencyKey === key);
    expect(created).toHaveLength(1);
    const intent = [...fake.intents.values()].find((i) => i.metadata.attemptId === first.attemptId)!;
    expect(intent).toMatchObject({ amount: 14039, currency: "usd", receipt_email: BILLING.email, client_secret: first.clientSecret });
    expect(await getInventoryRecord(db, a!.id)).toMatchObject({ currentStock: 10, reservedStock: 2 });

    // The same checkout again (a double click, a resubmitted form): the same intent, no second one.
    const again = await placeOrder(deps, input(user, cartId, key));
    expect(again).toMatchObject({ kind: "requires_confirmation", clientSecret: first.clientSecret });
    // A retried create (its answer lost on the way) is answered by Stripe with the first intent.
    const retried = await payments.startPayment({ amountCents: 14039, currency: "USD", idempotencyKey: key, description: `East Harlem checkout ${first.attemptId}`, customerEmail: BILLING.email, attemptId: first.attemptId });
    expect(retried).toMatchObject({ paymentId: intent.id, clientSecret: first.clientSecret });
    expect([...fake.intents.values()].filter((i) => i.metadata.attemptId === first.attemptId)).toHaveLength(1);
    expect(await getInventoryRecord(db, a!.id)).toMatchObject({ reservedStock: 2 });
  });

  it("a verified payment_intent.succeeded makes the processing order once, with the card from the charge, and commits the stock", async () => {
    const { variants: [v] } = await makeProduct(db, 4500, [{ stock: 5 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 2 }]);
    const { attemptId, intent } = await checkout(user, cartId);
    fake.succeed(intent.id, { brand: "mastercard", last4: "4444" });
    const succeeded = await received("payment_intent.succeeded", intent);

    const outcome = await handlePaymentEvent(deps, succeeded);
    expect(outcome).toMatchObject({ kind: "settled", attemptId, fresh: true });
    const [order] = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ status: "processing", paymentProvider: "stripe", paymentId: intent.id, cardBrand: "mastercard", cardLast4: "4444", totalCents: 9720 });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 3, reservedStock: 0 });
    expect((await getCart(db, cartId)).lines).toEqual([]);

    // Delivered again: recognised by its id, nothing changes and no second mail is asked for.
    expect(await handlePaymentEvent(deps, succeeded)).toEqual({ kind: "duplicate" });
    // A failure reported after the success (events come in any order) leaves the paid order alone.
    fake.fail(intent.id);
    expect(await handlePaymentEvent(deps, await received("payment_intent.payment_failed", intent))).toEqual({ kind: "ended", attemptId, changed: false });
    expect(await handlePaymentEvent(deps, await received("payment_intent.canceled", intent))).toEqual({ kind: "ended", attemptId, changed: false });
    expect(await attemptRow(attemptId)).toMatchObject({ status: "completed", failureMessage: null });
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 3, reservedStock: 0 });
    expect((await listMovements(db, v!.id)).filter((m) => m.type === "release")).toEqual([]);
  });

  it("the same event reaching several app processes at once settles the order once", async () => {
    const { variants: [v] } = await makeProduct(db, 3500, [{ stock: 6 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 3 }]);
    const { intent } = await checkout(user, cartId);
    fake.succeed(intent.id);
    const succeeded = await received("payment_intent.succeeded", intent);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => handlePaymentEvent(deps, succeeded)));
    expect(outcomes.filter((o) => o.kind === "settled" && o.fresh)).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "duplicate")).toHaveLength(3);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 3, reservedStock: 0 });
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, succeeded.id))).toHaveLength(1);
  });

  it("payment_intent.payment_failed releases the stock, keeps the cart and Stripe's message, and cancels the PaymentIntent", async () => {
    const { variants: [v] } = await makeProduct(db, 6000, [{ stock: 2 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 2 }]);
    const { attemptId, intent } = await checkout(user, cartId);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ availableStock: 0 });
    fake.fail(intent.id, { code: "insufficient_funds", message: "Your card has insufficient funds." });

    expect(await handlePaymentEvent(deps, await received("payment_intent.payment_failed", intent))).toEqual({ kind: "ended", attemptId, changed: true });
    expect(await attemptRow(attemptId)).toMatchObject({ status: "failed", failureMessage: "Your card has insufficient funds." });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 2, reservedStock: 0, availableStock: 2 });
    expect((await getCart(db, cartId)).lines.map((l) => l.quantity)).toEqual([2]);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    // The checkout is over: its PaymentIntent can no longer be paid from a tab left open.
    expect(intent.status).toBe("canceled");
    expect(fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/payment_intents/${intent.id}/cancel`)).toHaveLength(1);
  });

  it("a success that overtook its failure at Stripe takes the stock again", async () => {
    const { variants: [v] } = await makeProduct(db, 6000, [{ stock: 2 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 2 }]);
    const { attemptId, intent } = await checkout(user, cartId);
    fake.fail(intent.id);
    const failed = await received("payment_intent.payment_failed", intent);
    // Another card on the same PaymentIntent went through before the failure was delivered.
    fake.succeed(intent.id);
    const errors: string[] = [];
    const watched: CheckoutDeps = { ...deps, onError: (_error, what) => errors.push(what) };

    expect(await handlePaymentEvent(watched, failed)).toEqual({ kind: "ended", attemptId, changed: true });
    // Stripe does not cancel a paid PaymentIntent, and that refusal is no error to report.
    expect(intent.status).toBe("succeeded");
    expect(errors).toEqual([]);
    expect(await handlePaymentEvent(watched, await received("payment_intent.succeeded", intent))).toMatchObject({ kind: "settled", fresh: true });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 0, reservedStock: 0 });
    expect(await attemptRow(attemptId)).toMatchObject({ status: "completed" });
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it("refunds a payment whose stock sold out after its checkout had ended, mails the shopper, and records the event once", async () => {
    const { variants: [v] } = await makeProduct(db, 5000, [{ stock: 1 }]);
    const late = await shopper([{ variantId: v!.id, quantity: 1 }]);
    const { attemptId, intent } = await checkout(late.user, late.cartId);
    fake.fail(intent.id);
    const failed = await received("payment_intent.payment_failed", intent);
    // Another card on the same PaymentIntent went through, but the failure is delivered first and ends the checkout.
    fake.succeed(intent.id);
    await handlePaymentEvent(deps, failed);
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 1, reservedStock: 0 });
    // Someone else buys the last one in the meantime.
    const other = await shopper([{ variantId: v!.id, quantity: 1 }]);
    const theirs = await checkout(other.user, other.cartId);
    fake.succeed(theirs.intent.id);
    await handlePaymentEvent(deps, await received("payment_intent.succeeded", theirs.intent));

    const event = await received("payment_intent.succeeded", intent);
    expect(await handlePaymentEvent(deps, event)).toMatchObject({ kind: "refunded", attemptId });
    expect([...fake.refunds.values()]).toContainEqual(expect.objectContaining({ payment_intent: intent.id, amount: 5400 }));
    expect(await db.select().from(orders).where(eq(orders.userId, late.user.id))).toEqual([]);
    expect(await attemptRow(attemptId)).toMatchObject({ status: "refunded", paymentId: intent.id });
    const mails = await db.select().from(outbox).where(eq(outbox.subject, "Your East Harlem payment was refunded"));
    expect(mails.filter((m) => m.to === BILLING.email && m.text.includes("$54.00"))).toHaveLength(1);
    expect(await handlePaymentEvent(deps, event)).toEqual({ kind: "duplicate" });
    expect(fake.refunds.size).toBe(1);
  });

  it("a payment whose webhook has not come is found at Stripe by the sweeper and settled, not cancelled", async () => {
    let now = new Date();
    const timed: CheckoutDeps = { ...deps, now: () => now };
    const { variants: [v] } = await makeProduct(db, 5000, [{ stock: 1 }]);
    const buyer = await shopper([{ variantId: v!.id, quantity: 1 }]);
    const result = await placeOrder(timed, input(buyer.user, buyer.cartId));
    if (result.kind !== "requires_confirmation") throw new Error(result.kind);
    const intent = [...fake.intents.values()].find((i) => i.metadata.attemptId === result.attemptId)!;
    fake.succeed(intent.id);
    now = new Date(now.getTime() + 16 * 60_000);
    await sweepCheckouts(timed);
    expect(await attemptRow(result.attemptId)).toMatchObject({ status: "completed" });
    expect(intent.status).toBe("succeeded");
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 0, reservedStock: 0 });
    expect(await db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toHaveLength(1);
    // The webhook arriving afterwards changes nothing more.
    expect(await handlePaymentEvent(deps, await received("payment_intent.succeeded", intent))).toMatchObject({ kind: "settled", fresh: false });
  });

  it("after a crash that lost the PaymentIntent's id, the sweeper finds it by the checkout's metadata", async () => {
    let now = new Date();
    const timed: CheckoutDeps = { ...deps, now: () => now, reconcileAfterMs: 60_000 };
    const { variants: [v] } = await makeProduct(db, 5000, [{ stock: 2 }]);
    const buyer = await shopper([{ variantId: v!.id, quantity: 1 }]);
    const result = await placeOrder(timed, input(buyer.user, buyer.cartId));
    if (result.kind !== "requires_confirmation") throw new Error(result.kind);
    // As if the process died after Stripe made the intent and before the store wrote it down.
    await db.update(checkoutAttempts).set({ paymentId: null, clientSecret: null }).where(eq(checkoutAttempts.id, result.attemptId));
    const intent = [...fake.intents.values()].find((i) => i.metadata.attemptId === result.attemptId)!;
    fake.succeed(intent.id);
    now = new Date(now.getTime() + 2 * 60_000);
    await sweepCheckouts(timed);
    expect(await attemptRow(result.attemptId)).toMatchObject({ status: "completed", paymentId: intent.id });
    expect(fake.requests.some((r) => r.path === "/v1/payment_intents/search")).toBe(true);
  });

  it("refuses a body whose signature does not hold", async () => {
    const { variants: [v] } = await makeProduct(db, 4000, [{ stock: 3 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 1 }]);
    const { intent } = await checkout(user, cartId);
    fake.succeed(intent.id);
    const body = JSON.stringify(fake.event("payment_intent.succeeded", intent));
    const tampered = body.replace(`"amount_received":${intent.amount}`, `"amount_received":1`);
    const cases: [string, string | undefined][] = [
      [body, signature(body, "whsec_someone_else")],
      [tampered, signature(body, WEBHOOK_SECRET)],
      [body, undefined],
      [body, signature(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)],
    ];
    for (const [payload, header] of cases) {
      const refused = payments.webhooks!.verify(Buffer.from(payload), header);
      await expect(refused).rejects.toBeInstanceOf(PaymentError);
      await expect(refused).rejects.toMatchObject({ code: "payment.webhook_invalid" });
    }
  });

  it("an expired reservation cancels its PaymentIntent at Stripe, and the cancellation event changes nothing more", async () => {
    let now = new Date();
    const timed: CheckoutDeps = { ...deps, now: () => now };
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 4 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 3 }]);
    const result = await placeOrder(timed, input(user, cartId));
    if (result.kind !== "requires_confirmation") throw new Error(result.kind);
    const intent = [...fake.intents.values()].find((i) => i.metadata.attemptId === result.attemptId)!;
    now = new Date(now.getTime() + 16 * 60_000);
    await releaseExpiredReservations(timed);
    expect(await attemptRow(result.attemptId)).toMatchObject({ status: "expired" });
    expect(fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/payment_intents/${intent.id}/cancel`)).toHaveLength(1);
    expect(intent.status).toBe("canceled");
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ currentStock: 4, reservedStock: 0 });
    const canceled = await received("payment_intent.canceled", intent);
    expect(await handlePaymentEvent(deps, canceled)).toEqual({ kind: "ended", attemptId: result.attemptId, changed: false });
    expect(await attemptRow(result.attemptId)).toMatchObject({ status: "expired" });
    expect((await getCart(db, cartId)).itemCount).toBe(3);
  });

  it("paying again while the first PaymentIntent waits for the browser cancels it at Stripe first: the stock is held once (ADR 0038)", async () => {
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 5 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 2 }]);
    const first = await checkout(user, cartId);
    // The card was refused in the browser; the webhook saying so has not come yet.
    fake.fail(first.intent.id);
    const second = await checkout(user, cartId);
    expect(second.intent.id).not.toBe(first.intent.id);
    expect(first.intent.status).toBe("canceled");
    expect(await attemptRow(first.attemptId)).toMatchObject({ status: "failed" });
    expect(await getInventoryRecord(db, v!.id)).toMatchObject({ reservedStock: 2, availableStock: 3 });
  });

  it("paying again after the browser's payment went through is answered with that order, not a second PaymentIntent", async () => {
    const { variants: [v] } = await makeProduct(db, 5500, [{ stock: 5 }]);
    const { user, cartId } = await shopper([{ variantId: v!.id, quantity: 1 }]);
    const first = await checkout(user, cartId);
    fake.succeed(first.intent.id);
    const before = fake.intents.size;
    const again = await placeOrder(deps, input(user, cartId));
    expect(again).toMatchObject({ kind: "completed", attemptId: first.attemptId });
    expect(fake.intents.size).toBe(before);
    expect(await db.select().from(orders).where(eq(orders.checkoutAttemptId, first.attemptId))).toHaveLength(1);
    // The webhook arriving after changes nothing more.
    const succeeded = await received("payment_intent.succeeded", fake.intents.get(first.intent.id)!);
    expect(await handlePaymentEvent(deps, succeeded)).toMatchObject({ kind: "settled", attemptId: first.attemptId });
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it("acknowledges events that are not about one of its checkouts without changing anything", async () => {
    const foreign = { ...structuredClone([...fake.intents.values()][0]!), id: "pi_from_another_integration", status: "succeeded", metadata: {} };
    const before = await db.select().from(orders);
    expect(await handlePaymentEvent(deps, await received("payment_intent.succeeded", foreign))).toMatchObject({ kind: "ignored" });
    const other = await received("customer.created", { id: "cus_1", object: "customer" });
    expect(other.type).toBe("ignored");
    expect(await handlePaymentEvent(deps, other)).toMatchObject({ kind: "ignored" });
    expect(await db.select().from(orders)).toEqual(before);
  });
});
