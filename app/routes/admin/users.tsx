import { data } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { userListQuerySchema } from "../../../core/admin/index.ts";
import { ROLE_CHOICES as ROLES, ROLE_LABEL } from "../../../core/admin/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, labelClass, primaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, Pager, ResponsiveTable, rowClass, selectClass } from "../../components/admin/admin-ui.tsx";
import { storeDate } from "../../lib/dates.ts";
import { formatCents } from "../../lib/format.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/users";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Users");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "users", "read");
  const url = new URL(request.url);
  const query = userListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const result = await context.useCases.admin.listUsers(query);
  return data({ ...result, query: { q: query.q ?? "", role: query.role ?? "" }, search: url.search }, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requirePermission(request, context, "users", "read");
  throw data(null, { status: 405, headers: noStore });
}

const STATUS_LABEL = { active: "Active", deactivated: "Deactivated", deleted: "Deleted" } as const;

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, query, search } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminHeader title="Users" />
      <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end" role="search" aria-label="Find users">
        <div>
          <label htmlFor="q" className={labelClass}>
            Email or name
          </label>
          <input id="q" name="q" type="search" defaultValue={query.q} className={inputClass} />
        </div>
        <div>
          <label htmlFor="role" className={labelClass}>
            Role
          </label>
          <select id="role" name="role" defaultValue={query.role} className={selectClass}>
            <option value="">All roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-8 text-muted">No users match.</p>
      ) : (
        <ResponsiveTable caption="Users" columns={["User", "Role", "Status", "Orders", "Total spent", "Last order", "Joined", "Last login"]}>
          {rows.map((u) => (
            <tr key={u.id} className={rowClass}>
              <Cell label="User">
                <Link to={`/admin/users/${encodeURIComponent(u.id)}`} className="font-semibold underline">
                  {u.email}
                </Link>
                <span className="block text-muted">{u.name}</span>
              </Cell>
              <Cell label="Role">{ROLE_LABEL[u.role]}</Cell>
              <Cell label="Status">{STATUS_LABEL[u.status]}</Cell>
              <Cell label="Orders">{u.orderCount}</Cell>
              <Cell label="Total spent">{formatCents(u.totalSpentCents)}</Cell>
              <Cell label="Last order">{u.lastOrderDate ? storeDate(u.lastOrderDate) : "Never"}</Cell>
              <Cell label="Joined">{storeDate(u.joinDate)}</Cell>
              <Cell label="Last login">{u.lastLogin ? storeDate(u.lastLogin) : "Never"}</Cell>
            </tr>
          ))}
        </ResponsiveTable>
      )}
      <Pager page={page} pages={pages} total={total} search={search} noun="user" />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
