import { data } from "react-router";
import { Link } from "../../i18n/index.ts";
import { can } from "../../../core/admin/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { secondaryButton, Section } from "../../components/account/page-shell.tsx";
import { storeDate } from "../../lib/dates.ts";
import { formatCents } from "../../lib/format.ts";
import { requireAdmin } from "../../lib/session.server.ts";
import type { Route } from "./+types/home";
import { noStore } from "../../lib/private-page.ts";

export const meta: Route.MetaFunction = guardedMeta("Admin");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const role = viewer.role;
  try {
    return data({ stats: await context.useCases.admin.getAdminStats(), failed: false, role }, { headers: noStore });
  } catch (error) {
    // SPEC section 8: logged, and the page shows empty sections.
    context.log.error({ err: error }, "Failed to load admin data");
    const stats = { totalRevenueCents: 0, totalOrders: 0, totalCustomers: 0, totalProducts: 0, recentOrders: [], criticalAlerts: [], criticalAlertCount: 0 };
    return data({ stats, failed: true, role }, { headers: noStore });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  throw data(null, { status: 405 });
}

const QUICK_ACTIONS = [
  { to: "/admin/orders", label: "Manage Orders" },
  { to: "/admin/products", label: "Products", permission: ["products", "read"] },
  { to: "/admin/inventory", label: "Inventory", permission: ["inventory", "read"] },
  { to: "/admin/raffles", label: "Raffles", permission: ["products", "read"] },
  { to: "/admin/users", label: "Users", permission: ["users", "read"] },
  { to: "/analytics", label: "View Analytics", permission: ["analytics", "read"] },
  { to: "/admin/reviews", label: "Reviews", permission: ["reviews", "read"] },
  { to: "/admin/events", label: "Events and check-in", permission: ["events", "read"] },
  { to: "/admin/audit", label: "Audit log", permission: ["audit", "read"] },
  { to: "/admin/mail", label: "Kept mail", permission: ["mail", "read"] },
  { to: "/admin/articles", label: "Stories", permission: ["content", "read"] },
  { to: "/admin/collections", label: "Collections and looks", permission: ["content", "read"] },
  { to: "/admin/music", label: "Music", permission: ["content", "read"] },
  { to: "/admin/newsletter", label: "Newsletter", permission: ["newsletter", "read"] },
  { to: "/admin/currency", label: "Currency rates", permission: ["settings", "read"] },
] as const;

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { stats, role } = loaderData;
  const actions = QUICK_ACTIONS.filter((a) => !("permission" in a) || can(role, a.permission[0], a.permission[1]));
  const cards = [
    { label: "Total revenue", value: formatCents(stats.totalRevenueCents) },
    { label: "Orders", value: String(stats.totalOrders) },
    { label: "Customers", value: String(stats.totalCustomers) },
    { label: "Products", value: String(stats.totalProducts) },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl">Admin Dashboard</h1>
      <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Store figures">
        {cards.map((card) => (
          <li key={card.label} className="rounded border border-line bg-card p-4">
            <p className="text-sm text-muted">{card.label}</p>
            <p className="font-display mt-1 text-3xl">{card.value}</p>
          </li>
        ))}
      </ul>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Section title="Recent Orders" id="recent-orders">
          {stats.recentOrders.length === 0 ? (
            <p className="text-muted">No orders yet</p>
          ) : (
            <ul className="divide-y divide-line">
              {stats.recentOrders.map((order) => (
                <li key={order.id} className="flex flex-wrap justify-between gap-2 py-3">
                  <div>
                    <p className="font-semibold">
                      <Link to={`/admin/orders/${order.id}`} className="underline">
                        {order.number}
                      </Link>
                    </p>
                    <p className="text-sm text-muted">
                      {order.customerEmail} · {storeDate(order.createdAt)}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="font-semibold">{formatCents(order.totalCents)}</p>
                    <p className="text-sm capitalize">{order.status}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Critical Alerts" id="critical-alerts">
          {stats.criticalAlerts.length === 0 ? (
            <p className="text-muted">No critical alerts</p>
          ) : (
            <ul className="space-y-3">
              {stats.criticalAlerts.map((alert) => (
                <li key={alert.variantId} className="rounded border border-danger p-3">
                  <p className="font-semibold">
                    <Link to={`/admin/inventory/${alert.variantId}`} className="underline">
                      {alert.productName}
                    </Link>
                  </p>
                  {alert.variantDetails ? <p className="text-sm">{alert.variantDetails}</p> : null}
                  <p className="text-sm font-semibold text-danger">Out of stock</p>
                  <p className="text-xs text-muted">SKU {alert.sku}</p>
                </li>
              ))}
            </ul>
          )}
          {stats.criticalAlertCount > 0 ? (
            <p className="mt-3 text-sm" data-testid="critical-alert-count">
              {stats.criticalAlertCount === stats.criticalAlerts.length
                ? `${stats.criticalAlertCount} open ${stats.criticalAlertCount === 1 ? "alert" : "alerts"} of high severity.`
                : `The newest ${stats.criticalAlerts.length} of ${stats.criticalAlertCount} open alerts of high severity.`}{" "}
              <Link to="/admin/inventory#alerts" className="underline">
                All alerts in Inventory
              </Link>
            </p>
          ) : null}
        </Section>
      </div>

      <section aria-labelledby="admin-actions" className="mt-8">
        <h2 id="admin-actions" className="font-display text-xl">
          Quick actions
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {actions.map((action) => (
            <li key={action.label}>
              <Link to={action.to} className={`${secondaryButton} w-full`}>
                {action.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
