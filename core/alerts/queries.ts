/** What the pages read about "Notify me" sign-ups. */
import { and, count, eq, isNull } from "drizzle-orm";
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

/** How many are waiting in a product's line (the tests). */
export async function countWaiting(db: Db, productId: number): Promise<number> {
  return (await waitingLine(db, productId)).total;
}

/**
 * The back office's view of a product's line: how many wait in all, and per variant (a sign-up for any
 * variant counts in `anyVariant` only).
 */
export async function waitingLine(db: Db, productId: number): Promise<{ total: number; anyVariant: number; byVariant: Map<number, number> }> {
  const rows = await db
    .select({ variantId: restockAlerts.variantId, n: count() })
    .from(restockAlerts)
    .where(and(eq(restockAlerts.productId, productId), isNull(restockAlerts.mailedAt), isNull(restockAlerts.stoppedAt)))
    .groupBy(restockAlerts.variantId);
  const byVariant = new Map<number, number>();
  let anyVariant = 0;
  for (const row of rows) {
    if (row.variantId === null) anyVariant = Number(row.n);
    else byVariant.set(row.variantId, Number(row.n));
  }
  return { total: rows.reduce((sum, row) => sum + Number(row.n), 0), anyVariant, byVariant };
}
