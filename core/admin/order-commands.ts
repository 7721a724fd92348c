/**
 * What an administrator does to an order: ship, deliver, cancel, refund, note. Each write is one
 * transaction that locks the order's row, checks the change against the orders module's status table,
 * writes its audit row and the customer's mail in the outbox (held back there when they turned order updates off).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orderNotes, orderRefunds, orders, type RefundLine } from "../../db/schema/index.ts";
import { recordEvents } from "../analytics/index.ts";
import { restock } from "../inventory/index.ts";
import { voidRefundedTickets } from "../events/index.ts";
import { orderCancelledMail, orderDeliveredMail, orderRefundedMail, orderShippedMail, queueMail, recipientLocale, type Mail, type OrderForMail } from "../mail/index.ts";
import type { Locale } from "../shared/locale.ts";
import { actionsOfOrder, cancelOrder, REFUNDABLE_STATUSES, lockOrder, moveTo, orderNumberLabel, OrderError, type Carrier, type OrderRow, type RefundForm } from "../orders/index.ts";
import type { PaymentProvider } from "../payments/index.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { taxCents } from "../shared/money.ts";
import { recordAudit, type AdminActor } from "./commands.ts";
import { adminText } from "./errors.ts";

export interface AdminOrderDeps {
  db: Db;
  jobs: JobQueue;
  payments: PaymentProvider;
  baseUrl: string;
  onError?: (error: unknown, what: string) => void;
}

/** The order as its mail needs it, with what it offers now (core's orderActions, read in the caller's transaction). */
async function forMail(tx: Db, o: OrderRow, asOf?: OrderRow["status"]): Promise<OrderForMail> {
  const actions = await actionsOfOrder(tx, o.id, asOf);
  if (!actions) throw new Error(`order ${o.id} vanished while it was being changed`);
  return { orderId: o.id, userId: o.userId, orderNumber: o.number, customerEmail: o.customerEmail, customerName: o.customerName, actions };
}

/** The order's face in the audit log: what an administrator changes. */
const auditView = (o: OrderRow) => ({ status: o.status, trackingNumber: o.trackingNumber, carrier: o.carrier, refundId: o.refundId });

/**
 * Mails the customer about their order, written in their account's language; queueMail holds it back when
 * they turned "Order updates" off (MAIL_KINDS).
 */
async function mailCustomer(tx: Db, deps: AdminOrderDeps, order: OrderForMail, write: (locale: Locale) => Mail): Promise<boolean> {
  const locale = await recipientLocale(tx, { userId: order.userId, email: order.customerEmail });
  return (await queueMail(tx, deps.jobs, write(locale))) !== null;
}

export async function adminShipOrder(deps: AdminOrderDeps, actor: AdminActor, orderId: string, input: { carrier: Carrier; trackingNumber: string }): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    const after = await moveTo(tx, before, "shipped", { orderId, actor: actor.id, note: `${input.carrier} ${input.trackingNumber}` }, input);
    await recordAudit(tx, actor, { entity: "order", entityId: orderId, action: "ship", before: auditView(before), after: auditView(after) });
    const mail = await forMail(tx, after);
    await mailCustomer(tx, deps, mail, (locale) => orderShippedMail(mail, input, deps.baseUrl, locale));
    return after;
  });
}

export async function adminMarkDelivered(deps: AdminOrderDeps, actor: AdminActor, orderId: string): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    const after = await moveTo(tx, before, "delivered", { orderId, actor: actor.id });
    await recordAudit(tx, actor, { entity: "order", entityId: orderId, action: "deliver", before: auditView(before), after: auditView(after) });
    const mail = await forMail(tx, after);
    await mailCustomer(tx, deps, mail, (locale) => orderDeliveredMail(mail, deps.baseUrl, locale));
    return after;
  });
}

/**
 * Cancels before shipment through the orders module (stock put back from the ledger, full refund under
 * the order's key after commit). The refund is recorded in order_refunds as "refunding" in the cancelling
 * transaction, with the audit row and the mail, and marked refunded once the provider answered.
 */
export async function adminCancelOrder(deps: AdminOrderDeps, actor: AdminActor, orderId: string, reason?: string) {
  const result = await cancelOrder(
    { db: deps.db, payments: deps.payments, jobs: deps.jobs, ...(deps.onError ? { onError: deps.onError } : {}) },
    {
      orderId,
      actor: actor.id,
      note: reason,
      within: async (tx, before, after) => {
        await tx.insert(orderRefunds).values({
          orderId,
          idempotencyKey: `cancel:${orderId}`,
          amountCents: after.totalCents,
          restocked: true,
          actorId: actor.id,
          actorEmail: actor.email,
          reason: reason ?? "Cancelled",
        });
        await recordAudit(tx, actor, { entity: "order", entityId: orderId, action: "cancel", before: auditView(before), after: auditView(after) });
        // What was cancelled: a package still to ship, or tickets (the order as it stood).
        const mail = await forMail(tx, after, before.status);
        await mailCustomer(tx, deps, mail, (locale) => orderCancelledMail(mail, after.totalCents, deps.baseUrl, locale));
      },
    },
  );
  if (result.refunded && result.order.refundId) {
    const refundId = result.order.refundId;
    await deps.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(orderRefunds)
        .set({ status: "refunded", providerRefundId: refundId, refundedAt: result.order.refundedAt ?? new Date() })
        .where(and(eq(orderRefunds.idempotencyKey, `cancel:${orderId}`), eq(orderRefunds.status, "refunding")))
        .returning();
      if (moved) await recordRefundEvent(tx, result.order, moved.amountCents);
    });
  }
  return result;
}


type RefundRow = typeof orderRefunds.$inferSelect;

/** The refund event, in the transaction that marks the money given back (so it is counted once). */
function recordRefundEvent(tx: Db, order: { id: string; userId: string }, amountCents: number) {
  return recordEvents(tx, [{ type: "refund", occurredAt: new Date(), userId: order.userId, orderId: order.id, valueCents: amountCents }]);
}

/** The refund asked for, turned into an amount and lines against the order as it stands (under its lock). */
async function planRefund(tx: Db, order: OrderRow, form: RefundForm): Promise<{ amountCents: number; lines: RefundLine[] }> {
  const previous = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
  const refunded = previous.reduce((sum, r) => sum + r.amountCents, 0);
  const remaining = order.totalCents - refunded;
  if (remaining <= 0) throw new OrderError("orders.refund_exceeds", adminText("admin.domain.refundedInFull"), { orderId: order.id });
  if (form.mode === "full") {
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    const done = refundedUnits(previous);
    const lines = items.map((i) => ({ orderItemId: i.id, quantity: i.quantity - (done.get(i.id) ?? 0) })).filter((l) => l.quantity > 0);
    return { amountCents: remaining, lines };
  }
  if (form.mode === "amount") {
    if (form.amountCents > remaining) throw exceeds(order, remaining);
    return { amountCents: form.amountCents, lines: [] };
  }
  const items = new Map((await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id))).map((i) => [i.id, i]));
  const done = refundedUnits(previous);
  let subtotal = 0;
  for (const line of form.lines) {
    const item = items.get(line.orderItemId);
    if (!item) throw new OrderError("orders.refund_invalid", adminText("admin.domain.refundLineNotOnOrder"), { orderItemId: line.orderItemId });
    const left = item.quantity - (done.get(item.id) ?? 0);
    if (line.quantity > left) {
      throw new OrderError("orders.refund_invalid", adminText("admin.domain.refundUnitsLeft", { left, item: item.name }), { orderItemId: item.id, left });
    }
    subtotal += item.unitPriceCents * line.quantity;
  }
  const amountCents = Math.min(subtotal + taxCents(subtotal), remaining);
  return { amountCents, lines: form.lines };
}

function refundedUnits(rows: readonly RefundRow[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const r of rows) for (const l of r.lines) units.set(l.orderItemId, (units.get(l.orderItemId) ?? 0) + l.quantity);
  return units;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const exceeds = (order: OrderRow, remaining: number) =>
  new OrderError("orders.refund_exceeds", adminText("admin.domain.refundAtMost", { amount: dollars(remaining) }), { orderId: order.id, remaining });

/**
 * Step one of a refund, in one transaction under the order's row lock: the sum of the order's refunds,
 * this one included, must stay within its total; the refund is written "refunding" (before any money
 * moves) with its audit row. The same form key again returns the refund it already made. Step two
 * (finishOrderRefund) asks the provider and records the answer; run it again after a crash.
 */
export async function requestOrderRefund(deps: AdminOrderDeps, actor: AdminActor, orderId: string, form: RefundForm, reason?: string): Promise<RefundRow> {
  const row = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const [existing] = await tx.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, form.key));
    if (existing) {
      if (existing.orderId !== orderId) throw new OrderError("orders.refund_invalid", adminText("admin.domain.refundFormExpired"), { key: form.key });
      return existing;
    }
    if (!REFUNDABLE_STATUSES.includes(order.status)) {
      throw new OrderError(
        "orders.refund_invalid",
        adminText(order.status === "cancelled" ? "admin.domain.refundedWhenCancelled" : "admin.domain.refundBeforeShipment"),
        { status: order.status },
      );
    }
    const plan = await planRefund(tx, order, form);
    const [inserted] = await tx
      .insert(orderRefunds)
      .values({ orderId, idempotencyKey: form.key, amountCents: plan.amountCents, lines: plan.lines, restocked: form.restock && plan.lines.length > 0, actorId: actor.id, actorEmail: actor.email, reason: reason ?? null })
      .returning();
    // The invariant itself, read back under the lock: never more back than was paid.
    const [{ total }] = (await tx
      .select({ total: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)`.mapWith(Number) })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))) as [{ total: number }];
    if (total > order.totalCents) throw exceeds(order, order.totalCents - (total - plan.amountCents));
    await recordAudit(tx, actor, { entity: "order", entityId: orderId, action: "refund", after: { refundId: inserted!.id, amountCents: plan.amountCents, lines: plan.lines, restock: inserted!.restocked } });
    return inserted!;
  });
  return finishOrderRefund(deps, row.id);
}

/**
 * Gives the money of a "refunding" refund back under its own idempotency key, then, in one transaction,
 * marks it refunded, puts back the refunded lines' units when asked, and mails the customer. Only the run
 * that moves it to "refunded" does those, so running it again (a retry, after a crash) changes nothing.
 * A provider failure leaves it "refunding" to be finished later.
 */
export async function finishOrderRefund(deps: AdminOrderDeps, refundId: number): Promise<RefundRow> {
  const [refund] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!refund) throw new OrderError("orders.not_found", adminText("admin.domain.refundNotFound"), { refundId });
  if (refund.status === "refunded") return refund;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId));
  if (!order) throw new OrderError("orders.not_found", adminText("orders.domain.notFound"), { orderId: refund.orderId });
  if (order.paymentProvider !== deps.payments.name) throw new Error(`order ${order.id} was paid through ${order.paymentProvider}, not ${deps.payments.name}`);
  const { refundId: providerRefundId } = await deps.payments.refund(order.paymentId, refund.amountCents, `order-refund:${refund.id}`);
  return deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orderRefunds)
      .set({ status: "refunded", providerRefundId, refundedAt: new Date() })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, "refunding")))
      .returning();
    if (!moved) {
      const [now] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
      return now!;
    }
    const items = new Map((await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id))).map((i) => [i.id, i]));
    const described: string[] = [];
    const toRestock = new Map<number, number>();
    for (const line of moved.lines) {
      const item = items.get(line.orderItemId);
      if (!item) continue;
      const options = [item.size, item.color].filter(Boolean).join(" / ");
      described.push(`${line.quantity} x ${item.name}${options ? ` (${options})` : ""}`);
      if (moved.restocked && item.variantId !== null) toRestock.set(item.variantId, (toRestock.get(item.variantId) ?? 0) + line.quantity);
    }
    // Refunded tickets are voided, and their seats always go back on sale (a seat is never "damaged").
    const refundedLines = moved.lines.flatMap((l) => {
      const item = items.get(l.orderItemId);
      return item && item.variantId !== null ? [{ variantId: item.variantId, quantity: l.quantity }] : [];
    });
    const ticketVariants = await voidRefundedTickets(tx, order.id, refundedLines);
    if (!moved.restocked) for (const l of refundedLines) if (ticketVariants.has(l.variantId)) toRestock.set(l.variantId, (toRestock.get(l.variantId) ?? 0) + l.quantity);
    for (const [variantId, quantity] of [...toRestock].sort((a, b) => a[0] - b[0])) {
      await restock(tx, variantId, quantity, { orderId: order.id, actor: moved.actorId, reason: `Refunded: order ${orderNumberLabel(order.number)}`, jobs: deps.jobs });
    }
    const mail = await forMail(tx, order);
    await mailCustomer(tx, deps, mail, (locale) => orderRefundedMail(mail, moved.amountCents, described, deps.baseUrl, locale));
    await recordRefundEvent(tx, order, moved.amountCents);
    return moved;
  });
}

/** Finishes refunds a crash or a provider failure left "refunding" (older than `olderThanMs`). */
export async function finishStaleOrderRefunds(deps: AdminOrderDeps, olderThanMs: number, now = new Date()): Promise<number> {
  const stale = await deps.db
    .select({ id: orderRefunds.id, key: orderRefunds.idempotencyKey })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, "refunding"), sql`${orderRefunds.createdAt} < ${new Date(now.getTime() - olderThanMs)}`));
  let finished = 0;
  for (const { id, key } of stale) {
    if (key.startsWith("cancel:")) continue; // cancellations are retried through cancelOrder
    try {
      await finishOrderRefund(deps, id);
      finished += 1;
    } catch (error) {
      deps.onError?.(error, `refund ${id} could not be finished`);
    }
  }
  return finished;
}

/** An internal note: appended, never changed. */
export async function addOrderNote(db: Db, actor: AdminActor, orderId: string, body: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const [note] = await tx.insert(orderNotes).values({ orderId, authorId: actor.id, authorEmail: actor.email, body }).returning({ id: orderNotes.id });
    await recordAudit(tx, actor, { entity: "order", entityId: orderId, action: "note", after: { noteId: note!.id, body } });
  });
}
