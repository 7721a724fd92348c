import { Form } from "../../i18n/index.ts";
import type { AdminOrderDetail } from "../../../core/admin/index.ts";
import { describeItem } from "../../../core/orders/rules.ts";
import { inputClass, labelClass, primaryButton, Section } from "../account/page-shell.tsx";
import { formatCents } from "../../lib/format.ts";
import { FieldError } from "./order-field-error.tsx";

/** The refund form: everything, chosen units or an amount, optionally restocked; refundKey makes a form sent twice refund once. */
export function OrderRefund({ order, refundKey, errors }: { order: AdminOrderDetail; refundKey: string; errors: Record<string, string> }) {
  return (
    <Section title="Refund" id="refund" className="mt-6">
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="key" value={refundKey} />
        <fieldset>
          <legend className={labelClass}>What to refund</legend>
          <div className="space-y-2">
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="mode" value="full" defaultChecked /> Everything still unrefunded ({formatCents(order.totalCents - order.refundedCents)})
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="mode" value="lines" /> The units chosen below (with their tax)
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="mode" value="amount" /> An amount
            </label>
          </div>
          <FieldError id="mode-error" message={errors.mode} />
        </fieldset>
        <ul className="space-y-2">
          {order.lines.map((l) => (
            <li key={l.id}>
              <label htmlFor={`qty_${l.id}`} className="text-sm">
                Units of {describeItem(l)} to refund (at most {l.quantity - l.refundedQuantity})
              </label>
              <input id={`qty_${l.id}`} name={`qty_${l.id}`} type="number" min={0} max={l.quantity - l.refundedQuantity} defaultValue={0} className={`${inputClass} max-w-32`} />
            </li>
          ))}
        </ul>
        <FieldError id="lines-error" message={errors.lines} />
        <div>
          <label htmlFor="amount" className={labelClass}>
            Amount in dollars
          </label>
          <input id="amount" name="amount" inputMode="decimal" className={`${inputClass} max-w-40`} aria-invalid={errors.amountCents ? true : undefined} aria-describedby={errors.amountCents ? "amount-error" : undefined} />
          <FieldError id="amount-error" message={errors.amountCents} />
        </div>
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="restock" /> Put the refunded units back in stock
        </label>
        <FieldError id="key-error" message={errors.key} />
        <button type="submit" className={primaryButton}>
          Refund…
        </button>
      </Form>
    </Section>
  );
}
