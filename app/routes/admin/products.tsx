import { data } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { adminProductQuerySchema } from "../../../core/catalog/index.ts";
import { can } from "../../../core/admin/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, primaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, Pager, ResponsiveTable, rowClass, selectClass } from "../../components/admin/admin-ui.tsx";
import { PRODUCT_STATUS_LABEL } from "../../components/admin/product-form.tsx";
import { storeDate } from "../../lib/dates.ts";
import { CATEGORY_LABEL, formatCents } from "../../lib/format.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/products";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Products");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requirePermission(request, context, "products", "read");
  const url = new URL(request.url);
  const query = adminProductQuerySchema.parse(Object.fromEntries(url.searchParams));
  const result = await context.useCases.admin.listAdminProducts(query);
  return data(
    { ...result, query: { q: query.q, category: query.category ?? "", status: query.status ?? "" }, search: url.search, mayCreate: can(viewer.role, "products", "create") },
    { headers: noStore },
  );
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, query, search, mayCreate } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminHeader title="Products">
        {mayCreate ? (
          <p className="mt-4">
            <Link to="/admin/products/new" className={primaryButton}>
              New product
            </Link>
          </p>
        ) : null}
      </AdminHeader>
      <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-[1fr_11rem_11rem_auto] sm:items-end" role="search" aria-label="Find products">
        <div>
          <label htmlFor="q" className={labelClass}>
            Name, slug or SKU
          </label>
          <input id="q" name="q" type="search" defaultValue={query.q} className={inputClass} />
        </div>
        <div>
          <label htmlFor="category" className={labelClass}>
            Category
          </label>
          <select id="category" name="category" defaultValue={query.category} className={selectClass}>
            <option value="">All categories</option>
            {Object.entries(CATEGORY_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="status" className={labelClass}>
            Status
          </label>
          <select id="status" name="status" defaultValue={query.status} className={selectClass}>
            <option value="">All statuses</option>
            {Object.entries(PRODUCT_STATUS_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-8 text-muted">No products match.</p>
      ) : (
        <ResponsiveTable caption="Products" columns={["Product", "Category", "Status", "Base price", "Variants", "Available", "Updated"]}>
          {rows.map((p) => (
            <tr key={p.id} className={rowClass} data-testid="admin-product-row">
              <Cell label="Product">
                <Link to={`/admin/products/${p.id}`} className="font-semibold underline">
                  {p.name}
                </Link>
                <span className="block text-muted">
                  /{p.slug}
                  {p.featured ? " · Featured" : ""}
                </span>
              </Cell>
              <Cell label="Category">{CATEGORY_LABEL[p.category]}</Cell>
              <Cell label="Status">{PRODUCT_STATUS_LABEL[p.status]}</Cell>
              <Cell label="Base price">{formatCents(p.basePriceCents)}</Cell>
              <Cell label="Variants">{p.variantCount}</Cell>
              <Cell label="Available">{p.available}</Cell>
              <Cell label="Updated">{storeDate(p.updatedAt)}</Cell>
            </tr>
          ))}
        </ResponsiveTable>
      )}
      <Pager page={page} pages={pages} total={total} search={search} noun="product" />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
