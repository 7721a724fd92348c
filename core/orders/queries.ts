import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders, orderStatusHistory, type OrderStatus, type PostalAddress } from "../../db/schema/index.ts";
import { maskedCard } from "../payments/index.ts";
import { ORDERS_PAGE_SIZE, orderNumberLabel } from "./rules.ts";

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
}

export interface StatusChangeView {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** Who made the change: the customer ("customer"), or the store (its staff or its own steps). */
  by: "customer" | "store";
  note: string | null;
  createdAt: Date;
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
};

async function linesOf(db: Db, orderIds: string[]): Promise<Map<string, OrderLineView[]>> {
  const byOrder = new Map<string, OrderLineView[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select(lineColumns).from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
  for (const { orderId, ...line } of rows) byOrder.get(orderId)?.push(line);
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
  return { ...row, number: orderNumberLabel(row.number), items, itemCount: items.reduce((n, l) => n + l.quantity, 0) };
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
  const [lines, history] = await Promise.all([
    linesOf(db, [order.id]),
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
    history: history.map(({ actor, ...h }) => ({ ...h, by: actor === order.userId ? "customer" : "store" })),
  };
}
