import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartItems, products, variants } from "../../db/schema/index.ts";
import { artUrl } from "../catalog/index.ts";
import { cartTotals, EMPTY_CART, lineTotalCents, type CartLine, type CartView } from "./rules.ts";

/** The cart with today's prices and stock from the catalogue; lines of withdrawn items are left out. */
export async function getCart(db: Db, cartId: string | null): Promise<CartView> {
  if (!cartId) return EMPTY_CART;
  const rows = await db
    .select({
      variantId: variants.id,
      productId: products.id,
      slug: products.slug,
      name: products.name,
      category: products.category,
      artKind: products.artKind,
      sku: variants.sku,
      size: variants.size,
      color: variants.color,
      basePriceCents: products.basePriceCents,
      priceCents: variants.priceCents,
      available: variants.available,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(cartItems.cartId, cartId), eq(variants.active, true), eq(products.active, true)))
    .orderBy(asc(cartItems.addedAt), asc(variants.id));
  const lines: CartLine[] = rows.map((r) => {
    const unitPriceCents = r.priceCents ?? r.basePriceCents;
    return {
      variantId: r.variantId,
      productId: r.productId,
      slug: r.slug,
      name: r.name,
      category: r.category,
      sku: r.sku,
      size: r.size,
      color: r.color,
      image: artUrl(r.artKind, r.color),
      unitPriceCents,
      quantity: r.quantity,
      lineTotalCents: lineTotalCents({ unitPriceCents, quantity: r.quantity }),
      available: r.available,
    };
  });
  return { lines, ...cartTotals(lines) };
}
