/** The analytics page's products table: views, adds, purchases, revenue and rating per product, read from the daily rollups. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../shared/sql-rows.ts";
import { percent, type DayRange, type ProductSort } from "./rules.ts";

export interface ProductRow {
  productId: number;
  name: string;
  slug: string;
  views: number;
  addToCarts: number;
  purchases: number;
  units: number;
  revenueCents: number;
  /** Purchases per product view, in per cent. */
  conversionRate: number;
  averageRating: number | null;
  reviewCount: number;
}

/** The products table (SPEC section 3, Product analytics) for a range, sorted. */
export async function getProductTable(db: Db, range: DayRange, sort: ProductSort): Promise<ProductRow[]> {
  const rows = rowsOf<{ product_id: number; name: string; slug: string; views: number; adds: number; purchases: number; units: number; revenue: string; rating: string | null; reviews: number }>(
    await db.execute(sql`
      select d.product_id, p.name, p.slug, d.views, d.adds, d.purchases, d.units, d.revenue,
        (select round(avg(r.rating)::numeric, 1) from reviews r where r.product_id = d.product_id and not r.hidden) as rating,
        (select count(*)::int from reviews r where r.product_id = d.product_id and not r.hidden) as reviews
      from (
        select product_id, sum(views)::int as views, sum(add_to_carts)::int as adds, sum(purchases)::int as purchases,
          sum(units)::int as units, sum(revenue_cents)::bigint as revenue
        from analytics_daily_product where day between ${range.from}::date and ${range.to}::date
        group by product_id
      ) d join products p on p.id = d.product_id`),
  );
  const table: ProductRow[] = rows.map((r) => ({
    productId: r.product_id,
    name: r.name,
    slug: r.slug,
    views: r.views,
    addToCarts: r.adds,
    purchases: r.purchases,
    units: r.units,
    revenueCents: Number(r.revenue),
    conversionRate: percent(r.purchases, r.views),
    averageRating: r.rating === null ? null : Number(r.rating),
    reviewCount: r.reviews,
  }));
  const key: Record<ProductSort, (r: ProductRow) => number> = {
    revenue: (r) => r.revenueCents,
    views: (r) => r.views,
    purchases: (r) => r.purchases,
    conversion: (r) => r.conversionRate,
    addToCarts: (r) => r.addToCarts,
    rating: (r) => r.averageRating ?? -1,
  };
  return table.sort((a, b) => key[sort](b) - key[sort](a) || a.name.localeCompare(b.name));
}
