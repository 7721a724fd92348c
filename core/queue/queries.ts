import { and, eq, isNotNull } from "drizzle-orm";
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

/** True when the product has a waiting room switched on. */
export async function hasWaitingRoom(db: Db, productId: number): Promise<boolean> {
  const rows = await db
    .select({ productId: productQueues.productId })
    .from(productQueues)
    .where(and(eq(productQueues.productId, productId), isNotNull(productQueues.capacity)))
    .limit(1);
  return rows.length > 0;
}
