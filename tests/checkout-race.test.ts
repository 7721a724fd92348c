// Stock is never oversold, proven through the real HTTP checkout: two app processes on one PostgreSQL
// database, 200 buyers (registered through the sign-up form, spread over both processes) who all press
// Pay at the same moment for a variant with 5 in stock. Also: one checkout form submitted three times at
// once, to both processes, is one order and one charge.
//
// PGlite has a single connection per process, so it cannot show a race between transactions: this file
// runs on PostgreSQL only (TEST_DATABASE_URL, which CI sets).
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldAttemptCount } from "../core/checkout/index.ts";
import { CHECKOUT_MESSAGES } from "./messages.ts";
import { cartItems, carts, checkoutAttempts, orderItems, orders, stockMovements, testCharges, users, variants } from "../db/schema/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { makeProduct } from "./factories.ts";
import { Client } from "./http-client.ts";
import {
  addToCartOverHttp,
  checkoutFields,
  mapLimit,
  openCheckout,
  registerOverHttp,
  sameShopperOn,
  submitCheckout,
  type CheckoutAnswer,
} from "./http-shopper.ts";
import { ensureBuild, startServer, type RunningServer } from "./server.ts";

const BUYERS = 200;
const STOCK = 5;
// Sign-up hashes a password with argon2id (19 MiB, about 50 ms of one core): a few at a time per process.
const SETUP_CONCURRENCY = 8;
// Both processes must sign and read the same session cookies.
const AUTH_SECRET = "race-test-secret-race-test-secret-0123456789";

if (!usingPostgres()) {
  console.log("checkout-race.test.ts skipped: TEST_DATABASE_URL is not set. Races between transactions need PostgreSQL (PGlite has one connection).");
}

describe.skipIf(!usingPostgres())("checkout under contention, two app processes on one PostgreSQL", () => {
  let database: TestDatabase;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    ensureBuild();
    database = await createTestDatabase(); // migrated
    const env = { DATABASE_URL: database.url!, AUTH_SECRET, PAYMENT_PROVIDER: "test" };
    servers = await Promise.all([startServer(env), startServer(env)]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.destroy();
  });

  const serverLogs = () => servers.map((s, i) => `--- server ${i} ---\n${s.output().slice(-4000)}`).join("\n");

  interface Buyer {
    client: Client;
    name: string;
    email: string;
    key: string;
  }

  /** Registers a buyer on the given process, puts `quantity` of the variant in the cart and opens the checkout. */
  async function prepareBuyer(server: RunningServer, label: string, variantId: number, quantity = 1): Promise<Buyer> {
    const client = new Client(server.url);
    const email = `${label}-${Date.now().toString(36)}@east-harlem.test`;
    const name = `Buyer ${label}`;
    await registerOverHttp(client, email, name);
    const added = await addToCartOverHttp(client, variantId, quantity);
    await added.arrayBuffer();
    if (added.status !== 200) throw new Error(`adding to the cart answered ${added.status}`);
    const key = await openCheckout(client);
    return { client, name, email, key };
  }

  it(
    `sells exactly ${STOCK} when ${BUYERS} buyers on two processes pay for the last ${STOCK} at once`,
    async () => {
      const db = database.db;
      const { variants: [variant] } = await makeProduct(db, 5500, [{ stock: STOCK, size: "M" }], "Harlem Drop Tee");
      const variantId = variant!.id;

      // Buyer i shops and pays on process i % 2.
      const setupStarted = Date.now();
      const buyers = await mapLimit(Array.from({ length: BUYERS }, (_, i) => i), SETUP_CONCURRENCY, (i) =>
        prepareBuyer(servers[i % 2]!, `racer${i}`, variantId),
      );
      console.log(`checkout race: ${BUYERS} buyers registered with a cart and a checkout form in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);
      expect(new Set(buyers.map((b) => b.key)).size).toBe(BUYERS);

      // Every Pay button pressed at once.
      const raceStarted = Date.now();
      const answers: CheckoutAnswer[] = await Promise.all(buyers.map((b) => submitCheckout(b.client, checkoutFields(b.key, b))));
      console.log(`checkout race: ${BUYERS} checkouts answered in ${Date.now() - raceStarted} ms`);

      const statuses = answers.map((a) => a.status);
      const serverErrors = statuses.filter((s) => s >= 500);
      expect(serverErrors, `5xx answers\n${serverLogs()}`).toEqual([]);
      const paid = answers.flatMap((a, i) => (a.kind === "paid" ? [{ answer: a, buyer: buyers[i]! }] : []));
      const refused = answers.filter((a) => a.kind === "insufficient_stock");
      expect(answers.filter((a) => a.kind !== "paid" && a.kind !== "insufficient_stock").map((a) => a.status)).toEqual([]);
      expect(paid).toHaveLength(STOCK);
      expect(refused).toHaveLength(BUYERS - STOCK);
      // Both processes took part in the sale: half the buyers were on each.
      expect(buyers.filter((b) => b.client.baseUrl === servers[0]!.url)).toHaveLength(BUYERS / 2);

      // Each refused buyer is told why, next to the line, on the checkout page.
      for (const answer of refused) {
        expect(answer.status).toBe(409);
        expect(answer.kind === "insufficient_stock" && answer.body).toContain(CHECKOUT_MESSAGES.insufficientStock);
        expect(answer.kind === "insufficient_stock" && answer.body).toContain("you asked for 1, none left");
      }
      // Each paying buyer lands on their confirmation, each with their own order number.
      const orderNumbers = new Set<string>();
      for (const { answer, buyer } of paid) {
        const page = await Client.text(await buyer.client.get(answer.kind === "paid" ? answer.location : ""));
        expect(page).toContain("Thank you for your order!");
        orderNumbers.add(/data-testid="order-number">([^<]+)</.exec(page)?.[1] ?? "");
      }
      expect(orderNumbers.size).toBe(STOCK);

      // The database agrees: 5 paid orders of one unit, 5 charges, nothing on hand or held, nothing negative.
      const sold = await db
        .select({ orderId: orders.id, status: orders.status, quantity: orderItems.quantity, email: orders.customerEmail })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orderItems.variantId, variantId));
      expect(sold).toHaveLength(STOCK);
      expect(sold.every((o) => o.status === "processing" && o.quantity === 1)).toBe(true);
      expect(new Set(sold.map((o) => o.email))).toEqual(new Set(paid.map((p) => p.buyer.email)));
      const charges = await db
        .select({ status: testCharges.status })
        .from(testCharges)
        .where(inArray(testCharges.idempotencyKey, buyers.map((b) => b.key)));
      expect(charges.map((c) => c.status)).toEqual(Array(STOCK).fill("succeeded"));

      const [after] = await db.select({ onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(eq(variants.id, variantId));
      expect(after).toEqual({ onHand: 0, reserved: 0 });
      const [negative] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(variants)
        .where(or(sql`${variants.onHand} < 0`, sql`${variants.reserved} < 0`, sql`${variants.reserved} > ${variants.onHand}`));
      expect(negative!.n).toBe(0);
      expect(await heldAttemptCount(db)).toBe(0);

      const movements = await db
        .select({ type: stockMovements.type, units: sql<number>`sum(${stockMovements.quantity})::int`, count: sql<number>`count(*)::int` })
        .from(stockMovements)
        .where(eq(stockMovements.variantId, variantId))
        .groupBy(stockMovements.type);
      const byType = Object.fromEntries(movements.map((m) => [m.type, m.units]));
      expect(byType).toEqual({ reservation: STOCK, sale: STOCK }); // a shortfall reserves nothing, so nothing is released
      const attempts = await db
        .select({ status: checkoutAttempts.status })
        .from(checkoutAttempts)
        .where(inArray(checkoutAttempts.idempotencyKey, buyers.map((b) => b.key)));
      expect(attempts.map((a) => a.status)).toEqual(Array(STOCK).fill("completed"));

      // The buyers who missed out keep their cart as it was; the five who paid have theirs emptied.
      const inCarts = await db
        .select({ email: users.email })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .innerJoin(users, eq(users.id, carts.userId))
        .where(and(eq(cartItems.variantId, variantId), eq(cartItems.quantity, 1)));
      expect(inCarts).toHaveLength(BUYERS - STOCK);
      const paidEmails = new Set(paid.map((p) => p.buyer.email));
      expect(inCarts.some((c) => paidEmails.has(c.email))).toBe(false);
    },
    180_000,
  );

  it("one checkout form submitted three times at once, to both processes, is one order and one charge", async () => {
    const db = database.db;
    const { variants: [variant] } = await makeProduct(db, 8500, [{ stock: 10, size: "L" }], "Uptown Hoodie");
    const buyer = await prepareBuyer(servers[0]!, "double-click", variant!.id, 2);
    const fields = checkoutFields(buyer.key, buyer);
    // The same browser's form, the second submission routed to the other process.
    const tabs = [buyer.client, sameShopperOn(buyer.client, servers[1]!.url), buyer.client];
    const answers = await Promise.all(tabs.map((c) => submitCheckout(c, fields)));

    expect(answers.map((a) => a.status), serverLogs()).toEqual([303, 303, 303]);
    const locations = new Set(answers.map((a) => (a.kind === "paid" ? a.location : "")));
    expect(locations.size).toBe(1);
    const location = [...locations][0]!;
    const pages = await Promise.all(tabs.map(async (c) => Client.text(await c.get(location))));
    const numbers = pages.map((p) => /data-testid="order-number">([^<]+)</.exec(p)?.[1]);
    expect(numbers[0]).toMatch(/^EH-\d+$/);
    expect(new Set(numbers).size).toBe(1);

    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, buyer.email));
    const placed = await db.select({ number: orders.number, totalCents: orders.totalCents }).from(orders).where(eq(orders.userId, user!.id));
    expect(placed).toHaveLength(1);
    expect(numbers[0]).toBe(`EH-${placed[0]!.number}`);
    const charges = await db.select({ amountCents: testCharges.amountCents, status: testCharges.status }).from(testCharges).where(eq(testCharges.idempotencyKey, buyer.key));
    expect(charges).toEqual([{ amountCents: placed[0]!.totalCents, status: "succeeded" }]);
    // 2 × $85.00 + 8% tax, charged once; the stock went down by 2, once.
    expect(placed[0]!.totalCents).toBe(18_360);
    const [after] = await db.select({ onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(eq(variants.id, variant!.id));
    expect(after).toEqual({ onHand: 8, reserved: 0 });
  });
});
