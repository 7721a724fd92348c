import { Form } from "../../i18n/index.ts";
import type { AdminOrderDetail } from "../../../core/admin/index.ts";
import { inputClass, labelClass, primaryButton, Section } from "../account/page-shell.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { FieldError } from "./order-field-error.tsx";

/** Each status the order took, when and by whom. */
export function OrderHistory({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Status history" id="history">
      <ol className="space-y-2">
        {order.history.map((h, i) => (
          <li key={i}>
            <span className="font-semibold capitalize">{h.toStatus}</span> · {storeDateTime(h.createdAt)} · {h.actor}
            {h.note ? <span className="block text-sm text-muted">{h.note}</span> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** The staff's notes on the order, and the form that adds one. */
export function OrderNotes({ order, errors }: { order: AdminOrderDetail; errors: Record<string, string> }) {
  return (
    <Section title="Internal notes" id="notes">
      {order.notes.length === 0 ? <p className="text-muted">No notes yet.</p> : null}
      <ol className="space-y-3">
        {order.notes.map((n) => (
          <li key={n.id} className="rounded border border-line p-3">
            <p className="whitespace-pre-wrap break-words">{n.body}</p>
            <p className="mt-1 text-sm text-muted">
              {n.authorEmail} · {storeDateTime(n.createdAt)}
            </p>
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-4" noValidate>
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="body" className={labelClass}>
          Add a note
        </label>
        <textarea id="body" name="body" rows={3} className={`${inputClass} h-auto py-2`} aria-invalid={errors.body ? true : undefined} aria-describedby={errors.body ? "body-error" : undefined} />
        <FieldError id="body-error" message={errors.body} />
        <button type="submit" className={`${primaryButton} mt-2`}>
          Add note
        </button>
      </Form>
    </Section>
  );
}
