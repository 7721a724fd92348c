import { Form } from "../../i18n/index.ts";
import type { AdminOrderDetail } from "../../../core/admin/index.ts";
import { CARRIERS } from "../../../core/orders/inputs.ts";
import { canTransition } from "../../../core/orders/rules.ts";
import { inputClass, labelClass, primaryButton, secondaryButton, Section } from "../account/page-shell.tsx";
import { FieldError } from "./order-field-error.tsx";

/** The tracking number, and the status changes the order may take next: ship (carrier and tracking number), deliver, cancel. */
export function OrderShipment({ order, errors }: { order: AdminOrderDetail; errors: Record<string, string> }) {
  return (
    <Section title="Shipment" id="shipment" className="mt-6">
      {order.trackingNumber ? (
        <p>
          {order.carrier ?? "Carrier"} tracking number <strong data-testid="admin-tracking-number">{order.trackingNumber}</strong>
        </p>
      ) : null}
      {canTransition(order.status, "shipped") ? (
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start" noValidate>
          <input type="hidden" name="intent" value="ship" />
          <div>
            <label htmlFor="carrier" className={labelClass}>
              Carrier
            </label>
            <select id="carrier" name="carrier" className={inputClass} aria-invalid={errors.carrier ? true : undefined} aria-describedby={errors.carrier ? "carrier-error" : undefined} defaultValue="">
              <option value="">Choose…</option>
              {CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <FieldError id="carrier-error" message={errors.carrier} />
          </div>
          <div>
            <label htmlFor="trackingNumber" className={labelClass}>
              Tracking number
            </label>
            <input id="trackingNumber" name="trackingNumber" className={inputClass} required aria-invalid={errors.trackingNumber ? true : undefined} aria-describedby={errors.trackingNumber ? "tracking-error" : undefined} />
            <FieldError id="tracking-error" message={errors.trackingNumber} />
          </div>
          <button type="submit" className={`${primaryButton} sm:mt-6`}>
            Mark shipped
          </button>
        </Form>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        {canTransition(order.status, "delivered") ? (
          <Form method="post">
            <input type="hidden" name="intent" value="deliver" />
            <button type="submit" className={primaryButton}>
              Mark delivered
            </button>
          </Form>
        ) : null}
        {canTransition(order.status, "cancelled") ? (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className={secondaryButton}>
              Cancel order…
            </button>
          </Form>
        ) : null}
      </div>
    </Section>
  );
}
