import { ORDER_STATUS_LABEL, type OrderStatus } from "../../../core/orders/rules.ts";

/** The dot only decorates: the word carries the status, so colour is never the only signal. */
const DOT: Record<OrderStatus, string> = {
  pending: "bg-muted",
  processing: "bg-gold",
  shipped: "bg-sky-500",
  delivered: "bg-ok",
  cancelled: "bg-danger",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className="inline-flex items-center gap-2 rounded-full border border-line bg-paper px-3 py-1 text-sm font-semibold" data-testid="order-status">
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${DOT[status]}`} />
      <span className="sr-only">Status: </span>
      {ORDER_STATUS_LABEL[status]}
    </span>
  );
}
