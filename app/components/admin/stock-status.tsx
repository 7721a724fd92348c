import { STOCK_STATUS_LABEL, type StockStatus } from "../../../core/inventory/rules.ts";

const TONE: Record<StockStatus, string> = {
  in_stock: "border-ok text-ok",
  low: "border-gold text-ink",
  out: "border-danger text-danger",
};

/** A variant's stock status (in stock, low, out) as a small coloured label. Tables use admin-ui.tsx's kit. */
export function StockStatusBadge({ status }: { status: StockStatus }) {
  return <span className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}>{STOCK_STATUS_LABEL[status]}</span>;
}
