import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, stockMovements, variants, type MovementType } from "../../db/schema/index.ts";
import type { InventoryFilter } from "./inputs.ts";
import { INVENTORY_PAGE_SIZE, stockStatusOf, type StockStatus } from "./rules.ts";
import { escapeLike, pageWindow } from "../shared/paging.ts";

/** The admin inventory screens' reads: every variant with its counters, and a variant's history, paged. */

export interface InventoryRow {
  variantId: number;
  productId: number;
  productName: string;
  productSlug: string;
  sku: string;
  size: string | null;
  color: string | null;
  onHand: number;
  reserved: number;
  available: number;
  threshold: number;
  status: StockStatus;
}

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pages: number;
}


export async function listInventory(db: Db, opts: { filter?: InventoryFilter; q?: string; page?: number } = {}): Promise<Paged<InventoryRow>> {
  const conditions: SQL[] = [];
  if (opts.filter === "out") conditions.push(sql`${variants.available} <= 0`);
  if (opts.filter === "low") conditions.push(sql`${variants.available} > 0 and ${variants.available} <= ${variants.lowStockThreshold}`);
  const q = opts.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(or(ilike(variants.sku, pattern), ilike(products.name, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [counted] = await db.select({ n: count() }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(where);
  const total = Number(counted?.n ?? 0);
  const { page, pages, offset } = pageWindow(total, opts.page, INVENTORY_PAGE_SIZE);
  const rows = await db
    .select({
      variantId: variants.id,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
      sku: variants.sku,
      size: variants.size,
      color: variants.color,
      onHand: variants.onHand,
      reserved: variants.reserved,
      available: variants.available,
      threshold: variants.lowStockThreshold,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(where)
    .orderBy(asc(products.name), asc(variants.sku))
    .limit(INVENTORY_PAGE_SIZE)
    .offset(offset);
  return { rows: rows.map((r) => ({ ...r, status: stockStatusOf(r.available, r.threshold) })), total, page, pages };
}

/** One variant with its product, for the history page; null when there is no such variant. */
export async function getInventoryRow(db: Db, variantId: number): Promise<InventoryRow | null> {
  const [r] = await db
    .select({
      variantId: variants.id,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
      sku: variants.sku,
      size: variants.size,
      color: variants.color,
      onHand: variants.onHand,
      reserved: variants.reserved,
      available: variants.available,
      threshold: variants.lowStockThreshold,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, variantId));
  return r ? { ...r, status: stockStatusOf(r.available, r.threshold) } : null;
}

/** A variant's movements, newest first, 20 to a page, optionally of one type. */
export async function listMovementPage(db: Db, variantId: number, opts: { type?: MovementType | "all"; page?: number } = {}) {
  const where = and(eq(stockMovements.variantId, variantId), opts.type && opts.type !== "all" ? eq(stockMovements.type, opts.type) : undefined);
  const [counted] = await db.select({ n: count() }).from(stockMovements).where(where);
  const total = Number(counted?.n ?? 0);
  const { page, pages, offset } = pageWindow(total, opts.page, INVENTORY_PAGE_SIZE);
  const rows = await db
    .select()
    .from(stockMovements)
    .where(where)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(INVENTORY_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pages };
}

/** The variants with these SKUs (exact match), for a stock-list upload. */
export async function variantsBySku(db: Db, skus: readonly string[]) {
  if (skus.length === 0) return [];
  const found: { id: number; sku: string; onHand: number; reserved: number }[] = [];
  // In chunks: a 5,000-row list stays well under PostgreSQL's parameter limit.
  for (let i = 0; i < skus.length; i += 1000) {
    found.push(
      ...(await db
        .select({ id: variants.id, sku: variants.sku, onHand: variants.onHand, reserved: variants.reserved })
        .from(variants)
        .where(inArray(variants.sku, skus.slice(i, i + 1000)))),
    );
  }
  return found;
}
