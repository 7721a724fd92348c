import { sql } from "drizzle-orm";
import { artUrl } from "../../core/catalog/index.ts";
import { rowsOf } from "../../core/shared/sql-rows.ts";
import type { Db } from "../../db/client.ts";
import { seedCatalogue } from "../../db/seed/index.ts";
import type { SimProduct, SimSearch } from "../simulate-history.ts";

// The catalogue analytics-simulate.ts sells from and the searches people make in it.


export async function loadCatalogue(db: Db): Promise<{ products: SimProduct[]; searches: SimSearch[] }> {
  const count = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products where active`))[0]!.n;
  if (count === 0) {
    const seeded = await seedCatalogue(db);
    console.error(`the catalogue was empty: seeded ${seeded.products} products, ${seeded.variants} variants`);
  }
  const rows = rowsOf<{ product_id: number; slug: string; name: string; art_kind: string; base: number; variant_id: number; sku: string; size: string | null; color: string | null; price: number | null }>(
    await db.execute(sql`select p.id as product_id, p.slug, p.name, p.art_kind, p.base_price_cents as base, v.id as variant_id, v.sku, v.size, v.color, v.price_cents as price
      from products p join variants v on v.product_id = p.id where p.active and v.active order by p.id, v.id`),
  );
  const byId = new Map<number, SimProduct>();
  for (const r of rows) {
    const product = byId.get(r.product_id) ?? { id: r.product_id, slug: r.slug, variants: [] };
    byId.set(r.product_id, product);
    product.variants.push({ id: r.variant_id, productId: r.product_id, slug: r.slug, name: r.name, sku: r.sku, size: r.size, color: r.color, image: artUrl(r.art_kind, r.color), unitPriceCents: r.price ?? r.base });
  }
  const products = [...byId.values()];
  if (products.length === 0) throw new Error("the catalogue has no active product with an active variant to sell");
  // Popular searches first (Zipf picks them most); a few find nothing, as real searches do.
  const terms = ["hoodie", "tee", "harlem", "cap", "vinyl", "black", "jacket", "crewneck", "beanie", "poster", "sweatpants", "tote", "white", "east harlem", "snapback", "graffiti", "jordan", "socks", "gift card", "sneakers"];
  const searches: SimSearch[] = [];
  for (const query of terms) {
    const n = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products where active and search_text like ${`%${query}%`}`))[0]!.n;
    searches.push({ query, resultCount: n });
  }
  return { products, searches };
}
