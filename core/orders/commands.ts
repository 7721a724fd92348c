import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { orders, orderStatusHistory, stockMovements, type OrderStatus } from "../../db/schema/index.ts";
import { restock } from "../inventory/index.ts";
import { voidOrderTickets } from "../events/index.ts";
import type { PaymentProvider } from "../payments/index.ts";
import { invalidTransition, orderNotFound } from "./errors.ts";
import type { StatusChange } from "./inputs.ts";
import { canTransition, orderNumberLabel, refundKey } from "./rules.ts";

/**
 * Status changes of an order. Each one runs in one transaction that locks the order's row, checks the
 * change against ORDER_TRANSITIONS, and writes the new status with a history row saying who and when.
 */

export type OrderRow = typeof orders.$inferSelect;

export interface OrderChangeInput {
  orderId: string;
  /** Who asks: a user id (an administrator, or the customer), or "system". */
  actor: string;
  note?: string | undefined;
}

export async function lockOrder(tx: Db, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw orderNotFound(orderId);
  return order;
}

export async function moveTo(tx: Db, order: OrderRow, to: OrderStatus, input: OrderChangeInput, set: Partial<OrderRow> = {}): Promise<OrderRow> {
  if (!canTransition(order.status, to)) throw invalidTransition(order.status, to);
  const [updated] = await tx
    .update(orders)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: order.status, toStatus: to, actor: input.actor, note: input.note ?? null });
  return updated!;
}

function change(db: Db, input: OrderChangeInput, to: OrderStatus, set?: Partial<OrderRow>): Promise<OrderRow> {
  return db.transaction(async (tx) => moveTo(tx, await lockOrder(tx, input.orderId), to, input, set));
}

/** pending -> processing (the payment arrived). */
export function markProcessing(db: Db, input: OrderChangeInput): Promise<OrderRow> {
  return change(db, input, "processing");
}

/** processing -> shipped, with the carrier's tracking number (already validated by trackingNumberSchema). */
export function shipOrder(db: Db, input: OrderChangeInput & { trackingNumber: string }): Promise<OrderRow> {
  return change(db, input, "shipped", { trackingNumber: input.trackingNumber });
}

/** shipped -> delivered. */
export function markDelivered(db: Db, input: OrderChangeInput): Promise<OrderRow> {
  return change(db, input, "delivered");
}

/**
 * processing -> delivered for an order with nothing to ship: every line was a ticket, mailed when it was paid.
 * Runs in the caller's transaction (the one that settles the payment), as "system".
 */
export async function deliverByEmail(tx: Db, orderId: string, note: string): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (order.status !== "processing") throw invalidTransition(order.status, "delivered");
  const [updated] = await tx.update(orders).set({ status: "delivered", updatedAt: new Date() }).where(eq(orders.id, orderId)).returning();
  await tx.insert(orderStatusHistory).values({ orderId, fromStatus: "processing", toStatus: "delivered", actor: "system", note });
  return updated!;
}

export interface CancelDeps {
  db: Db;
  payments: PaymentProvider;
  /** The job queue: stock put back from nothing wakes the product's "Notify me" line (core/alerts). */
  jobs?: JobQueue;
  /** Told about a refund the provider refused or could not take; the order stays cancelled, unrefunded. */
  onError?: (error: unknown, what: string) => void;
}

export interface CancelResult {
  order: OrderRow;
  /** False when this call found the order already cancelled (a repeat). */
  cancelledNow: boolean;
  /** True once the payment has been given back (by this call or an earlier one). */
  refunded: boolean;
}

/**
 * Cancels an order before shipment: in one transaction the order is locked, the change checked, the
 * stock sold for it put back (restock movements naming the order) and the history written. The refund
 * is asked of the provider after the commit (a provider call never holds the order's lock, and the test
 * provider writes through the outer handle), under one idempotency key per order, then recorded.
 * Calling it again on a cancelled order changes nothing, except to retry a refund that failed.
 */
export async function cancelOrder(
  deps: CancelDeps,
  input: OrderChangeInput & {
    /** Runs in the cancelling transaction after the change (the admin screens write their audit row and mail here). */
    within?: (tx: Db, before: OrderRow, after: OrderRow) => Promise<void>;
  },
): Promise<CancelResult> {
  const decided = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (order.status === "cancelled") return { order, cancelledNow: false };
    if (!canTransition(order.status, "cancelled")) throw invalidTransition(order.status, "cancelled");
    await putStockBack(tx, order, input.actor, deps.jobs);
    // Its tickets stop admitting anyone; their seats came back with the stock just above.
    await voidOrderTickets(tx, order.id);
    const cancelled = await moveTo(tx, order, "cancelled", input);
    await input.within?.(tx, order, cancelled);
    return { order: cancelled, cancelledNow: true };
  });
  const order = decided.order;
  if (order.refundId) return { ...decided, refunded: true };
  try {
    if (order.paymentProvider !== deps.payments.name) {
      throw new Error(`order ${order.id} was paid through ${order.paymentProvider}, but ${deps.payments.name} is configured`);
    }
    const { refundId } = await deps.payments.refund(order.paymentId, order.totalCents, refundKey(order.id));
    const refundedAt = new Date();
    const [recorded] = await deps.db
      .update(orders)
      .set({ refundId, refundedAt, updatedAt: refundedAt })
      .where(and(eq(orders.id, order.id), isNull(orders.refundId)))
      .returning();
    // Another cancel call may have recorded the same refund (same key) first.
    return { ...decided, order: recorded ?? (await reread(deps.db, order.id)), refunded: true };
  } catch (error) {
    deps.onError?.(error, `refund of order ${order.id} failed`);
    return { ...decided, refunded: false };
  }
}

async function reread(db: Db, orderId: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw orderNotFound(orderId);
  return row;
}

/**
 * Gives back the stock the ledger says this order took: its sale movements, less anything already put
 * back for it. Every order is written when its payment settles, after its reservation was sold under the
 * order's id; a pending order has sold nothing (its hold belongs to its checkout attempt, which releases
 * it on failure or expiry). A variant deleted since has no ledger left and nothing to restock.
 * Variants are restocked in id order, as every inventory command locks them.
 */
async function putStockBack(tx: Db, order: OrderRow, actor: string, jobs: JobQueue | undefined): Promise<void> {
  const net = sql<number>`sum(case when ${stockMovements.type} = 'sale' then ${stockMovements.quantity} when ${stockMovements.type} = 'restock' then -${stockMovements.quantity} else 0 end)`.mapWith(Number);
  const taken = await tx
    .select({ variantId: stockMovements.variantId, quantity: net })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, order.id))
    .groupBy(stockMovements.variantId)
    .orderBy(asc(stockMovements.variantId));
  for (const { variantId, quantity } of taken) {
    if (quantity > 0) await restock(tx, variantId, quantity, { orderId: order.id, actor, reason: `Cancelled: order ${orderNumberLabel(order.number)}`, jobs });
  }
}

/** One entry for the admin screens: the change they post, validated by statusChangeSchema. */
export async function updateOrderStatus(deps: CancelDeps, orderId: string, actor: string, change: StatusChange): Promise<OrderRow> {
  const input = { orderId, actor, note: change.note };
  switch (change.status) {
    case "processing":
      return markProcessing(deps.db, input);
    case "shipped":
      return shipOrder(deps.db, { ...input, trackingNumber: change.trackingNumber });
    case "delivered":
      return markDelivered(deps.db, input);
    case "cancelled":
      return (await cancelOrder(deps, input)).order;
  }
}
