/** "Notify me": the sign-up, the one-click stop, and the passes that mail the line as stock allows (ADR 0032). */
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, restockAlerts, userProfiles, users, variants } from "../../db/schema/index.ts";
import { consume, DEFAULT_PREFERENCES } from "../accounts/index.ts";
import { productReleaseAt } from "../catalog/index.ts";
import { queueMail } from "../mail/index.ts";
import type { JobQueue } from "../shared/jobs.ts";
import type { Locale } from "../shared/locale.ts";
import { badStopToken, productNotFound, tooManyRequests } from "./errors.ts";
import { restockAlertMail } from "./mail.ts";
import { ALERT_THROTTLE, alertThrottleKey, passBudget, RESTOCK_LINE_CHUNK, RESTOCK_PASS_INTERVAL_MS } from "./rules.ts";

/** What the passes run with: the database, the job queue, the public URL for links. */
export interface AlertDeps {
  db: Db;
  jobs: JobQueue;
  baseUrl: string;
}

const pending = and(isNull(restockAlerts.mailedAt), isNull(restockAlerts.stoppedAt));

/**
 * A "Notify me" sign-up for a product (variantId null: any of its variants). The address is already
 * validated (inputs.ts) and, for a signed-in shopper, the account's own (the route never takes it from the
 * form). Asking again while waiting keeps the first row and its place in line: the partial unique index
 * answers the second insert with nothing. A signed-in shopper's "Restock alerts" switch is turned on with
 * it (the form says so): the switch is what queueMail checks, and turning it off in Settings stops them.
 * Throttled per client address. Returns whether a row was made.
 */
export async function subscribeToAlert(
  deps: Pick<AlertDeps, "db">,
  given: { productId: number; variantId: number | null; email: string; customerId: string | null; locale: Locale },
  clientIp: string,
  now = new Date(),
): Promise<{ created: boolean }> {
  const email = given.email.trim().toLowerCase();
  if (!(await consume(deps.db, alertThrottleKey(clientIp), ALERT_THROTTLE, now))) throw tooManyRequests();
  return deps.db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(and(eq(products.id, given.productId), eq(products.active, true)));
    if (!product) throw productNotFound(given.productId);
    let variantId = given.variantId;
    if (variantId !== null) {
      const [variant] = await tx.select({ id: variants.id }).from(variants).where(and(eq(variants.id, variantId), eq(variants.productId, product.id)));
      // A variant of another product (a stale or edited form): the alert is for the product as a whole.
      if (!variant) variantId = null;
    }
    const inserted = await tx
      .insert(restockAlerts)
      .values({ productId: product.id, variantId, email, customerId: given.customerId, locale: given.locale, stopToken: randomBytes(32).toString("base64url"), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: restockAlerts.id });
    if (given.customerId) await switchOn(tx, given.customerId);
    return { created: inserted.length > 0 };
  });
}

/** The account's notifications.email.restockAlerts, on. */
async function switchOn(tx: Db, userId: string): Promise<void> {
  const preferences = { ...DEFAULT_PREFERENCES, notifications: { ...DEFAULT_PREFERENCES.notifications, email: { ...DEFAULT_PREFERENCES.notifications.email, restockAlerts: true } } };
  await tx
    .insert(userProfiles)
    .values({ userId, preferences })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: { preferences: sql`jsonb_set(${userProfiles.preferences}, '{notifications,email,restockAlerts}', 'true'::jsonb, true)`, updatedAt: new Date() },
    });
}

/**
 * The stop link (the mail's, the page's button, or a mail provider's RFC 8058 one-click POST): the token
 * names one sign-up, and every alert its address is still waiting for stops with it. Stopping twice is
 * fine. Returns how many alerts stopped now.
 */
export async function stopAlerts(deps: Pick<AlertDeps, "db">, token: string, now = new Date()): Promise<{ stopped: number }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ email: restockAlerts.email }).from(restockAlerts).where(eq(restockAlerts.stopToken, token));
    if (!row) throw badStopToken();
    const stopped = await tx
      .update(restockAlerts)
      .set({ stoppedAt: now })
      .where(and(eq(restockAlerts.email, row.email), pending))
      .returning({ id: restockAlerts.id });
    return { stopped: stopped.length };
  });
}

export interface PassResult {
  /** Mails written to the outbox in this pass. */
  mailed: number;
  /** Sign-ups passed over because the recipient's "Restock alerts" switch is off (marked done, nothing sent). */
  skipped: number;
  /** Whether another pass was enqueued (people still in line, stock still there). */
  again: boolean;
}

async function databaseNow(tx: Db): Promise<Date> {
  const [row] = await tx.select({ now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)) }).from(sql`(select 1) as one`);
  return row!.now;
}

const NOTHING: PassResult = { mailed: 0, skipped: 0, again: false };

/**
 * One pass over a product's line, in one transaction with the product row locked (two passes of one
 * product take turns). Nothing while the product is hidden or not on sale yet (the drop's own job runs at
 * its moment). Each variant with stock may wake `available × RESTOCK_ALERT_RATIO` of its sign-ups, and the
 * product as a whole (sign-ups for any variant) the ratio times all its available stock, less those mailed
 * for the same stock within the last interval (passBudget): oldest first. Each mail is queued through
 * queueMail, which holds it back when the recipient's switch is off; the row is marked mailed either way
 * (it is done), only the mails written count against the budget. When people are still in line and stock
 * is still there, the next pass is enqueued, in this transaction, to run an interval later. `onSaleAt`: the
 * drop moment the job was scheduled for; if an admin moved or cleared it since, this job does nothing.
 * `at` (tests) stands for the database's clock.
 */
export async function runRestockPass(deps: AlertDeps, productId: number, scheduled: { onSaleAt?: string | null } = {}, at?: Date): Promise<PassResult> {
  return deps.db.transaction(async (tx) => {
    // The database's clock, as every release check reads it (ADR 0031): pg-boss starts a drop's job by it too.
    const now = at ?? (await databaseNow(tx));
    const [product] = await tx
      .select({ id: products.id, name: products.name, slug: products.slug, active: products.active, onSaleAt: productReleaseAt })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!product || !product.active) return NOTHING;
    if (typeof scheduled.onSaleAt === "string" && product.onSaleAt?.toISOString() !== new Date(scheduled.onSaleAt).toISOString()) return NOTHING;
    if (product.onSaleAt && product.onSaleAt > now) return NOTHING;
    const drop = scheduled.onSaleAt !== undefined;

    const stock = await tx
      .select({ id: variants.id, available: variants.available })
      .from(variants)
      .where(and(eq(variants.productId, product.id), eq(variants.active, true)));
    const availableOf = new Map(stock.map((v) => [v.id, Math.max(0, v.available)]));
    const total = [...availableOf.values()].reduce((a, b) => a + b, 0);
    if (total === 0) return NOTHING;

    // Mailed for this product within the last interval, per variant (null: any variant).
    const since = new Date(now.getTime() - RESTOCK_PASS_INTERVAL_MS);
    const recent = await tx
      .select({ variantId: restockAlerts.variantId, n: count() })
      .from(restockAlerts)
      .where(and(eq(restockAlerts.productId, product.id), isNotNull(restockAlerts.outboxId), gt(restockAlerts.mailedAt, since)))
      .groupBy(restockAlerts.variantId);
    const recentOf = new Map(recent.map((r) => [r.variantId, Number(r.n)]));
    const recentTotal = [...recentOf.values()].reduce((a, b) => a + b, 0);
    let productBudget = passBudget(total, recentTotal);
    const variantBudget = new Map([...availableOf].map(([id, available]) => [id, passBudget(available, recentOf.get(id) ?? 0)]));

    const withStock = [...availableOf].filter(([, available]) => available > 0).map(([id]) => id);
    const eligible = and(eq(restockAlerts.productId, product.id), pending, or(isNull(restockAlerts.variantId), inArray(restockAlerts.variantId, withStock)));
    let mailed = 0;
    let skipped = 0;
    let waiting = false;
    let after: { createdAt: Date; id: number } | null = null;
    scan: for (;;) {
      const rows = await tx
        .select({ alert: restockAlerts, accountDeleted: sql<boolean>`${users.deletedAt} is not null` })
        .from(restockAlerts)
        .leftJoin(users, eq(users.id, restockAlerts.customerId))
        .where(after ? and(eligible, sql`(${restockAlerts.createdAt}, ${restockAlerts.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})`) : eligible)
        .orderBy(asc(restockAlerts.createdAt), asc(restockAlerts.id))
        .limit(RESTOCK_LINE_CHUNK);
      const chunk = rows.map((r) => r.alert);
      for (const { alert, accountDeleted } of rows) {
        if (productBudget <= 0) {
          waiting = true;
          break scan;
        }
        if (alert.variantId !== null && (variantBudget.get(alert.variantId) ?? 0) <= 0) {
          waiting = true;
          continue;
        }
        // An account deleted since it signed up: its alerts end with it, nothing is sent.
        if (accountDeleted) {
          await tx.update(restockAlerts).set({ stoppedAt: now }).where(eq(restockAlerts.id, alert.id));
          continue;
        }
        const outboxId = await queueMail(
          tx,
          deps.jobs,
          restockAlertMail({ to: alert.email, userId: alert.customerId, productName: product.name, slug: product.slug, stopToken: alert.stopToken, drop }, deps.baseUrl, alert.locale),
        );
        await tx.update(restockAlerts).set({ mailedAt: now, outboxId }).where(eq(restockAlerts.id, alert.id));
        if (outboxId === null) {
          skipped += 1;
          continue;
        }
        mailed += 1;
        productBudget -= 1;
        if (alert.variantId !== null) variantBudget.set(alert.variantId, variantBudget.get(alert.variantId)! - 1);
      }
      if (chunk.length < RESTOCK_LINE_CHUNK) break;
      after = { createdAt: chunk[chunk.length - 1]!.createdAt, id: chunk[chunk.length - 1]!.id };
    }
    if (waiting) {
      // A drop's later batches are still told the drop opened (and still stop if the admin moves it).
      const next = drop ? { productId: product.id, onSaleAt: scheduled.onSaleAt ?? null } : { productId: product.id };
      await deps.jobs.enqueue(tx, "restock-alerts", next, { startAfter: new Date(now.getTime() + RESTOCK_PASS_INTERVAL_MS) });
    }
    return { mailed, skipped, again: waiting };
  });
}

/**
 * A product or variant an admin made sellable again (a draft or archived product made active, a variant
 * switched back on), in the admin's transaction: its line gets a pass now. The pass reads the stock and
 * the release moment itself, so a product with nothing to sell, or not on sale yet, mails nobody.
 */
export async function scheduleReactivationPass(tx: Db, jobs: JobQueue, productId: number, before: boolean, after: boolean): Promise<void> {
  if (!before && after) await jobs.enqueue(tx, "restock-alerts", { productId });
}

/**
 * An admin saved a product's release moment (`before` → `after`: the product's own or a collection's, as
 * productReleaseAt reads it), in the admin's transaction: a moment in the
 * future gets a pass enqueued to run then (saving again enqueues another; each job checks that the moment
 * it was made for is still the product's); an upcoming drop opened at once (cleared, or moved into the
 * past) gets its pass now.
 */
export async function scheduleDropAlerts(tx: Db, jobs: JobQueue, productId: number, before: Date | null, after: Date | null, now = new Date()): Promise<void> {
  if ((before?.getTime() ?? null) === (after?.getTime() ?? null)) return;
  if (after && after > now) {
    await jobs.enqueue(tx, "restock-alerts", { productId, onSaleAt: after.toISOString() }, { startAfter: after });
  } else if (before && before > now) {
    await jobs.enqueue(tx, "restock-alerts", { productId, onSaleAt: null });
  }
}
