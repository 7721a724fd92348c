import type { ReactNode } from "react";

/** Shared look of the account pages. */
export const inputClass = "h-11 w-full rounded border border-line bg-card px-3";
export const labelClass = "mb-1 block text-sm font-semibold";
export const primaryButton = "inline-flex min-h-11 items-center justify-center rounded bg-ink px-5 py-2 font-semibold text-paper disabled:opacity-60";
export const secondaryButton = "inline-flex min-h-11 items-center justify-center rounded border border-line px-5 py-2 font-semibold hover:bg-card";

export function Section({ title, id, children, className = "" }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`rounded border border-line bg-card p-4 sm:p-6 ${className}`}>
      <h2 id={id} className="font-display text-h3">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A green success or red failure note; announced to screen readers. */
export function Notice({ tone, children, id }: { tone: "ok" | "error"; children: ReactNode; id?: string }) {
  return tone === "ok" ? (
    <p role="status" id={id} className="rounded border border-ok px-3 py-2 text-ok">
      {children}
    </p>
  ) : (
    <p role="alert" id={id} className="rounded border border-danger px-3 py-2 text-danger">
      {children}
    </p>
  );
}

