/** Changes to stock counts: restocks, stock takes, a counted stock list, and the alerts they raise (the checkout's holds are in reservations.ts). */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { stockAlerts, stockMovements, variants, type MovementType } from "../../db/schema/index.ts";
import { InventoryError, inventoryText, invalidQuantity, variantNotFound } from "./errors.ts";
import { alertMessage, alertTypeFor, isPositiveQuantity, mergeLines, severityFor, type StockLine } from "./rules.ts";

export interface StockChangeOptions {
  orderId?: string | undefined;
  actor?: string | undefined;
  reason?: string | undefined;
  /**
   * Runs inside the change's own transaction, after the change, with what it did: an admin write records
   * its audit row here, so the change and its record commit together (or neither does).
   */
  onChange?: ((tx: Db, change: StockChange) => Promise<void>) | undefined;
  /**
   * The job queue: when a variant's available stock comes back from 0, a pass of its product's "Notify me"
   * alerts (core/alerts, ADR 0032) is enqueued in the change's own transaction, so it exists exactly when
   * the stock does. Every caller that can bring stock back passes it.
   */
  jobs?: JobQueue | undefined;
}

/** One variant's counters before and after a change. */
export interface StockChange {
  variantId: number;
  sku: string;
  before: { onHand: number; reserved: number; available: number };
  after: { onHand: number; reserved: number; available: number };
}

export interface LockedVariant {
  id: number;
  productId: number;
  sku: string;
  onHand: number;
  reserved: number;
  available: number;
  lowStockThreshold: number;
}

/** What a stock command reads of a variant (a LockedVariant). */
const stockColumns = {
  id: variants.id,
  productId: variants.productId,
  sku: variants.sku,
  onHand: variants.onHand,
  reserved: variants.reserved,
  available: variants.available,
  lowStockThreshold: variants.lowStockThreshold,
};

/**
 * Locks the variants' rows in ascending id order, so two transactions touching overlapping variants
 * always queue in the same order and never deadlock. Unknown ids throw.
 *
 * FOR NO KEY UPDATE, the lock PostgreSQL's own UPDATE of non-key columns takes: it serialises stock
 * changes just as well, and does not conflict with the key-share lock a foreign key check puts on the
 * row. A sale writes its order lines (which reference the variant) before it commits the stock; with
 * FOR UPDATE two sales of one variant each held that key-share lock and waited for the other's.
 */
export async function lockVariants(tx: Db, ids: number[]): Promise<Map<number, LockedVariant>> {
  const rows = await tx
    .select(stockColumns)
    .from(variants)
    .where(inArray(variants.id, ids))
    .orderBy(asc(variants.id))
    .for("no key update");
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) if (!byId.has(id)) throw variantNotFound(id);
  return byId;
}

export function checkedLines(lines: readonly StockLine[]): StockLine[] {
  for (const line of lines) if (!isPositiveQuantity(line.quantity)) throw invalidQuantity(line.quantity);
  const merged = mergeLines(lines);
  if (merged.length === 0) throw new InventoryError("inventory.invalid_quantity", inventoryText("admin.domain.nothingToChange"));
  return merged;
}

/** Writes both counters; answers the available stock the database derived from them. */
async function setCounts(tx: Db, variantId: number, onHand: number, reserved: number): Promise<number> {
  const [row] = await tx
    .update(variants)
    .set({ onHand, reserved, updatedAt: new Date() })
    .where(eq(variants.id, variantId))
    .returning({ available: variants.available });
  return row!.available;
}

async function writeMovement(
  tx: Db,
  variantId: number,
  type: MovementType,
  quantity: number,
  previousStock: number,
  newStock: number,
  opts: StockChangeOptions,
  defaultReason: string,
) {
  await tx.insert(stockMovements).values({
    variantId,
    type,
    quantity,
    previousStock,
    newStock,
    reason: opts.reason ?? defaultReason,
    orderId: opts.orderId ?? null,
    actor: opts.actor ?? null,
  });
}

/**
 * Raises the alert the variant's new available stock calls for. The partial unique index on
 * (variant_id, type) where not acknowledged makes a second open alert of a type impossible;
 * ON CONFLICT DO NOTHING turns that into "already raised".
 */
export async function raiseAlerts(tx: Db, variant: LockedVariant, available: number) {
  const type = alertTypeFor(available, variant.lowStockThreshold);
  if (!type) return;
  await tx
    .insert(stockAlerts)
    .values({
      variantId: variant.id,
      type,
      severity: severityFor(type),
      message: alertMessage(type, variant.sku, available, variant.lowStockThreshold),
      currentStock: available,
      threshold: variant.lowStockThreshold,
    })
    .onConflictDoNothing({ target: [stockAlerts.variantId, stockAlerts.type], where: sql`not ${stockAlerts.acknowledged}` });
}

/**
 * Raises the alerts the variants' stock calls for now, for the writes that set a variant's stock or
 * threshold outside the commands above (a new variant or ticket type with nothing in stock, a threshold
 * raised from the product editor, the sample catalogue): run in the write's own transaction, so the
 * alerts exist exactly when the figures that call for them do.
 */
export async function raiseStockAlerts(db: Db, variantIds: readonly number[]): Promise<void> {
  if (variantIds.length === 0) return;
  const rows = await db
    .select(stockColumns)
    .from(variants)
    .where(inArray(variants.id, [...variantIds]))
    .orderBy(asc(variants.id));
  for (const v of rows) await raiseAlerts(db, v, v.available);
}

/** Stock back from nothing: the product's "Notify me" line gets a pass (see StockChangeOptions.jobs). */
export async function wakeAlerts(tx: Db, variant: LockedVariant, available: number, opts: StockChangeOptions) {
  if (opts.jobs && variant.available <= 0 && available > 0) await opts.jobs.enqueue(tx, "restock-alerts", { productId: variant.productId });
}

function changeOf(v: LockedVariant, onHand: number, available: number): StockChange {
  return {
    variantId: v.id,
    sku: v.sku,
    before: { onHand: v.onHand, reserved: v.reserved, available: v.available },
    after: { onHand, reserved: v.reserved, available },
  };
}

/**
 * Sets on hand for many variants at once (a counted stock list), all or nothing: the rows are locked in
 * id order, every figure is checked against what is reserved now, and one adjustment movement is written
 * per variant whose figure changed. Throws (changing nothing) if any variant is unknown or would go
 * below its reservations.
 */
export async function setStockLevels(
  db: Db,
  levels: readonly { variantId: number; onHand: number }[],
  opts: StockChangeOptions = {},
): Promise<StockChange[]> {
  for (const l of levels) if (!Number.isInteger(l.onHand) || l.onHand < 0) throw invalidQuantity(l.onHand);
  const ids = [...new Set(levels.map((l) => l.variantId))];
  if (ids.length !== levels.length) throw new InventoryError("inventory.invalid_quantity", inventoryText("admin.domain.variantListedTwice"));
  if (ids.length === 0) return [];
  return db.transaction(async (tx) => {
    const locked = await lockVariants(tx, ids);
    const below = levels.filter((l) => l.onHand < locked.get(l.variantId)!.reserved);
    if (below.length > 0) {
      throw new InventoryError("inventory.below_reserved", inventoryText("admin.domain.belowReserved"), {
        lines: below.map((l) => ({ variantId: l.variantId, reserved: locked.get(l.variantId)!.reserved, requested: l.onHand })),
      });
    }
    const changes: StockChange[] = [];
    for (const level of [...levels].sort((a, b) => a.variantId - b.variantId)) {
      const v = locked.get(level.variantId)!;
      if (level.onHand === v.onHand) continue;
      const available = await setCounts(tx, v.id, level.onHand, v.reserved);
      await writeMovement(tx, v.id, "adjustment", Math.abs(level.onHand - v.onHand), v.onHand, level.onHand, opts, "Stock list imported");
      await raiseAlerts(tx, v, available);
      await wakeAlerts(tx, v, available, opts);
      const change = changeOf(v, level.onHand, available);
      await opts.onChange?.(tx, change);
      changes.push(change);
    }
    return changes;
  });
}

/** Adds received units to on hand. */
export async function restock(db: Db, variantId: number, quantity: number, opts: StockChangeOptions = {}): Promise<void> {
  if (!isPositiveQuantity(quantity)) throw invalidQuantity(quantity);
  await db.transaction(async (tx) => {
    const v = (await lockVariants(tx, [variantId])).get(variantId)!;
    const onHand = v.onHand + quantity;
    // The counters are 32-bit integers: a restock past that is a typing mistake, refused rather than failing.
    if (onHand > 2_147_483_647) throw invalidQuantity(quantity);
    const available = await setCounts(tx, v.id, onHand, v.reserved);
    await writeMovement(tx, v.id, "restock", quantity, v.onHand, onHand, opts, "Restocked");
    await raiseAlerts(tx, v, available);
    await wakeAlerts(tx, v, available, opts);
    await opts.onChange?.(tx, changeOf(v, onHand, available));
  });
}

/** Sets on hand to a counted figure (a stock take); never below what is reserved. */
export async function adjustStock(db: Db, variantId: number, newOnHand: number, opts: StockChangeOptions = {}): Promise<void> {
  if (!Number.isInteger(newOnHand) || newOnHand < 0) throw invalidQuantity(newOnHand);
  await db.transaction(async (tx) => {
    const v = (await lockVariants(tx, [variantId])).get(variantId)!;
    if (newOnHand < v.reserved) {
      throw new InventoryError("inventory.below_reserved", inventoryText("admin.domain.belowReservedUnits", { reserved: v.reserved }), {
        variantId,
        reserved: v.reserved,
        requested: newOnHand,
      });
    }
    const available = await setCounts(tx, v.id, newOnHand, v.reserved);
    await writeMovement(tx, v.id, "adjustment", Math.abs(newOnHand - v.onHand), v.onHand, newOnHand, opts, "Stock adjusted");
    await raiseAlerts(tx, v, available);
    await wakeAlerts(tx, v, available, opts);
    await opts.onChange?.(tx, changeOf(v, newOnHand, available));
  });
}

/** Closes an open alert; a later shortage may raise a new one. Acknowledging twice is harmless. */
export async function acknowledgeAlert(
  db: Db,
  alertId: number,
  actor: string,
  onAcknowledged?: (tx: Db, alert: { id: number; variantId: number; type: string }) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [alert] = await tx
      .select({ id: stockAlerts.id, acknowledged: stockAlerts.acknowledged, variantId: stockAlerts.variantId, type: stockAlerts.type }).from(stockAlerts).where(eq(stockAlerts.id, alertId)).for("update");
    if (!alert) throw new InventoryError("inventory.alert_not_found", inventoryText("admin.domain.alertNotFound", { alertId }), { alertId });
    if (alert.acknowledged) return;
    await tx
      .update(stockAlerts)
      .set({ acknowledged: true, acknowledgedAt: new Date(), acknowledgedBy: actor })
      .where(and(eq(stockAlerts.id, alertId), eq(stockAlerts.acknowledged, false)));
    await onAcknowledged?.(tx, { id: alert.id, variantId: alert.variantId, type: alert.type });
  });
}
