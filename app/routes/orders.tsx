import { data, useNavigation } from "react-router";
import { Link, metaIntl, useLocalePath, useT, type MessageId } from "../i18n/index.ts";
import { pageSchema, statusFilterSchema } from "../../core/orders/index.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../core/orders/rules.ts";
import { MemberErrorBoundary, guardedMeta } from "../components/account/auth-guard.tsx";
import { primaryButton, secondaryButton } from "../components/account/page-shell.tsx";
import { OrderCard } from "../components/orders/order-card.tsx";
import { STATUS_LABEL } from "../components/orders/status-badge.tsx";
import { requireViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/orders";
import { localizedRedirect } from "../lib/i18n.server.ts";
import { noStore } from "../lib/private-page.ts";

export const meta: Route.MetaFunction = (args) => guardedMeta(metaIntl(args.matches).formatMessage({ id: "orders.meta.title" }))(args);

/** The filter tabs (SPEC section 2, Orders), in the spec's order. */
const TABS: readonly { status: OrderStatus | null; label: MessageId }[] = [
  { status: null, label: "orders.filter.all" },
  ...ORDER_STATUSES.map((status) => ({ status, label: STATUS_LABEL[status] })),
];

function ordersUrl(status: OrderStatus | null, page = 1): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/orders?${query}` : "/orders";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Only the viewer's own orders: the id comes from the session, never from the request.
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const status = statusFilterSchema.parse(url.searchParams.get("status"));
  const page = pageSchema.parse(url.searchParams.get("page") ?? undefined);
  const list = await context.useCases.orders.listOrdersOfCustomer(viewer.id, { status, page });
  // A page past the end (an old link): the first page, rather than an empty list that looks like no orders.
  if (page > 1 && list.orders.length === 0) throw localizedRedirect(request, ordersUrl(status));
  return data({ status, ...list }, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireViewer(request, context);
  throw data(null, { status: 405 });
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { status, orders, page, hasMore } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const localePath = useLocalePath();
  // A tab (or page) change is loading: the list shown is the previous one's, so say so instead.
  const loading = navigation.state === "loading" && navigation.location.pathname === localePath("/orders");
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-display text-h1">{t("orders.heading")}</h1>
      <nav aria-label={t("orders.filter.label")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => {
            const current = tab.status === status;
            return (
              <li key={tab.label}>
                <Link
                  to={ordersUrl(tab.status)}
                  aria-current={current ? "page" : undefined}
                  preventScrollReset
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${current ? "border-ink bg-ink text-paper" : "border-line hover:bg-card"}`}
                >
                  {t(tab.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p role="status" aria-live="polite" className={loading ? "mt-10 text-center text-lg text-muted" : "sr-only"}>
        {loading ? t("orders.loading") : ""}
      </p>
      {loading ? null : orders.length === 0 ? (
        <div className="mt-10 rounded border border-line bg-card px-4 py-12 text-center">
          <p className="text-lg">{status ? t("orders.none.status", { status }) : t("orders.none.any")}</p>
          <p className="mt-6">
            <Link to="/shop" className={primaryButton}>
              {t("orders.startShopping")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <ul className="mt-8 space-y-6" aria-label={t("orders.list.label")}>
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          {page > 1 || hasMore ? (
            <nav aria-label={t("orders.more.label")} className="mt-8 flex flex-wrap justify-between gap-3">
              {page > 1 ? (
                <Link to={ordersUrl(status, page - 1)} className={secondaryButton}>
                  {t("orders.newer")}
                </Link>
              ) : (
                <span />
              )}
              {hasMore ? (
                <Link to={ordersUrl(status, page + 1)} className={secondaryButton}>
                  {t("orders.older")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
