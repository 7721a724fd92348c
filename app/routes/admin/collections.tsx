import { data } from "react-router";
import { Link } from "../../i18n/index.ts";
import { can } from "../../../core/admin/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { Notice, primaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, ResponsiveTable, rowClass } from "../../components/admin/admin-ui.tsx";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/collections";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Collections");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await requirePermission(request, context, "content", "read");
  const deleted = new URL(request.url).searchParams.get("done") === "deleted";
  return data({ rows: await context.useCases.lookbook.listAdminCollections(), deleted, mayCreate: can(viewer.role, "content", "create") }, { headers: noStore });
}

export default function AdminCollections({ loaderData }: Route.ComponentProps) {
  const { rows, deleted: loaderDeleted, mayCreate } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const deleted = useDone(loaderDeleted);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminHeader title="Collections">
        {mayCreate ? (
          <p className="mt-4">
            <Link to="/admin/collections/new" className={primaryButton}>
              New collection
            </Link>
          </p>
        ) : null}
      </AdminHeader>
      {deleted ? (
        <div className="mt-4">
          <Notice tone="ok">The collection was deleted.</Notice>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-8 text-muted">No collections yet.</p>
      ) : (
        <ResponsiveTable caption="Collections" columns={["Name", "Season", "Products", "Looks", "Featured"]}>
          {rows.map((c) => (
            <tr key={c.id} className={rowClass}>
              <Cell label="Name">
                <Link to={`/admin/collections/${c.id}`} className="font-semibold underline">
                  {c.name}
                </Link>
              </Cell>
              <Cell label="Season">{c.season ?? "None"}</Cell>
              <Cell label="Products">{c.productCount}</Cell>
              <Cell label="Looks">{c.lookCount}</Cell>
              <Cell label="Featured">{c.featured ? "Yes" : "No"}</Cell>
            </tr>
          ))}
        </ResponsiveTable>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
