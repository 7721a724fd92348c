import { Link } from "../../i18n/index.ts";
import type { ProductRow } from "../../../core/analytics/index.ts";
import { conversionTone, type ProductSort } from "../../../core/analytics/rules.ts";
import { formatCents } from "../../lib/format.ts";
import { secondaryButton } from "../account/page-shell.tsx";
import { Cell, ResponsiveTable, rowClass } from "../admin/admin-ui.tsx";

/** Conversion colours (SPEC section 9), with the figure always written out. */
const TONE_CLASS = { green: "text-ok", yellow: "text-ink bg-gold/30 rounded px-1", red: "text-danger" } as const;

/** The analytics page's Products tab: the table, its sorts (links that keep the period) and its CSV. */
export function ProductsPanel({ products, sort, hrefFor }: { products: ProductRow[]; sort: ProductSort; hrefFor: (change: Record<string, string>) => string }) {
  return (
    <div className="mt-4">
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <span>Sort by:</span>
        {(
          [
            ["revenue", "Revenue"],
            ["views", "Views"],
            ["purchases", "Purchases"],
            ["conversion", "Conversion"],
            ["addToCarts", "Add-to-carts"],
            ["rating", "Rating"],
          ] as const
        ).map(([value, label]) => (
          <Link key={value} to={hrefFor({ sort: value })} aria-current={sort === value ? "true" : undefined} className={`underline ${sort === value ? "font-bold" : ""}`} preventScrollReset>
            {label}
          </Link>
        ))}
        <a href={hrefFor({ sort }).replace("/analytics?", "/analytics/products.csv?")} className={secondaryButton} download>
          Download CSV
        </a>
      </p>
      {products.length === 0 ? (
        <p className="mt-6 text-muted">No product was viewed in this period.</p>
      ) : (
        <ResponsiveTable caption="Products in this period" columns={["Product", "Views", "Add-to-carts", "Purchases", "Units", "Revenue", "Conversion", "Rating", "Reviews"]}>
          {products.map((p) => (
            <tr key={p.productId} className={rowClass} data-testid="analytics-product-row">
              <Cell label="Product">
                <Link to={`/admin/products/${p.productId}`} className="font-semibold underline">
                  {p.name}
                </Link>
              </Cell>
              <Cell label="Views">{p.views}</Cell>
              <Cell label="Add-to-carts">{p.addToCarts}</Cell>
              <Cell label="Purchases">{p.purchases}</Cell>
              <Cell label="Units">{p.units}</Cell>
              <Cell label="Revenue">{formatCents(p.revenueCents)}</Cell>
              <Cell label="Conversion">
                <span className={TONE_CLASS[conversionTone(p.conversionRate)]}>{p.conversionRate}%</span>
              </Cell>
              <Cell label="Rating">{p.averageRating === null ? "No reviews" : `${p.averageRating} of 5`}</Cell>
              <Cell label="Reviews">{p.reviewCount}</Cell>
            </tr>
          ))}
        </ResponsiveTable>
      )}
    </div>
  );
}
