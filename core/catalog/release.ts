// A product's release moment, as every release check reads it (ADR 0031).
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";

/**
 * A product's release moment (ADR 0031): the later of its own and its collections'
 * (a collection-wide drop holds all its products back until then); null when none is set. Every release
 * check compares it with the database's now() in the statement that uses it.
 */
// Written with the tables' own names: drizzle leaves column names unqualified in a one-table select, where
// a bare "id" inside the subquery would be the collection's.
export const productReleaseAt = sql<Date | null>`greatest("products"."on_sale_at", (select max(c.on_sale_at) from collection_products cp join collections c on c.id = cp.collection_id where cp.product_id = "products"."id"))`.mapWith(products.onSaleAt);

/** Products' release moments as productReleaseAt reads them (the admin's saves schedule their drops from it). */
export async function releaseMoments(db: Db, productIds: number[]): Promise<Map<number, Date | null>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.select({ id: products.id, at: productReleaseAt }).from(products).where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r.at]));
}
