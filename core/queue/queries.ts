import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productQueues } from "../../db/schema/index.ts";
import { DEFAULT_QUEUE_SETTINGS, type QueueSettings } from "./rules.ts";

/** A product's waiting-room settings (capacity null: none), as the back office shows them. */
export async function queueSettingsOf(db: Db, productId: number): Promise<QueueSettings> {
  const [row] = await db
    .select({ capacity: productQueues.capacity, ratePerMinute: productQueues.ratePerMinute, checkoutMinutes: productQueues.checkoutMinutes })
    .from(productQueues)
    .where(eq(productQueues.productId, productId));
  return row ?? DEFAULT_QUEUE_SETTINGS;
}

/**
 * A product's line applies: its waiting room is switched on and it is not being sold by raffle (a raffle
 * decides who buys, ADR 0035; its winners never queue for what they won).
 */
export const waitingRoomApplies = (productId: number) =>
  and(eq(productQueues.productId, productId), isNotNull(productQueues.capacity), sql`not exists (select 1 from raffles r where r.product_id = ${productId} and r.finished_at is null)`);

/** True when the product has a waiting room switched on (and no raffle running). */
export async function hasWaitingRoom(db: Db, productId: number): Promise<boolean> {
  const rows = await db.select({ productId: productQueues.productId }).from(productQueues).where(waitingRoomApplies(productId)).limit(1);
  return rows.length > 0;
}
