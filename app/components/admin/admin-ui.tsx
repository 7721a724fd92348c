import type { ReactNode } from "react";
import { Form, Link } from "../../i18n/index.ts";
import { primaryButton, secondaryButton } from "../account/page-shell.tsx";

/** Shared pieces of the back-office list and detail pages. */

export function AdminHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="underline">
          Admin Dashboard
        </Link>
      </nav>
      <h1 className="font-display mt-2 text-3xl sm:text-4xl">{title}</h1>
      {children}
    </div>
  );
}

/**
 * The back office's one table kit: a table on wider screens; below 640 px the header row is hidden and
 * each row (rowClass) becomes a card whose cells name their column in text beside the value, so a 360 px
 * screen never scrolls sideways.
 */
export function ResponsiveTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <table className="mt-6 w-full border-collapse text-left text-sm max-sm:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-sm:hidden">
        <tr className="border-b border-line">
          {columns.map((c) => (
            <th key={c} scope="col" className="px-2 py-2 font-semibold">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-sm:block max-sm:space-y-3">{children}</tbody>
    </table>
  );
}

export const rowClass = "border-b border-line align-top max-sm:block max-sm:rounded max-sm:border max-sm:bg-card max-sm:p-3";

export function Cell({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={`px-2 py-2 max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-1 ${className}`}>
      <span className="font-semibold sm:hidden">{label}</span>
      <span className="max-sm:text-right max-sm:break-all">{children}</span>
    </td>
  );
}

/** Previous / next links that keep the page's filters. */
export function Pager({ page, pages, total, search, noun, nouns = `${noun}s` }: { page: number; pages: number; total: number; search: string; noun: string; nouns?: string }) {
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    params.delete("done");
    params.set("page", String(p));
    return `?${params.toString()}`;
  };
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted">
        {total} {total === 1 ? noun : nouns} · page {page} of {pages}
      </p>
      <p className="flex gap-3">
        {page > 1 ? (
          <Link to={href(page - 1)} className={secondaryButton} rel="prev">
            Previous page
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={href(page + 1)} className={secondaryButton} rel="next">
            Next page
          </Link>
        ) : null}
      </p>
    </nav>
  );
}

/**
 * The second step of a destructive action: the server answered the first press with what it is about
 * to do, and this form sends it again with confirmed=yes. Works without JavaScript.
 */
export function ConfirmStep({ question, fields, confirmLabel, cancelTo }: { question: string; fields: Record<string, string>; confirmLabel: string; cancelTo: string }) {
  return (
    <div role="alertdialog" aria-labelledby="confirm-question" className="mt-6 rounded border-2 border-danger bg-card p-4">
      <p id="confirm-question" className="font-semibold">
        {question}
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className={primaryButton}>
          {confirmLabel}
        </button>
        <Link to={cancelTo} className={secondaryButton}>
          Cancel
        </Link>
      </Form>
    </div>
  );
}

export const selectClass = "h-11 w-full rounded border border-line bg-card px-3";
