import { data } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { adminOrderFilterSchema, type AdminOrderFilter } from "../../../core/orders/inputs.ts";
import { ORDER_STATUSES } from "../../../core/orders/rules.ts";
import { ADMIN_STATUS_DOT, ADMIN_STATUS_LABEL, AdminStatusBadge, type AdminStatus } from "../../components/admin/admin-status.tsx";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, primaryButton, secondaryButton } from "../../components/account/page-shell.tsx";
import { storeDate } from "../../lib/dates.ts";
import { formatCents } from "../../lib/format.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/orders";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Orders · Admin");

export function readFilter(url: URL): AdminOrderFilter {
  const get = (k: string) => url.searchParams.get(k) ?? undefined;
  return adminOrderFilterSchema.parse({ status: get("status"), q: get("q"), from: get("from"), to: get("to"), page: get("page") });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "orders", "read");
  const filter = readFilter(new URL(request.url));
  const list = await context.useCases.admin.listAdminOrders(filter);
  return data({ filter, ...list }, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "orders", "update");
  throw data(null, { status: 405, headers: noStore });
}

/** The list's query string with some filters changed (a tab, a page), the others kept. */
function query(filter: AdminOrderFilter, change: Partial<AdminOrderFilter>): string {
  const merged = { ...filter, ...change };
  const params = new URLSearchParams();
  if (merged.status) params.set("status", merged.status);
  if (merged.q) params.set("q", merged.q);
  if (merged.from) params.set("from", merged.from);
  if (merged.to) params.set("to", merged.to);
  if (merged.page > 1) params.set("page", String(merged.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filter, orders, total, page, pages, statusCounts } = loaderData;
  const tabs: (AdminStatus | null)[] = [null, ...ORDER_STATUSES, ...((statusCounts.completed ?? 0) > 0 ? (["completed"] as const) : [])];
  const exportQuery = query(filter, { page: 1 });
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin" className="underline">
          Admin Dashboard
        </Link>
      </p>
      <h1 className="font-display mt-2 text-3xl sm:text-4xl">Orders</h1>

      <nav aria-label="Order status" className="mt-6 overflow-x-auto">
        <ul className="flex gap-2">
          {tabs.map((status) => {
            const current = (filter.status ?? null) === status;
            const count = status ? (statusCounts[status] ?? 0) : Object.values(statusCounts).reduce<number>((s, n) => s + (n ?? 0), 0);
            return (
              <li key={status ?? "all"}>
                <Link
                  to={`/admin/orders${query(filter, { status, page: 1 })}`}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded border px-3 font-semibold ${current ? "border-ink bg-ink text-paper" : "border-line"}`}
                >
                  {status ? <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${ADMIN_STATUS_DOT[status]}`} /> : null}
                  {status ? ADMIN_STATUS_LABEL[status] : "All"} ({count})
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end" role="search" aria-label="Search orders">
        {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
        <div>
          <label htmlFor="q" className={labelClass}>
            Order number or customer email
          </label>
          <input id="q" name="q" type="search" defaultValue={filter.q ?? ""} placeholder="EH-100001 or name@example.com" className={inputClass} />
        </div>
        <div>
          <label htmlFor="from" className={labelClass}>
            From
          </label>
          <input id="from" name="from" type="date" defaultValue={filter.from ?? ""} className={inputClass} />
        </div>
        <div>
          <label htmlFor="to" className={labelClass}>
            To
          </label>
          <input id="to" name="to" type="date" defaultValue={filter.to ?? ""} className={inputClass} />
        </div>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </Form>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p role="status" data-testid="order-count">
          {total} {total === 1 ? "order" : "orders"}
        </p>
        <a href={`/admin/orders/export.csv${exportQuery}`} className={secondaryButton} download>
          Export CSV
        </a>
      </div>

      {orders.length === 0 ? (
        <p className="mt-6 text-muted">No orders match these filters.</p>
      ) : (
        <>
          <ul className="mt-4 space-y-3 sm:hidden" aria-label="Orders">
            {orders.map((o) => (
              <li key={o.id} className="rounded border border-line bg-card p-4">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/admin/orders/${o.id}`} className="font-semibold underline">
                    {o.number}
                  </Link>
                  <AdminStatusBadge status={o.status} />
                </p>
                <p className="mt-2 break-all text-sm">{o.customerEmail}</p>
                <p className="mt-1 text-sm text-muted">
                  {storeDate(o.createdAt)} · {o.itemCount} {o.itemCount === 1 ? "item" : "items"} · {formatCents(o.totalCents)}
                  {o.refundedCents > 0 ? ` · refunded ${formatCents(o.refundedCents)}` : ""}
                </p>
              </li>
            ))}
          </ul>
          <table className="mt-4 hidden w-full text-left sm:table">
            <caption className="sr-only">Orders, newest first</caption>
            <thead>
              <tr className="border-b border-line text-sm">
                <th scope="col" className="py-2 pr-3">Order</th>
                <th scope="col" className="py-2 pr-3">Date</th>
                <th scope="col" className="py-2 pr-3">Customer</th>
                <th scope="col" className="py-2 pr-3">Status</th>
                <th scope="col" className="py-2 pr-3 text-right">Items</th>
                <th scope="col" className="py-2 pr-3 text-right">Total</th>
                <th scope="col" className="py-2 text-right">Refunded</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} className="border-b border-line">
                  <td className="py-3 pr-3">
                    <Link to={`/admin/orders/${o.id}`} className="font-semibold underline">
                      {o.number}
                    </Link>
                  </td>
                  <td className="py-3 pr-3 text-sm">{storeDate(o.createdAt)}</td>
                  <td className="py-3 pr-3 text-sm break-all">
                    {o.customerName}
                    <br />
                    {o.customerEmail}
                  </td>
                  <td className="py-3 pr-3">
                    <AdminStatusBadge status={o.status} />
                  </td>
                  <td className="py-3 pr-3 text-right">{o.itemCount}</td>
                  <td className="py-3 pr-3 text-right">{formatCents(o.totalCents)}</td>
                  <td className="py-3 text-right">{o.refundedCents > 0 ? formatCents(o.refundedCents) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={`/admin/orders${query(filter, { page: page - 1 })}`} className={secondaryButton}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <p>
            Page {page} of {pages}
          </p>
          {page < pages ? (
            <Link to={`/admin/orders${query(filter, { page: page + 1 })}`} className={secondaryButton}>
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
