import type { OrderStatus } from "../../../core/orders/rules.ts";
import { useT, type MessageId } from "../../i18n/index.ts";

/** The word a shopper reads for each status (the filter tabs, the badge, the history): core's ORDER_STATUS_LABEL, in the page's language. */
export const STATUS_LABEL: Readonly<Record<OrderStatus, MessageId>> = {
  pending: "orders.status.pending",
  processing: "orders.status.processing",
  shipped: "orders.status.shipped",
  delivered: "orders.status.delivered",
  cancelled: "orders.status.cancelled",
};

/** The dot only decorates: the word carries the status, so colour is never the only signal. */
const DOT: Record<OrderStatus, string> = {
  pending: "bg-muted",
  processing: "bg-gold",
  shipped: "bg-sky-500",
  delivered: "bg-ok",
  cancelled: "bg-danger",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-2 rounded-full border border-line bg-paper px-3 py-1 text-sm font-semibold" data-testid="order-status">
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${DOT[status]}`} />
      <span className="sr-only">{t("orders.status.prefix")} </span>
      {t(STATUS_LABEL[status])}
    </span>
  );
}
