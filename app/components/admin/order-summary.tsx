import type { AdminOrderDetail } from "../../../core/admin/index.ts";
import { describeItem } from "../../../core/orders/rules.ts";
import type { PostalAddress } from "../../../core/orders/index.ts";
import { Section } from "../account/page-shell.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { formatCents } from "../../lib/format.ts";

function Address({ title, address }: { title: string; address: PostalAddress }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <address className="mt-1 break-words not-italic">
        {address.name}
        <br />
        {address.street}
        <br />
        {[address.city, [address.state, address.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
        <br />
        {address.country}
      </address>
    </div>
  );
}

/** Who ordered, and where it goes and is billed. */
export function OrderCustomer({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Customer" id="customer">
      <p>{order.customer.name}</p>
      <p className="break-all">{order.customerEmail}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {order.shippingAddress ? (
          <Address title="Shipping address" address={order.shippingAddress} />
        ) : (
          <div>
            <h3 className="font-semibold">Shipping address</h3>
            <p className="mt-1" data-testid="nothing-to-ship">
              None: nothing in this order ships (its tickets were sent by email).
            </p>
          </div>
        )}
        <Address title="Billing address" address={order.billingAddress} />
      </div>
    </Section>
  );
}

/** How it was paid: the totals, what was refunded, and each refund. */
export function OrderPayment({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Payment" id="payment">
      <dl className="grid grid-cols-2 gap-1">
        <dt>Provider</dt>
        <dd className="capitalize">{order.payment.provider}</dd>
        <dt>Card</dt>
        <dd>{order.payment.method}</dd>
        <dt>Subtotal</dt>
        <dd>{formatCents(order.subtotalCents)}</dd>
        <dt>Tax</dt>
        <dd>{formatCents(order.taxCents)}</dd>
        <dt>Shipping</dt>
        <dd>{order.shippingCents === 0 ? "Free" : formatCents(order.shippingCents)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="font-semibold">{formatCents(order.totalCents)}</dd>
        <dt>Refunded</dt>
        <dd data-testid="refunded-total">{formatCents(order.refundedCents)}</dd>
      </dl>
      {order.refunds.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Refunds">
          {order.refunds.map((r) => (
            <li key={r.id}>
              {formatCents(r.amountCents)} {r.status === "refunding" ? "(in progress)" : ""} by {r.actorEmail}, {storeDateTime(r.createdAt)}
              {r.restocked ? ", restocked" : ""}
              {r.providerRefundId ? ` · ${r.providerRefundId}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

/** The order's lines as they were sold (snapshots), with what was refunded of each. */
export function OrderItems({ order }: { order: AdminOrderDetail }) {
  return (
    <Section title="Items" id="items" className="mt-6">
      <ul className="divide-y divide-line">
        {order.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap justify-between gap-2 py-3">
            <div>
              <p className="font-semibold">{describeItem(l)}</p>
              <p className="text-sm text-muted">
                SKU {l.sku} · {l.quantity} x {formatCents(l.unitPriceCents)}
                {l.refundedQuantity > 0 ? ` · ${l.refundedQuantity} refunded` : ""}
              </p>
            </div>
            <p className="font-semibold">{formatCents(l.lineTotalCents)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
