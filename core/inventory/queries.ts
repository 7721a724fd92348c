import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, stockAlerts, stockMovements, variants, type AlertSeverity } from "../../db/schema/index.ts";
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

/** Open (unacknowledged) alerts with their product and variant, newest first. */
export async function listActiveAlerts(db: Db, opts: { severity?: AlertSeverity; limit?: number } = {}) {
  const limit = Math.min(opts.limit ?? ALERT_LIST_LIMIT, ALERT_LIST_LIMIT);
  return db
    .select({
      id: stockAlerts.id,
      type: stockAlerts.type,
      severity: stockAlerts.severity,
      message: stockAlerts.message,
      currentStock: stockAlerts.currentStock,
      threshold: stockAlerts.threshold,
      acknowledged: stockAlerts.acknowledged,
      createdAt: stockAlerts.createdAt,
      variantId: stockAlerts.variantId,
      productId: products.id,
      productName: products.name,
      sku: variants.sku,
      size: variants.size,
      color: variants.color,
    })
    .from(stockAlerts)
    .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(stockAlerts.acknowledged, false), opts.severity ? eq(stockAlerts.severity, opts.severity) : undefined))
    .orderBy(desc(stockAlerts.createdAt), desc(stockAlerts.id))
    .limit(limit);
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
