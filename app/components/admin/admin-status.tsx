import { ORDER_STATUS_LABEL, type OrderStatus } from "../../../core/orders/rules.ts";

/** The admin list's statuses: the order statuses and "completed", which the spec's admin list also colours. */
export type AdminStatus = OrderStatus | "completed";

/** Colours of the admin list (the dot decorates; the word carries the status). */
export const ADMIN_STATUS_DOT: Record<AdminStatus, string> = {
  pending: "bg-muted",
  processing: "bg-gold",
  shipped: "bg-sky-500",
  delivered: "bg-ok",
  completed: "bg-emerald-700",
  cancelled: "bg-danger",
};

export const ADMIN_STATUS_LABEL: Record<AdminStatus, string> = { ...ORDER_STATUS_LABEL, completed: "Completed" };

export function AdminStatusBadge({ status }: { status: AdminStatus }) {
  return (
    <span className="inline-flex items-center gap-2 rounded-full border border-line bg-paper px-3 py-1 text-sm font-semibold" data-testid="admin-order-status">
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${ADMIN_STATUS_DOT[status]}`} />
      <span className="sr-only">Status: </span>
      {ADMIN_STATUS_LABEL[status]}
    </span>
  );
}
