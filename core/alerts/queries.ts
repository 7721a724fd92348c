/** What the pages read about "Notify me" sign-ups. */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, restockAlerts } from "../../db/schema/index.ts";

/** The stop page: whether the token is one of ours, and the product it was made for (for the page's words). */
export async function findStopTarget(db: Db, token: string): Promise<{ productName: string; waiting: boolean } | null> {
  const [row] = await db
    .select({ productName: products.name, mailedAt: restockAlerts.mailedAt, stoppedAt: restockAlerts.stoppedAt })
    .from(restockAlerts)
    .innerJoin(products, eq(products.id, restockAlerts.productId))
    .where(eq(restockAlerts.stopToken, token));
  return row ? { productName: row.productName, waiting: row.mailedAt === null && row.stoppedAt === null } : null;
}

/** How many are waiting in a product's line (the back office, the tests). */
export async function countWaiting(db: Db, productId: number): Promise<number> {
  const rows = await db
    .select({ id: restockAlerts.id })
    .from(restockAlerts)
    .where(and(eq(restockAlerts.productId, productId), isNull(restockAlerts.mailedAt), isNull(restockAlerts.stoppedAt)));
  return rows.length;
}
