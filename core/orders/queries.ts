import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orderRefunds, orders, orderStatusHistory, products, type OrderRefundStatus, type OrderStatus, type PostalAddress } from "../../db/schema/index.ts";
import { maskedCard } from "../payments/index.ts";
import { orderActions, ORDERS_PAGE_SIZE, orderNumberLabel, type OrderActions, type OrderLineKind } from "./rules.ts";

/**
 * Reads of a customer's orders. Every one filters by the customer's id (from the session, never the
 * browser), so another customer's order is exactly as absent as one that does not exist.
 */

export interface OrderLineView {
  /** Null once the product was deleted: the line is still read from its snapshot. */
  productId: number | null;
  variantId: number | null;
  productSlug: string;
  name: string;
  sku: string;
  size: string | null;
  color: string | null;
  image: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  /** goods ship; a ticket is sent by email. A line whose product was deleted counts as goods (tickets' products cannot be deleted). */
  kind: OrderLineKind;
  /** Its product can no longer be bought: a ticket once its event is over (or a product whose sale ended). */
  saleEnded: boolean;
}

export interface OrderSummary {
  id: string;
  /** "EH-100001" */
  number: string;
  status: OrderStatus;
  createdAt: Date;
  totalCents: number;
  currency: string;
  trackingNumber: string | null;
  /** The carrier the order shipped with, when it has. */
  carrier: string | null;
  itemCount: number;
  items: OrderLineView[];
  /** What the order offers (Track Package, Reorder, its shipping line): core's one rule, orderActions. */
  actions: OrderActions;
}

export interface StatusChangeView {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** Who made the change: the customer ("customer"), or the store (its staff or its own steps). */
  by: "customer" | "store";
  note: string | null;
  createdAt: Date;
}

/** A refund as the order's ledger of refunds holds it (order_refunds), each line named from the order's snapshot. */
export interface OrderRefundRecord {
  id: number;
  amountCents: number;
  /** "refunding" until the payment provider has given the money back. */
  status: OrderRefundStatus;
  /** The units refunded, if the refund was of lines rather than an amount. */
  lines: { orderItemId: number; quantity: number; name: string; size: string | null; color: string | null }[];
  restocked: boolean;
  providerRefundId: string | null;
  /** The administrator who gave it (the back office's to know, never the shopper's). */
  actorEmail: string;
  createdAt: Date;
  refundedAt: Date | null;
}

/** A refund as the shopper sees it: how much, when, of which units, back to which card. */
export interface RefundView {
  amountCents: number;
  status: OrderRefundStatus;
  /** When it was asked for; refundedAt once the money is back. */
  requestedAt: Date;
  refundedAt: Date | null;
  lines: { name: string; size: string | null; color: string | null; quantity: number }[];
  /** The card the order was paid with ("Visa ending in 4242"): refunds go back to it. */
  card: string;
}

/**
 * The refunds of an order, oldest first: the one read of them, for the back office's order and the
 * shopper's. Lines are named from the order's own lines (a refund's line refers to one by id).
 */
export async function refundsOfOrder(db: Db, orderId: string): Promise<OrderRefundRecord[]> {
  const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  const named = rows.some((r) => r.lines.length > 0)
    ? new Map((await db.select({ id: orderItems.id, name: orderItems.name, size: orderItems.size, color: orderItems.color }).from(orderItems).where(eq(orderItems.orderId, orderId))).map((i) => [i.id, i]))
    : new Map<number, { name: string; size: string | null; color: string | null }>();
  return rows.map((r) => ({
    id: r.id,
    amountCents: r.amountCents,
    status: r.status,
    lines: r.lines.flatMap((l) => {
      const item = named.get(l.orderItemId);
      return item ? [{ orderItemId: l.orderItemId, quantity: l.quantity, name: item.name, size: item.size, color: item.color }] : [];
    }),
    restocked: r.restocked,
    providerRefundId: r.providerRefundId,
    actorEmail: r.actorEmail,
    createdAt: r.createdAt,
    refundedAt: r.refundedAt,
  }));
}

/**
 * The shopper's view of an order's refunds, and what the order came to after them (only money given back
 * counts; a refund in progress is shown as such). An order refunded before refunds had their ledger has
 * only its refundedAt: that is one refund of its total.
 */
export function shopperRefunds(
  order: { totalCents: number; refundedAt: Date | null; cardBrand: string | null; cardLast4: string | null },
  records: readonly OrderRefundRecord[],
): { refunds: RefundView[]; refundedCents: number; paidCents: number } {
  const card = maskedCard(order.cardBrand, order.cardLast4);
  const refunds: RefundView[] =
    records.length === 0 && order.refundedAt
      ? [{ amountCents: order.totalCents, status: "refunded", requestedAt: order.refundedAt, refundedAt: order.refundedAt, lines: [], card }]
      : records.map((r) => ({
          amountCents: r.amountCents,
          status: r.status,
          requestedAt: r.createdAt,
          refundedAt: r.refundedAt,
          lines: r.lines.map(({ name, size, color, quantity }) => ({ name, size, color, quantity })),
          card,
        }));
  const refundedCents = refunds.filter((r) => r.status === "refunded").reduce((sum, r) => sum + r.amountCents, 0);
  return { refunds, refundedCents, paidCents: order.totalCents - refundedCents };
}

export interface OrderDetail extends OrderSummary {
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  customerEmail: string;
  customerName: string;
  /** Where it ships; null when nothing in it ships (event tickets only). */
  shippingAddress: PostalAddress | null;
  billingAddress: PostalAddress;
  /** "Visa ending in 4242": never more of the card than brand and last 4. */
  paymentMethod: string;
  refundedAt: Date | null;
  /** Each refund, oldest first. */
  refunds: RefundView[];
  /** What was given back (refunds done). */
  refundedCents: number;
  /** The total less what was given back: what the shopper paid in the end. */
  paidCents: number;
  history: StatusChangeView[];
}

const lineColumns = {
  orderId: orderItems.orderId,
  productId: orderItems.productId,
  variantId: orderItems.variantId,
  productSlug: orderItems.productSlug,
  name: orderItems.name,
  sku: orderItems.sku,
  size: orderItems.size,
  color: orderItems.color,
  image: orderItems.image,
  unitPriceCents: orderItems.unitPriceCents,
  quantity: orderItems.quantity,
  lineTotalCents: orderItems.lineTotalCents,
  kind: sql<OrderLineKind>`case when ${products.kind} = 'ticket' then 'ticket' else 'goods' end`,
  saleEnded: sql<boolean>`coalesce(${products.saleEndsAt} <= now(), false)`,
};

async function linesOf(db: Db, orderIds: string[]): Promise<Map<string, OrderLineView[]>> {
  const byOrder = new Map<string, OrderLineView[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select(lineColumns).from(orderItems).leftJoin(products, eq(products.id, orderItems.productId)).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
  for (const { orderId, saleEnded, ...line } of rows) byOrder.get(orderId)?.push({ ...line, saleEnded: Boolean(saleEnded) });
  return byOrder;
}

const summaryColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  createdAt: orders.createdAt,
  totalCents: orders.totalCents,
  currency: orders.currency,
  trackingNumber: orders.trackingNumber,
  carrier: orders.carrier,
};

function toSummary(row: { id: string; number: number; status: OrderStatus; createdAt: Date; totalCents: number; currency: string; trackingNumber: string | null; carrier: string | null }, items: OrderLineView[]): OrderSummary {
  return { ...row, number: orderNumberLabel(row.number), items, itemCount: items.reduce((n, l) => n + l.quantity, 0), actions: orderActions({ status: row.status, lines: items }) };
}

/**
 * What an order offers now (core's rule, from its lines and status), read within the caller's transaction:
 * for the order mails and Reorder. `asOf`: at that status instead of its own (the cancellation mail tells
 * what was cancelled: a package still to ship, or tickets). Null when there is no such order.
 */
export async function actionsOfOrder(db: Db, orderId: string, asOf?: OrderStatus): Promise<OrderActions | null> {
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  return orderActions({ status: asOf ?? order.status, lines: (await linesOf(db, [orderId])).get(orderId) ?? [] });
}

/** One page of the customer's orders, newest first, optionally of one status. */
export async function listOrdersOfCustomer(
  db: Db,
  userId: string,
  opts: { status?: OrderStatus | null; page?: number; pageSize?: number } = {},
): Promise<{ orders: OrderSummary[]; hasMore: boolean; page: number }> {
  const pageSize = opts.pageSize ?? ORDERS_PAGE_SIZE;
  const page = Math.max(1, opts.page ?? 1);
  const rows = await db
    .select(summaryColumns)
    .from(orders)
    .where(and(eq(orders.userId, userId), opts.status ? eq(orders.status, opts.status) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const shown = rows.slice(0, pageSize);
  const lines = await linesOf(db, shown.map((r) => r.id));
  return { orders: shown.map((r) => toSummary(r, lines.get(r.id) ?? [])), hasMore: rows.length > pageSize, page };
}

/** The customer's order with its lines, addresses, payment and history; null when it is not theirs or does not exist. */
export async function findOrderOfCustomer(db: Db, userId: string, orderId: string): Promise<OrderDetail | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const [lines, refunds, history] = await Promise.all([
    linesOf(db, [order.id]),
    refundsOfOrder(db, order.id),
    db
      .select({ fromStatus: orderStatusHistory.fromStatus, toStatus: orderStatusHistory.toStatus, actor: orderStatusHistory.actor, note: orderStatusHistory.note, createdAt: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  return {
    ...toSummary(order, lines.get(order.id) ?? []),
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    shippingCents: order.shippingCents,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    paymentMethod: maskedCard(order.cardBrand, order.cardLast4),
    refundedAt: order.refundedAt,
    ...shopperRefunds(order, refunds),
    history: history.map(({ actor, ...h }) => ({ ...h, by: actor === order.userId ? "customer" : "store" })),
  };
}
