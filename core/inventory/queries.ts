import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, stockAlerts, stockMovements, variants, type AlertSeverity, type AlertType } from "../../db/schema/index.ts";
import { variantNotFound } from "./errors.ts";
import { ALERT_LIST_LIMIT, MOVEMENT_LIST_LIMIT } from "./rules.ts";

export interface InventoryRecord {
  variantId: number;
  productId: number;
  sku: string;
  currentStock: number;
  reservedStock: number;
  availableStock: number;
  lowStockThreshold: number;
  lastUpdated: Date;
  supplier: string;
  restockDate: string | null;
}

export async function getInventoryRecord(db: Db, variantId: number): Promise<InventoryRecord> {
  const [row] = await db
    .select({
      variantId: variants.id,
      productId: variants.productId,
      sku: variants.sku,
      currentStock: variants.onHand,
      reservedStock: variants.reserved,
      availableStock: variants.available,
      lowStockThreshold: variants.lowStockThreshold,
      lastUpdated: variants.updatedAt,
      supplier: variants.supplier,
      restockDate: variants.restockDate,
    })
    .from(variants)
    .where(eq(variants.id, variantId));
  if (!row) throw variantNotFound(variantId);
  return row;
}

/** The variant's movements, newest first. */
export async function listMovements(db: Db, variantId: number, limit = MOVEMENT_LIST_LIMIT) {
  return db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.variantId, variantId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(Math.min(limit, MOVEMENT_LIST_LIMIT));
}

export interface OpenAlert {
  id: number;
  type: AlertType;
  severity: AlertSeverity;
  message: string;
  /** Available stock when the alert was raised. */
  currentStock: number;
  threshold: number;
  createdAt: Date;
  variantId: number;
  productId: number;
  productName: string;
  sku: string;
  size: string | null;
  color: string | null;
  /** "M / Black", or "" for a variant without options. */
  variantDetails: string;
}

export interface OpenAlerts {
  /** The newest first, at most the limit asked for. */
  alerts: OpenAlert[];
  /** All the open alerts the filter matches, listed or not. */
  total: number;
}

/**
 * The open stock alerts: the one read of them, for the admin dashboard's critical alerts (high severity,
 * three) and the inventory page's list (all, up to the spec's 100). An alert is raised by the rule in
 * rules.ts (alertTypeFor: out_of_stock at 0 available, low_stock at or below the threshold) whenever a
 * variant's stock or threshold is written, and stays open until acknowledged, whatever the stock does
 * next. Newest first, with the count of all those the filter matches.
 */
export async function listActiveAlerts(db: Db, opts: { severity?: AlertSeverity; limit?: number } = {}): Promise<OpenAlerts> {
  const limit = Math.max(0, Math.min(opts.limit ?? ALERT_LIST_LIMIT, ALERT_LIST_LIMIT));
  const where = and(eq(stockAlerts.acknowledged, false), opts.severity ? eq(stockAlerts.severity, opts.severity) : undefined);
  const rows = await db
    .select({
      id: stockAlerts.id,
      type: stockAlerts.type,
      severity: stockAlerts.severity,
      message: stockAlerts.message,
      currentStock: stockAlerts.currentStock,
      threshold: stockAlerts.threshold,
      createdAt: stockAlerts.createdAt,
      variantId: stockAlerts.variantId,
      productId: products.id,
      productName: products.name,
      sku: variants.sku,
      size: variants.size,
      color: variants.color,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(stockAlerts)
    .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(where)
    .orderBy(desc(stockAlerts.createdAt), desc(stockAlerts.id))
    .limit(Math.max(limit, 1));
  // A limit of 0 still reads one row, for the count.
  const total = rows[0]?.total ?? 0;
  return {
    alerts: rows.slice(0, limit).map(({ total: _total, ...r }) => ({ ...r, variantDetails: [r.size, r.color].filter(Boolean).join(" / ") })),
    total,
  };
}

export interface InventoryStats {
  totalProducts: number;
  totalVariants: number;
  /** Units on hand across all variants. */
  totalStock: number;
  totalReserved: number;
  /** Variants with 0 < available <= threshold. */
  lowStockItems: number;
  /** Variants with nothing available. */
  outOfStockItems: number;
  /** Sum of on hand x effective unit price (variant price, else product base price), in cents. */
  totalValue: number;
}

export async function getInventoryStats(db: Db): Promise<InventoryStats> {
  const available = variants.available;
  const [row] = await db
    .select({
      totalProducts: sql<number>`(select count(*) from ${products})::int`,
      totalVariants: sql<number>`count(${variants.id})::int`,
      totalStock: sql<string>`coalesce(sum(${variants.onHand}), 0)::bigint`,
      totalReserved: sql<string>`coalesce(sum(${variants.reserved}), 0)::bigint`,
      lowStockItems: sql<number>`(count(*) filter (where ${available} > 0 and ${available} <= ${variants.lowStockThreshold}))::int`,
      outOfStockItems: sql<number>`(count(*) filter (where ${available} <= 0))::int`,
      totalValue: sql<string>`coalesce(sum(${variants.onHand}::bigint * coalesce(${variants.priceCents}, ${products.basePriceCents})), 0)::bigint`,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId));
  return {
    totalProducts: Number(row?.totalProducts ?? 0),
    totalVariants: Number(row?.totalVariants ?? 0),
    totalStock: Number(row?.totalStock ?? 0),
    totalReserved: Number(row?.totalReserved ?? 0),
    lowStockItems: Number(row?.lowStockItems ?? 0),
    outOfStockItems: Number(row?.outOfStockItems ?? 0),
    totalValue: Number(row?.totalValue ?? 0),
  };
}
