import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, softDeleteUser, updatePreferences } from "../core/accounts/index.ts";
import { exportAccountData } from "../core/privacy/index.ts";
import {
  countWaiting,
  RESTOCK_ALERT_RATIO,
  RESTOCK_PASS_INTERVAL_MS,
  runRestockPass,
  scheduleDropAlerts,
  stopAlerts,
  subscribeToAlert,
  type AlertDeps,
} from "../core/alerts/index.ts";
import { createProduct, getAdminProduct, updateProduct, updateVariant, type AdminActor } from "../core/admin/index.ts";
import { productFormInput, productFormSchema } from "../core/catalog/index.ts";
import { adjustStock, releaseReservation, reserveStock, restock, setStockLevels } from "../core/inventory/index.ts";
import type { Db } from "../db/client.ts";
import { outbox, products, restockAlerts, variants as variantsTable } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";

/*
 * "Notify me" (issue 18, ADR 0032): sign-ups are mailed in the order they came, a few per unit of stock
 * that came back, through the outbox, and never while there is no stock.
 */

let database: TestDatabase;
let db: Db;
let deps: AlertDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  deps = { db, jobs: database.jobs, baseUrl: TEST_BASE_URL };
});
afterAll(() => database?.destroy());

let counter = 0;
const address = (tag: string) => `${tag}-${++counter}-${Date.now()}@east-harlem.test`;
const T0 = new Date("2030-01-01T12:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** `n` guests in line for the product (or one variant), one millisecond apart, oldest first. */
async function line(productId: number, n: number, variantId: number | null = null, start = 0): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = address("fan");
    await subscribeToAlert(deps, { productId, variantId, email, customerId: null, locale: "en" }, `198.51.100.${counter % 250}`, at(start + i));
    emails.push(email);
  }
  return emails;
}

const mailsTo = (emails: string[]) => (emails.length ? db.select().from(outbox).where(inArray(outbox.to, emails)).orderBy(outbox.id) : Promise.resolve([]));
const mailed = async (emails: string[]) => new Set((await mailsTo(emails)).map((m) => m.to));
const passJobs = async (productId: number) => {
  const result = await db.execute(sql`select data, start_after from pgboss.job where name = 'restock-alerts' and (data->>'productId')::int = ${productId} order by created_on`);
  return ((result as unknown as { rows?: { data: { productId: number; onSaleAt?: string | null }; start_after: Date }[] }).rows ?? (result as never)) as { data: { productId: number; onSaleAt?: string | null }; start_after: Date }[];
};

describe("signing up", () => {
  it("is idempotent: asking twice keeps one row and its place in line", async () => {
    const { product } = await makeProduct(db, 4500, [{ stock: 0 }]);
    const [first, second] = await line(product.id, 2);
    const [before] = await db.select().from(restockAlerts).where(eq(restockAlerts.email, first!));
    const again = await subscribeToAlert(deps, { productId: product.id, variantId: null, email: `  ${first!.toUpperCase()} `, customerId: null, locale: "es" }, "198.51.100.7", at(60_000));
    expect(again.created).toBe(false);
    const rows = await db.select().from(restockAlerts).where(eq(restockAlerts.productId, product.id)).orderBy(restockAlerts.createdAt, restockAlerts.id);
    expect(rows.map((r) => r.email)).toEqual([first, second]);
    expect(rows[0]!.id).toBe(before!.id);
    expect(rows[0]!.createdAt).toEqual(before!.createdAt);
    expect(await countWaiting(db, product.id)).toBe(2);
  });
});

describe("restock batches follow stock", () => {
  it(`a restock of 5 units mails exactly the ${5 * RESTOCK_ALERT_RATIO} oldest sign-ups; the rest wait for the next pass`, async () => {
    const { product, variants: [v] } = await makeProduct(db, 4500, [{ stock: 0 }], "Harlem Classic Tee");
    const emails = await line(product.id, 30);

    await restock(db, v!.id, 5, { jobs: database.jobs });
    // The pass was enqueued with the stock change.
    expect((await passJobs(product.id)).map((j) => j.data)).toEqual([{ productId: product.id }]);

    const first = await runRestockPass(deps, product.id, {}, at(1000));
    expect(first).toEqual({ mailed: 10, skipped: 0, again: true });
    expect(await mailed(emails)).toEqual(new Set(emails.slice(0, 10)));
    const [mail] = await mailsTo([emails[0]!]);
    expect(mail!.subject).toBe("Harlem Classic Tee is back in stock");
    expect(mail!.text).toContain(`${TEST_BASE_URL}/shop/${product.slug}`);
    expect(mail!.text).toMatch(new RegExp(`${TEST_BASE_URL}/alerts/stop\\?token=[A-Za-z0-9_-]{43}`));
    // The next pass waits an interval.
    const next = (await passJobs(product.id)).at(-1)!;
    expect(new Date(next.start_after).getTime()).toBe(at(1000).getTime() + RESTOCK_PASS_INTERVAL_MS);

    // A pass repeated within the interval (a duplicate job, a retry) mails no one more.
    expect((await runRestockPass(deps, product.id, {}, at(2000))).mailed).toBe(0);

    // More stock, an interval later: the next ones in line, as many as the stock allows.
    await restock(db, v!.id, 1, { jobs: database.jobs });
    const second = await runRestockPass(deps, product.id, {}, at(1000 + RESTOCK_PASS_INTERVAL_MS));
    expect(second.mailed).toBe(6 * RESTOCK_ALERT_RATIO);
    expect(await mailed(emails)).toEqual(new Set(emails.slice(0, 22)));

    // Stock back to 0: nothing more is sent, and no pass follows.
    await adjustStock(db, v!.id, 0);
    const third = await runRestockPass(deps, product.id, {}, at(1000 + 3 * RESTOCK_PASS_INTERVAL_MS));
    expect(third).toEqual({ mailed: 0, skipped: 0, again: false });
    expect((await mailsTo(emails)).length).toBe(22);
    expect(await countWaiting(db, product.id)).toBe(8);
  });

  it("a variant's sign-ups wait for that variant; sign-ups for any variant are woken by any", async () => {
    const { product, variants: [small, large] } = await makeProduct(db, 4500, [{ stock: 0 }, { stock: 0 }]);
    const forLarge = await line(product.id, 2, large!.id, 0);
    const forAny = await line(product.id, 1, null, 10);
    await restock(db, small!.id, 3, { jobs: database.jobs });
    const pass = await runRestockPass(deps, product.id, {}, at(1000));
    expect(pass.mailed).toBe(1);
    expect(await mailed([...forLarge, ...forAny])).toEqual(new Set(forAny));
  });

  it("every stock change that brings a variant back from 0 enqueues a pass with it: a released hold, a stock list, a rolled-back one none", async () => {
    const { product, variants: [v] } = await makeProduct(db, 4500, [{ stock: 2 }]);
    await reserveStock(db, [{ variantId: v!.id, quantity: 2 }], { jobs: database.jobs });
    expect(await passJobs(product.id)).toEqual([]);
    // A checkout's hold expires or its payment fails: the units come back.
    await releaseReservation(db, [{ variantId: v!.id, quantity: 2 }], { jobs: database.jobs });
    expect(await passJobs(product.id)).toHaveLength(1);
    await adjustStock(db, v!.id, 0, { jobs: database.jobs });
    await setStockLevels(db, [{ variantId: v!.id, onHand: 4 }], { jobs: database.jobs });
    expect(await passJobs(product.id)).toHaveLength(2);
    // A change whose transaction rolls back leaves no job behind.
    await adjustStock(db, v!.id, 0);
    await expect(
      db.transaction(async (tx) => {
        await restock(tx, v!.id, 3, { jobs: database.jobs });
        throw new Error("crash after the restock, before the commit");
      }),
    ).rejects.toThrow("crash");
    expect(await passJobs(product.id)).toHaveLength(2);
  });

  it("a product made active again, or a variant switched back on, gets a pass; other saves enqueue none", async () => {
    const admin: AdminActor = { id: "admin-alerts", email: "alerts-admin@east-harlem.test", role: "admin", clientIp: "203.0.113.9" };
    const fields = { name: `Returning Tee ${Date.now()}`, description: "Back by demand.", category: "apparel", artKind: "tee", basePrice: "40.00", status: "archived" };
    const form = (status: string) => productFormSchema.parse(productFormInput({ ...fields, status }));
    const { id } = await createProduct(db, admin, form("archived"), database.jobs);
    const detail = async () => (await getAdminProduct(db, id))!;
    await updateProduct(db, admin, id, (await detail()).version, form("archived"), database.jobs);
    expect(await passJobs(id)).toEqual([]);
    await updateProduct(db, admin, id, (await detail()).version, form("active"), database.jobs);
    expect((await passJobs(id)).map((j) => j.data)).toEqual([{ productId: id }]);
    // Saved again while active: no second pass.
    await updateProduct(db, admin, id, (await detail()).version, form("active"), database.jobs);
    expect(await passJobs(id)).toHaveLength(1);

    const { product, variants: [v] } = await makeProduct(db, 4500, [{ stock: 3 }]);
    await db.update(variantsTable).set({ active: false }).where(eq(variantsTable.id, v!.id));
    const before = (await getAdminProduct(db, product.id))!;
    const variantForm = { size: v!.size, color: v!.color, sku: null, priceCents: 4500, active: true, lowStockThreshold: null, limitPerCustomer: null };
    await updateVariant(db, admin, product.id, v!.id, before.version, variantForm, database.jobs);
    expect((await passJobs(product.id)).map((j) => j.data)).toEqual([{ productId: product.id }]);
    // The pass itself mails the line from the stock it finds.
    const waiting = await line(product.id, 2);
    expect((await runRestockPass(deps, product.id, {}, at(90_000_000))).mailed).toBe(2);
    expect(await mailed(waiting)).toEqual(new Set(waiting));
    await updateVariant(db, admin, product.id, v!.id, (await getAdminProduct(db, product.id))!.version, { ...variantForm, priceCents: 4600 }, database.jobs);
    expect(await passJobs(product.id)).toHaveLength(1);
  });

  it("a stock change that does not bring a variant back from 0 enqueues nothing", async () => {
    const { product, variants: [v] } = await makeProduct(db, 4500, [{ stock: 2 }]);
    await restock(db, v!.id, 3, { jobs: database.jobs });
    expect(await passJobs(product.id)).toEqual([]);
  });
});

describe("the preference and the stop link", () => {
  it("an account whose Restock alerts switch is off gets nothing; those behind it are mailed", async () => {
    const { product, variants: [v] } = await makeProduct(db, 4500, [{ stock: 0 }]);
    const shopper = await makeUser(db);
    await subscribeToAlert(deps, { productId: product.id, variantId: null, email: shopper.email, customerId: shopper.id, locale: "en" }, "198.51.100.20", at(0));
    // Signing up turned the switch on; the shopper turns it off in Settings.
    await updatePreferences(db, shopper.id, { ...DEFAULT_PREFERENCES, notifications: { ...DEFAULT_PREFERENCES.notifications, email: { ...DEFAULT_PREFERENCES.notifications.email, restockAlerts: false } } });
    const guests = await line(product.id, 2, null, 10);
    await restock(db, v!.id, 1, { jobs: database.jobs });
    const pass = await runRestockPass(deps, product.id, {}, at(1000));
    expect(pass).toEqual({ mailed: 2, skipped: 1, again: false });
    expect(await mailsTo([shopper.email])).toEqual([]);
    expect(await mailed(guests)).toEqual(new Set(guests));
    // The account's data export lists the sign-up, done.
    const exported = await exportAccountData(db, { id: shopper.id, email: shopper.email, role: "customer", clientIp: "198.51.100.20" });
    expect(exported!.data.restockAlerts).toEqual([expect.objectContaining({ product: { slug: product.slug, name: product.name }, variant: null, email: shopper.email, mailedAt: at(1000), stoppedAt: null })]);
  });

  it("a deleted account's sign-ups end with it: nothing is sent", async () => {
    const { product, variants: [v] } = await makeProduct(db, 4500, [{ stock: 0 }]);
    const gone = await makeUser(db);
    await subscribeToAlert(deps, { productId: product.id, variantId: null, email: gone.email, customerId: gone.id, locale: "en" }, "198.51.100.21", at(0));
    await softDeleteUser(db, gone.id);
    await restock(db, v!.id, 1, { jobs: database.jobs });
    expect(await runRestockPass(deps, product.id, {}, at(1000))).toEqual({ mailed: 0, skipped: 0, again: false });
    expect(await mailsTo([gone.email])).toEqual([]);
    expect(await countWaiting(db, product.id)).toBe(0);
  });

  it("the stop link stops every alert its address is waiting for", async () => {
    const { product: tee, variants: [teeV] } = await makeProduct(db, 4500, [{ stock: 0 }]);
    const { product: hoodie, variants: [hoodieV] } = await makeProduct(db, 8500, [{ stock: 0 }]);
    const email = address("stopper");
    await subscribeToAlert(deps, { productId: tee.id, variantId: null, email, customerId: null, locale: "en" }, "198.51.100.30", at(0));
    await subscribeToAlert(deps, { productId: hoodie.id, variantId: null, email, customerId: null, locale: "en" }, "198.51.100.30", at(1));
    await restock(db, teeV!.id, 1, { jobs: database.jobs });
    await runRestockPass(deps, tee.id, {}, at(1000));
    const [mail] = await mailsTo([email]);
    const token = decodeURIComponent(/\/alerts\/stop\?token=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);
    expect(mail!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    expect(await stopAlerts(deps, token)).toEqual({ stopped: 1 });
    expect(await stopAlerts(deps, token)).toEqual({ stopped: 0 });
    await restock(db, hoodieV!.id, 4, { jobs: database.jobs });
    expect((await runRestockPass(deps, hoodie.id, {}, at(2000))).mailed).toBe(0);
    expect(await mailsTo([email])).toHaveLength(1);
    await expect(stopAlerts(deps, "x".repeat(43))).rejects.toMatchObject({ code: "alerts.bad_stop_token", status: 400 });
  });
});

describe("a drop opening", () => {
  it("mails the sign-ups of the upcoming product at its moment, in their language; a moved moment's job does nothing", async () => {
    const { product, variants: [v] } = await makeProduct(db, 12000, [{ stock: 1 }], "Drop Jacket");
    const moment = at(3_600_000);
    await db.update(products).set({ onSaleAt: moment }).where(eq(products.id, product.id));
    const english = await line(product.id, 1, null, 0);
    const spanish = address("fan-es");
    await subscribeToAlert(deps, { productId: product.id, variantId: v!.id, email: spanish, customerId: null, locale: "es" }, "198.51.100.40", at(5));

    await db.transaction((tx) => scheduleDropAlerts(tx, database.jobs, product.id, null, moment, at(0)));
    const [job] = await passJobs(product.id);
    expect(job!.data).toEqual({ productId: product.id, onSaleAt: moment.toISOString() });
    expect(new Date(job!.start_after).getTime()).toBe(moment.getTime());

    // Before the moment nothing is sent (a restock pass waits for the drop too).
    expect((await runRestockPass(deps, product.id, {}, at(1000))).mailed).toBe(0);
    // A job made for another moment (the admin moved it since) does nothing.
    expect((await runRestockPass(deps, product.id, { onSaleAt: at(60_000).toISOString() }, at(3_700_000))).mailed).toBe(0);

    // One unit: two people, the third waits for the next batch, which is still the drop's.
    const third = await line(product.id, 1, null, 10);
    const pass = await runRestockPass(deps, product.id, { onSaleAt: job!.data.onSaleAt! }, moment);
    expect(pass).toEqual({ mailed: 2, skipped: 0, again: true });
    const next = (await passJobs(product.id)).at(-1)!;
    expect(next.data).toEqual({ productId: product.id, onSaleAt: moment.toISOString() });
    expect((await runRestockPass(deps, product.id, next.data, at(3_600_000 + RESTOCK_PASS_INTERVAL_MS))).mailed).toBe(1);
    expect((await mailsTo(third))[0]!.subject).toBe("Drop Jacket is on sale now");
    const [en] = await mailsTo(english);
    const [es] = await mailsTo([spanish]);
    expect(en!.subject).toBe("Drop Jacket is on sale now");
    expect(es!.subject).toBe("Drop Jacket ya está a la venta");
    expect(es!.text).toContain(`${TEST_BASE_URL}/es/shop/${product.slug}`);
    expect(es!.text).toContain(`${TEST_BASE_URL}/es/alerts/stop?token=`);
    expect(await db.select().from(restockAlerts).where(and(eq(restockAlerts.productId, product.id), sql`${restockAlerts.mailedAt} is null`))).toEqual([]);
  });
});
