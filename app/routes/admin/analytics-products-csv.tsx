import { analyticsQuerySchema, PRODUCT_SORTS, storeDay, type ProductSort } from "../../../core/analytics/index.ts";
import { resolveRange } from "../../lib/analytics-range.ts";
import { csvLine } from "../../lib/csv.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/analytics-products-csv";
import { noStore } from "../../lib/private-page.ts";

/** The analytics products table as CSV, for the same period and sort as the page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "analytics", "read");
  const search = new URL(request.url).searchParams;
  const query = analyticsQuerySchema.parse(Object.fromEntries(search));
  const { current } = resolveRange(query, storeDay(new Date()));
  const sort: ProductSort = (PRODUCT_SORTS as readonly string[]).includes(search.get("sort") ?? "") ? (search.get("sort") as ProductSort) : "revenue";
  const rows = await context.useCases.analytics.getProductTable(current, sort);
  let body = csvLine(["Product", "Slug", "Views", "Add-to-carts", "Purchases", "Units", "Revenue", "Conversion %", "Average rating", "Reviews"]);
  for (const r of rows) {
    body += csvLine([r.name, r.slug, r.views, r.addToCarts, r.purchases, r.units, (r.revenueCents / 100).toFixed(2), r.conversionRate, r.averageRating ?? "", r.reviewCount]);
  }
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${current.from}-to-${current.to}.csv"`,
      ...noStore,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
