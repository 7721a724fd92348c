import type { ReactNode } from "react";
import { Link } from "react-router";
import { secondaryButton } from "../account/page-shell.tsx";
import { STOCK_STATUS_LABEL, type StockStatus } from "../../../core/inventory/rules.ts";

const TONE: Record<StockStatus, string> = {
  in_stock: "border-ok text-ok",
  low: "border-gold text-ink",
  out: "border-danger text-danger",
};

export function StockStatusBadge({ status }: { status: StockStatus }) {
  return <span className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}>{STOCK_STATUS_LABEL[status]}</span>;
}

/**
 * Responsive table parts: a table on wide screens, a stack of cards at phone widths (each cell then
 * shows its column's name beside its value, the header row being hidden there).
 */
export const cardTable = {
  table: "block w-full text-left text-sm sm:table",
  head: "hidden sm:table-header-group",
  body: "block space-y-3 sm:table-row-group sm:space-y-0",
  row: "block rounded border border-line p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:p-0",
  th: "px-2 py-2 font-semibold sm:table-cell",
};

export function Cell({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={`flex justify-between gap-3 py-1 sm:table-cell sm:px-2 sm:py-2 ${className}`}>
      <span className="font-semibold text-muted sm:hidden">
        {label}
      </span>
      <span>{children}</span>
    </td>
  );
}

/** Previous / next links of a paged admin list. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={secondaryButton} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={secondaryButton} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

