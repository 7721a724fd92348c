import { data, Link } from "react-router";
import { z } from "zod";
import { MemberErrorBoundary, guardedMeta } from "../components/account/auth-guard.tsx";
import { primaryButton } from "../components/account/page-shell.tsx";
import { requireViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = guardedMeta("Orders");

const STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
const TABS = [
  { status: null, label: "All" },
  { status: "pending", label: "Pending" },
  { status: "processing", label: "Processing" },
  { status: "shipped", label: "Shipped" },
  { status: "delivered", label: "Delivered" },
  { status: "cancelled", label: "Cancelled" },
] as const;

const statusSchema = z.enum(STATUSES).nullable().catch(null);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer(request, context);
  const status = statusSchema.parse(new URL(request.url).searchParams.get("status"));
  // The orders module plugs in here: the viewer's own orders (viewer.id from the session), filtered by status.
  return data({ status, orders: [] as never[] }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireViewer(request, context);
  throw data(null, { status: 405 });
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { status, orders } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl">Order History</h1>
      <nav aria-label="Filter orders by status" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => {
            const current = tab.status === status;
            return (
              <li key={tab.label}>
                <Link
                  to={tab.status ? `/orders?status=${tab.status}` : "/orders"}
                  aria-current={current ? "page" : undefined}
                  preventScrollReset
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${current ? "border-ink bg-ink text-paper" : "border-line hover:bg-card"}`}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {orders.length === 0 ? (
        <div className="mt-10 rounded border border-line bg-card px-4 py-12 text-center">
          <p className="text-lg">{status ? `No ${status} orders found.` : "You haven't placed any orders yet."}</p>
          <p className="mt-6">
            <Link to="/shop" className={primaryButton}>
              Start Shopping
            </Link>
          </p>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
