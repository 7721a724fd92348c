/** The checkout's holds on stock: reserving a cart's lines, giving a reservation back, committing it as a sale. */
import { PgTransaction } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stockMovements, variants, type MovementType } from "../../db/schema/index.ts";
import { InsufficientStockError, InventoryError, inventoryText, type StockShortfall } from "./errors.ts";
import type { StockLine } from "./rules.ts";
import { checkedLines, lockVariants, raiseAlerts, wakeAlerts, type LockedVariant, type StockChangeOptions } from "./commands.ts";

/**
 * Runs `fn` in a transaction: the caller's own when it passes one (checkout's claim and settlement), so no
 * savepoint is taken around the change (two round trips fewer). The commands that use it throw their
 * refusals (a shortfall, a reservation too small) before they write anything, so a caller that catches one
 * keeps a usable transaction, as it would after a savepoint's rollback.
 */
function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return (db as unknown) instanceof PgTransaction ? fn(db) : db.transaction(fn);
}

/**
 * Writes a variant's two counters and the movement that records the change, in one statement (one round
 * trip): the movement is inserted from the updated row, so it exists exactly when the update happened.
 */
async function changeCounts(
  tx: Db,
  variantId: number,
  counts: { onHand: number; reserved: number },
  movement: { type: MovementType; quantity: number; previousStock: number; newStock: number },
  opts: StockChangeOptions,
  defaultReason: string,
): Promise<void> {
  await tx.execute(sql`
    with changed as (
      update ${variants} set on_hand = ${counts.onHand}, reserved = ${counts.reserved}, updated_at = now()
      where id = ${variantId} returning id
    )
    insert into ${stockMovements} (variant_id, type, quantity, previous_stock, new_stock, reason, order_id, actor)
    select changed.id, ${movement.type}::text, ${movement.quantity}::int, ${movement.previousStock}::int, ${movement.newStock}::int,
      ${opts.reason ?? defaultReason}::text, ${opts.orderId ?? null}::text, ${opts.actor ?? null}::text
    from changed`);
}

/**
 * Reserves every line or none. A shortfall names every short line with what was asked and what is
 * available, and changes nothing. Movements record available stock before and after.
 */
export async function reserveStock(db: Db, lines: readonly StockLine[], opts: StockChangeOptions = {}): Promise<void> {
  const merged = checkedLines(lines);
  await inTransaction(db, async (tx) => {
    const locked = await lockVariants(tx, merged.map((l) => l.variantId));
    const short: StockShortfall[] = [];
    for (const line of merged) {
      const v = locked.get(line.variantId)!;
      if (v.available < line.quantity) short.push({ variantId: line.variantId, requested: line.quantity, available: v.available });
    }
    if (short.length > 0) throw new InsufficientStockError(short);
    for (const line of merged) {
      const v = locked.get(line.variantId)!;
      const after = v.available - line.quantity;
      await changeCounts(tx, v.id, { onHand: v.onHand, reserved: v.reserved + line.quantity }, { type: "reservation", quantity: line.quantity, previousStock: v.available, newStock: after }, opts, "Reserved for checkout");
      await raiseAlerts(tx, v, after);
    }
  });
}

/** Gives reserved units back to available stock; refuses (changing nothing) if less is reserved than asked. */
export async function releaseReservation(db: Db, lines: readonly StockLine[], opts: StockChangeOptions = {}): Promise<void> {
  const merged = checkedLines(lines);
  await inTransaction(db, async (tx) => {
    const locked = await lockVariants(tx, merged.map((l) => l.variantId));
    assertReserved(merged, locked);
    for (const line of merged) {
      const v = locked.get(line.variantId)!;
      const after = v.available + line.quantity;
      await changeCounts(tx, v.id, { onHand: v.onHand, reserved: v.reserved - line.quantity }, { type: "release", quantity: line.quantity, previousStock: v.available, newStock: after }, opts, "Reservation released");
      await wakeAlerts(tx, v, after, opts);
    }
  });
}

/** A sale: reserved units leave the warehouse, so on hand and reserved go down together. */
export async function commitReservation(db: Db, lines: readonly StockLine[], opts: StockChangeOptions = {}): Promise<void> {
  const merged = checkedLines(lines);
  await inTransaction(db, async (tx) => {
    const locked = await lockVariants(tx, merged.map((l) => l.variantId));
    assertReserved(merged, locked);
    for (const line of merged) {
      const v = locked.get(line.variantId)!;
      const onHand = v.onHand - line.quantity;
      // On hand and reserved both go down by the quantity: what is available does not change.
      await changeCounts(tx, v.id, { onHand, reserved: v.reserved - line.quantity }, { type: "sale", quantity: line.quantity, previousStock: v.onHand, newStock: onHand }, opts, "Sold");
      await raiseAlerts(tx, v, v.available);
    }
  });
}

function assertReserved(lines: StockLine[], locked: Map<number, LockedVariant>) {
  const short = lines.filter((l) => locked.get(l.variantId)!.reserved < l.quantity);
  if (short.length > 0) {
    throw new InventoryError("inventory.reservation_too_small", inventoryText("admin.domain.reservationTooSmall"), {
      lines: short.map((l) => ({ variantId: l.variantId, requested: l.quantity, reserved: locked.get(l.variantId)!.reserved })),
    });
  }
}
