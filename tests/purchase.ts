import { addToCart, createCartForUser, findCartOfUser } from "../core/cart/index.ts";
import type { AdminActor, AdminOrderDeps } from "../core/admin/index.ts";
import { placeOrder, type CheckoutDeps, type ShippingAddressInput } from "../core/checkout/index.ts";
import { afterAll, beforeAll } from "vitest";
import { createTestProvider, type CardInput } from "../core/payments/index.ts";
import type { Db } from "../db/client.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { newToken } from "../core/shared/ids.ts";

/** The test processor's cards: one that pays, one declined, one without the funds. */
export const GOOD_CARD: CardInput = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
export const DECLINED_CARD: CardInput = { ...GOOD_CARD, number: "4000000000000002" };
export const NO_FUNDS_CARD: CardInput = { ...GOOD_CARD, number: "4000000000009995" };

export const BILLING = { fullName: "Ana Rivera", email: "ana@east-harlem.test", street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" };
/** Where the test orders ship (East Harlem). */
export const SHIPPING: ShippingAddressInput = { street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" };

/**
 * Buys the lines for the user through the real checkout (cart, reservation, test card, order), as the
 * checkout page does; returns the receipt of the order placed.
 */
export async function purchase(deps: CheckoutDeps, user: { id: string }, lines: { variantId: number; quantity: number }[]) {
  const cartId = (await findCartOfUser(deps.db, user.id)) ?? (await createCartForUser(deps.db, user.id));
  for (const line of lines) await addToCart(deps.db, cartId, line);
  const result = await placeOrder(deps, { userId: user.id, cartId, idempotencyKey: newToken(), billing: BILLING, shipping: SHIPPING, card: GOOD_CARD });
  if (result.kind !== "completed") throw new Error(`the purchase did not complete: ${result.kind}`);
  return { ...result.receipt, cartId };
}

/**
 * A fresh database for this test file, with the checkout's dependencies on it (the test processor, the
 * job queue without a worker). Read its fields inside tests: they are set before the first one runs.
 */
export function checkoutTestDatabase(): { database: TestDatabase; db: Db; checkout: CheckoutDeps } {
  const context = {} as { database: TestDatabase; db: Db; checkout: CheckoutDeps };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.db = context.database.db;
    context.checkout = checkoutDeps(context.database);
  });
  afterAll(() => context.database?.destroy());
  return context;
}

/** The checkout's dependencies on a test database: the test processor, its job queue, a 15-minute hold. */
function checkoutDeps(database: TestDatabase): CheckoutDeps {
  return { db: database.db, payments: createTestProvider(database.db), jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000 };
}

/**
 * A fresh database with the checkout's dependencies, the admin order commands' (same processor and queue)
 * and an administrator acting, for files that buy and then run the back office's order changes.
 */
export async function adminOrderTestDatabase(): Promise<{ database: TestDatabase; db: Db; checkout: CheckoutDeps; deps: AdminOrderDeps; actor: AdminActor }> {
  const database = await createTestDatabase();
  const checkout = checkoutDeps(database);
  const admin = await makeUser(database.db, "admin");
  return {
    database,
    db: database.db,
    checkout,
    deps: { db: database.db, payments: checkout.payments, jobs: database.jobs, baseUrl: TEST_BASE_URL },
    actor: { id: admin.id, email: admin.email, role: "admin", clientIp: "127.0.0.1" },
  };
}
