/** A product's waiting-room settings as the product editor saves them (ADR 0034). */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productQueues } from "../../db/schema/index.ts";
import type { QueueSettings } from "./rules.ts";

/**
 * Saves a product's waiting-room settings, inside the product's save (its transaction, its audit). Switching
 * the room on fills the admission bucket, so the first visitors are let in at once.
 */
export async function saveQueueSettings(tx: Db, productId: number, settings: QueueSettings): Promise<void> {
  if (settings.capacity === null) {
    // Switched off (or never on): a product without a row keeps having none.
    await tx.update(productQueues).set(settings).where(eq(productQueues.productId, productId));
    return;
  }
  await tx
    .insert(productQueues)
    .values({ productId, ...settings, tokens: settings.ratePerMinute, refilledAt: sql`now()` })
    .onConflictDoUpdate({
      target: productQueues.productId,
      set: {
        capacity: settings.capacity,
        ratePerMinute: settings.ratePerMinute,
        checkoutMinutes: settings.checkoutMinutes,
        tokens: sql`case when ${productQueues.capacity} is null then excluded.tokens else least(${productQueues.tokens}, excluded.rate_per_minute) end`,
        refilledAt: sql`case when ${productQueues.capacity} is null then now() else ${productQueues.refilledAt} end`,
      },
    });
}
