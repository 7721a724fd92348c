import { randomBytes } from "node:crypto";
import type { Db } from "../db/client.ts";
import { products, users, variants } from "../db/schema/index.ts";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(++counter).toString(36)}${randomBytes(2).toString("hex")}`;

/** A product with variants (size i, no colour unless given); returns the product and its variant rows in order. */
export async function makeProduct(
  db: Db,
  basePriceCents: number,
  rows: { stock: number; size?: string; color?: string; priceCents?: number; threshold?: number }[],
  name?: string,
) {
  const slug = `item-${unique()}`;
  const [product] = await db
    .insert(products)
    .values({ slug, name: name ?? `Item ${slug}`, description: "A test product.", basePriceCents, category: "apparel", artKind: "tee" })
    .returning();
  const made = await db
    .insert(variants)
    .values(
      rows.map((r, i) => ({
        productId: product!.id,
        sku: `${slug}-${i}`,
        size: r.size ?? String(i),
        color: r.color ?? null,
        onHand: r.stock,
        priceCents: r.priceCents ?? null,
        lowStockThreshold: r.threshold ?? 2,
      })),
    )
    .returning();
  return { product: product!, variants: made };
}

/** An account row, as sign-up would leave it (for core tests that need a user id, not a session). */
export async function makeUser(db: Db, role: "customer" | "admin" = "customer") {
  const id = `user-${unique()}`;
  const [user] = await db.insert(users).values({ id, name: `Shopper ${id}`, email: `${id}@east-harlem.test`, role }).returning();
  return user!;
}
