/** The admin order screens' reads: the filtered list (a page, or all of it for the CSV), and one order in full. */
import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orderNotes, orders, orderStatusHistory, users, type OrderStatus, type PostalAddress } from "../../db/schema/index.ts";
import { orderNumberLabel, refundsOfOrder, type AdminOrderFilter, type OrderRefundRecord } from "../orders/index.ts";
import { maskedCard } from "../payments/index.ts";
import { ADMIN_PAGE_SIZE } from "./queries.ts";
import { escapeLike, pageWindow } from "../shared/paging.ts";

export interface AdminOrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  customerName: string;
  customerEmail: string;
  itemCount: number;
  totalCents: number;
  refundedCents: number;
  trackingNumber: string | null;
  carrier: string | null;
  createdAt: Date;
}

/** "EH-100001", "eh100001" or "100001" name an order number; anything else searches the customer's email. */
export function orderSearchCondition(q: string): SQL {
  const number = /^(?:EH-?)?(\d{1,9})$/i.exec(q.trim());
  if (number) return eq(orders.number, Number(number[1]));
  return ilike(orders.customerEmail, `%${escapeLike(q.trim())}%`);
}

/** The store's days start at midnight in New York (the times the screens show are ET). */
const startOfDay = (day: string) => sql`((${day})::date)::timestamp at time zone 'America/New_York'`;
const startOfNextDay = (day: string) => sql`((${day})::date + 1)::timestamp at time zone 'America/New_York'`;

function where(filter: Omit<AdminOrderFilter, "page">): SQL | undefined {
  return and(
    filter.status ? eq(orders.status, filter.status as OrderStatus) : undefined,
    filter.q ? orderSearchCondition(filter.q) : undefined,
    filter.from ? gte(orders.createdAt, startOfDay(filter.from)) : undefined,
    filter.to ? lt(orders.createdAt, startOfNextDay(filter.to)) : undefined,
  );
}

const itemCount = sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")`.mapWith(Number);
const refundedCents = sql<number>`(select coalesce(sum(r.amount_cents), 0) from order_refunds r where r.order_id = "orders"."id")`.mapWith(Number);

const rowColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  itemCount,
  totalCents: orders.totalCents,
  refundedCents,
  trackingNumber: orders.trackingNumber,
  carrier: orders.carrier,
  createdAt: orders.createdAt,
};

/** One page of the filtered orders, newest first, with the total count and each status's count. */
export async function listAdminOrders(db: Db, filter: AdminOrderFilter) {
  const condition = where(filter);
  const [{ total }] = (await db.select({ total: count() }).from(orders).where(condition)) as [{ total: number }];
  const { page, pages, offset } = pageWindow(total, filter.page, ADMIN_PAGE_SIZE);
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .where(condition)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset);
  const byStatus = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(where({ ...filter, status: null }))
    .groupBy(orders.status);
  return {
    orders: rows.map((r) => ({ ...r, number: orderNumberLabel(r.number) })) as AdminOrderRow[],
    total,
    page,
    pages,
    statusCounts: Object.fromEntries(byStatus.map((s) => [s.status, s.n])) as Partial<Record<string, number>>,
  };
}

/** The CSV export's rows: every filtered order (at most `limit`), newest first. */
export async function exportAdminOrders(db: Db, filter: Omit<AdminOrderFilter, "page">, limit = 50_000): Promise<AdminOrderRow[]> {
  const rows = await db.select(rowColumns).from(orders).where(where(filter)).orderBy(desc(orders.createdAt), desc(orders.number)).limit(limit);
  return rows.map((r) => ({ ...r, number: orderNumberLabel(r.number) }));
}

export interface AdminOrderDetail {
  id: string;
  number: string;
  rawNumber: number;
  status: OrderStatus;
  createdAt: Date;
  customer: { id: string; email: string; name: string };
  customerEmail: string;
  customerName: string;
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  currency: string;
  /** Where it ships; null when nothing in it ships (event tickets only). */
  shippingAddress: PostalAddress | null;
  billingAddress: PostalAddress;
  payment: { provider: string; method: string; paymentId: string };
  trackingNumber: string | null;
  carrier: string | null;
  lines: { id: number; name: string; sku: string; size: string | null; color: string | null; unitPriceCents: number; quantity: number; lineTotalCents: number; variantId: number | null; refundedQuantity: number }[];
  history: { fromStatus: OrderStatus | null; toStatus: OrderStatus; actor: string; note: string | null; createdAt: Date }[];
  refunds: OrderRefundRecord[];
  refundedCents: number;
  notes: { id: number; authorEmail: string; body: string; createdAt: Date }[];
}

/** One order as the back office sees it; null when there is no such order. */
export async function findAdminOrder(db: Db, orderId: string): Promise<AdminOrderDetail | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [lines, history, refunds, notes, customer] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    db
      .select({ fromStatus: orderStatusHistory.fromStatus, toStatus: orderStatusHistory.toStatus, actor: orderStatusHistory.actor, actorEmail: users.email, note: orderStatusHistory.note, createdAt: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.actor))
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    refundsOfOrder(db, orderId),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
    db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, order.userId)),
  ]);
  const refundedUnits = new Map<number, number>();
  for (const r of refunds) for (const l of r.lines) refundedUnits.set(l.orderItemId, (refundedUnits.get(l.orderItemId) ?? 0) + l.quantity);
  return {
    id: order.id,
    number: orderNumberLabel(order.number),
    rawNumber: order.number,
    status: order.status,
    createdAt: order.createdAt,
    customer: customer[0] ?? { id: order.userId, email: order.customerEmail, name: order.customerName },
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    currency: order.currency,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    payment: { provider: order.paymentProvider, method: maskedCard(order.cardBrand, order.cardLast4), paymentId: order.paymentId },
    trackingNumber: order.trackingNumber,
    carrier: order.carrier,
    lines: lines.map((l) => ({
      id: l.id,
      name: l.name,
      sku: l.sku,
      size: l.size,
      color: l.color,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      lineTotalCents: l.lineTotalCents,
      variantId: l.variantId,
      refundedQuantity: refundedUnits.get(l.id) ?? 0,
    })),
    history: history.map(({ actor, actorEmail, ...h }) => ({ ...h, actor: actor === "system" ? "system" : (actorEmail ?? actor) })),
    refunds,
    refundedCents: refunds.reduce((s, r) => s + r.amountCents, 0),
    notes,
  };
}
