import { data } from "react-router";
import { Link } from "../../i18n/index.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { AdminHeader, Cell, ResponsiveTable, rowClass } from "../../components/admin/admin-ui.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/raffles";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Raffles");
export const ErrorBoundary = AdminErrorBoundary;

const PHASE_LABEL = { upcoming: "Not open yet", open: "Taking entries", closed: "Closed, drawing", drawn: "Drawn, claims open", finished: "Finished" } as const;

/** Every raffle (ADR 0035), the latest to close first: where each stands, and a link to its product's raffle page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "products", "read");
  const rows = await context.useCases.raffles.listRaffles();
  return data(
    { rows: rows.map((r) => ({ ...r, opensAt: r.opensAt.toISOString(), closesAt: r.closesAt.toISOString() })) },
    { headers: noStore },
  );
}

export default function AdminRaffles({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminHeader title="Raffles">
        <p className="mt-1 text-sm">A raffle is made on its product&apos;s page: open a product, then its Raffle link.</p>
      </AdminHeader>
      {loaderData.rows.length === 0 ? (
        <p className="mt-8 text-muted">No raffles yet.</p>
      ) : (
        <ResponsiveTable caption="Raffles" columns={["Product", "Entries", "Status", "Entries taken", "Winners"]}>
          {loaderData.rows.map((r) => (
            <tr key={r.productId} className={rowClass}>
              <Cell label="Product">
                <Link to={`/admin/products/${r.productId}/raffle`} className="font-semibold underline">
                  {r.productName}
                </Link>
              </Cell>
              <Cell label="Entries">
                {storeDateTime(r.opensAt)} to {storeDateTime(r.closesAt)}
              </Cell>
              <Cell label="Status">{PHASE_LABEL[r.phase]}</Cell>
              <Cell label="Entries taken">{r.entries}</Cell>
              <Cell label="Winners">{r.winners}</Cell>
            </tr>
          ))}
        </ResponsiveTable>
      )}
    </div>
  );
}
