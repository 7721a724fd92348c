import { useIntl } from "react-intl";
import type { OrderSummary } from "../../../core/orders/index.ts";
import { useLocale, useT } from "../../i18n/index.ts";
import { formatCents, itemLabel } from "../../lib/format.ts";
import { OrderActions, shippingText } from "./order-actions.tsx";
import { isoString, storeDate } from "../../lib/dates.ts";
import { StatusBadge } from "./status-badge.tsx";

/** One order in the history: number, date, status, total, items, tracking number, and what can be done with it. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const titleId = `order-${order.id}-title`;
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  return (
    <article aria-labelledby={titleId} className="rounded border border-line bg-card p-4 sm:p-6" data-testid="order-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="font-display text-h3">
            {t("orders.order.title", { number: order.number })}
          </h2>
          <p className="text-sm text-muted">
            {intl.formatMessage({ id: "orders.placed" }, { date: <time dateTime={isoString(order.createdAt)}>{storeDate(order.createdAt, locale)}</time> })}
          </p>
        </div>
        <StatusBadge status={order.status} />
      </div>
      <ul className="mt-4 divide-y divide-line" aria-label={t("orders.card.items", { number: order.number })}>
        {order.items.map((item, i) => (
          <li key={`${item.sku}-${i}`} className="flex items-center gap-3 py-2">
            <img src={item.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded bg-paper object-contain" />
            <p className="min-w-0 flex-1 break-words">{itemLabel(t, item)}</p>
            <p className="shrink-0 text-sm text-muted">{t("checkout.line.qty", { quantity: item.quantity })}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-1 gap-2 border-t border-line pt-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">{t("checkout.totals.total")}</dt>
          <dd className="text-base font-bold" data-testid="order-total">
            {formatCents(order.totalCents)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t("orders.card.itemCount")}</dt>
          <dd className="text-base font-semibold">{order.itemCount}</dd>
        </div>
        <div>
          <dt className="text-muted">{order.actions.shipping === "nothing_to_ship" ? t("orders.delivery") : t("orders.trackingNumber")}</dt>
          <dd className="break-words text-base font-semibold" data-testid="tracking-number">
            {shippingText(t, order)}
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        <OrderActions orderId={order.id} actions={order.actions} describedBy={titleId} />
      </div>
    </article>
  );
}
