import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog, orders, products, users } from "../../db/schema/index.ts";
import { listActiveAlerts, type OpenAlert } from "../inventory/index.ts";
import { orderNumberLabel, PAID_STATUSES } from "../orders/index.ts";
import { escapeLike, pageWindow } from "../shared/paging.ts";

/** Admin stats (SPEC section 2, Admin dashboard): what the database holds now, never sample values. */

/** Recent orders on the dashboard (SPEC section 9). */
export const RECENT_ORDERS_LIMIT = 5;
/** Critical alerts on the dashboard: high severity only, at most 3 (SPEC section 9). */
export const CRITICAL_ALERTS_LIMIT = 3;

export interface RecentOrder {
  id: string;
  number: string;
  customerEmail: string;
  status: string;
  totalCents: number;
  createdAt: Date;
}

/** A critical alert on the dashboard: an open high-severity (out of stock) alert, as the inventory lists it. */
export type CriticalAlert = OpenAlert;

export interface AdminStats {
  totalRevenueCents: number;
  totalOrders: number;
  totalCustomers: number;
  totalProducts: number;
  recentOrders: RecentOrder[];
  /** The newest CRITICAL_ALERTS_LIMIT open high-severity alerts. */
  criticalAlerts: CriticalAlert[];
  /** All the open high-severity alerts, as the inventory page counts them. */
  criticalAlertCount: number;
}

/** Active products in the catalogue. */
export async function countActiveProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(and(eq(products.active, true), eq(products.kind, "merch")));
  return row?.n ?? 0;
}

/** Customers: accounts with the customer role that have not been deleted. */
export async function countCustomers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "customer"), isNull(users.deletedAt), eq(users.active, true)));
  return row?.n ?? 0;
}

/**
 * Orders and revenue from the orders table: every order placed counts as an order; revenue is the sum of
 * the totals (cents) of orders paid for and not given back (processing, shipped or delivered, with no
 * refund); the newest RECENT_ORDERS_LIMIT are listed.
 */
async function orderFigures(db: Db): Promise<{ totalOrders: number; totalRevenueCents: number; recentOrders: RecentOrder[] }> {
  const [totals] = await db
    .select({
      totalOrders: count(),
      totalRevenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${inArray(orders.status, [...PAID_STATUSES])} and ${orders.refundedAt} is null), 0)`.mapWith(Number),
    })
    .from(orders);
  const recent = await db
    .select({ id: orders.id, number: orders.number, customerEmail: orders.customerEmail, status: orders.status, totalCents: orders.totalCents, createdAt: orders.createdAt })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(RECENT_ORDERS_LIMIT);
  return {
    totalOrders: totals?.totalOrders ?? 0,
    totalRevenueCents: totals?.totalRevenueCents ?? 0,
    recentOrders: recent.map((r) => ({ ...r, number: orderNumberLabel(r.number) })),
  };
}

export async function getAdminStats(db: Db): Promise<AdminStats> {
  const [totalProducts, totalCustomers, critical, orders] = await Promise.all([
    countActiveProducts(db),
    countCustomers(db),
    // The inventory page's own read of the open alerts, high severity only: the two pages cannot disagree.
    listActiveAlerts(db, { severity: "high", limit: CRITICAL_ALERTS_LIMIT }),
    orderFigures(db),
  ]);
  return { ...orders, totalProducts, totalCustomers, criticalAlerts: critical.alerts, criticalAlertCount: critical.total };
}

/** Rows per page of every admin list (SPEC section 9). */
export const ADMIN_PAGE_SIZE = 20;

export interface AuditFilter {
  /** The actor's email, or part of it. */
  actor?: string | undefined;
  entity?: string | undefined;
  /** Inclusive bounds, as instants. */
  from?: Date | undefined;
  to?: Date | undefined;
  page?: number | undefined;
}

export type AuditRow = typeof auditLog.$inferSelect;

/** The audit log, newest first, filtered by person, entity and date, 20 to a page. */
export async function listAudit(db: Db, filter: AuditFilter = {}): Promise<{ rows: AuditRow[]; total: number; page: number; pages: number }> {
  const where = and(
    filter.actor ? ilike(auditLog.actorEmail, `%${escapeLike(filter.actor)}%`) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lte(auditLog.createdAt, filter.to) : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(auditLog).where(where);
  const total = Number(counted?.n ?? 0);
  const { page, pages, offset } = pageWindow(total, filter.page, ADMIN_PAGE_SIZE);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pages };
}

/** The entities the log has rows for, for the filter's choices. */
export async function auditEntities(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity));
  return rows.map((r) => r.entity);
}
