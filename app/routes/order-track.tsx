import { data } from "react-router";
import { Link } from "../i18n/index.ts";
import { shipmentTimeline } from "../../core/orders/rules.ts";
import { MemberErrorBoundary } from "../components/account/auth-guard.tsx";
import { secondaryButton, Section } from "../components/account/page-shell.tsx";
import { isoString, storeDateTime } from "../lib/dates.ts";
import { StatusBadge } from "../components/orders/status-badge.tsx";
import { noStore, requireOwnOrder } from "../lib/orders.server.ts";
import { orderMeta } from "../components/orders/order-meta.ts";
import type { Route } from "./+types/order-track";

export const meta: Route.MetaFunction = orderMeta((number) => `Track order ${number}`);

/** Track Package: where the shipment is, read from the order's status history, and its tracking number. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { order } = await requireOwnOrder(request, context, params.id);
  return data(
    {
      order: { id: order.id, number: order.number, status: order.status, trackingNumber: order.trackingNumber, carrier: order.carrier, shippingAddress: order.shippingAddress },
      steps: shipmentTimeline(order.status, order.history),
    },
    { headers: noStore },
  );
}

const MARK = { done: "✓", current: "●", upcoming: "○" } as const;
const STATE_TEXT = { done: "Completed", current: "Current step", upcoming: "Not yet" } as const;

export default function TrackOrder({ loaderData }: Route.ComponentProps) {
  const { order, steps } = loaderData;
  const cancelled = order.status === "cancelled";
  // Tickets only: delivered by email when paid, with nothing to ship.
  const nothingToShip = order.status === "delivered" && !order.trackingNumber;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p>
        <Link to={`/orders/${order.id}`} className="underline">
          Back to order {order.number}
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-display text-h1">Track Package</h1>
          <p className="mt-1 text-muted">Order {order.number}</p>
        </div>
        <StatusBadge status={order.status} />
      </div>

      <div className="mt-8 space-y-6">
        <Section title="Tracking number" id="tracking-heading">
          {order.trackingNumber ? (
            <>
              <p className="break-all text-lg font-bold" data-testid="tracking-number">
                {order.trackingNumber}
              </p>
              {order.carrier ? <p data-testid="carrier">Carrier: {order.carrier}</p> : null}
            </>
          ) : (
            <p data-testid="tracking-number">
              {cancelled
                ? "This order was cancelled before it shipped, so there is nothing to track."
                : nothingToShip
                  ? "Nothing to ship: your tickets were sent by email."
                  : "Not shipped yet. The tracking number appears here as soon as your order ships."}
            </p>
          )}
          {!cancelled && !nothingToShip ? (
            <p className="mt-2 break-words text-sm text-muted">
              Shipping to {order.shippingAddress.name}, {[order.shippingAddress.city, order.shippingAddress.state].filter(Boolean).join(", ") || order.shippingAddress.country}
            </p>
          ) : null}
        </Section>

        <Section title="Shipment progress" id="timeline-heading">
          <ol className="space-y-4" data-testid="shipment-timeline">
            {steps.map((step) => (
              <li key={step.status} className="flex gap-3" aria-current={step.state === "current" ? "step" : undefined} data-state={step.state}>
                <span
                  aria-hidden="true"
                  className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 font-bold ${step.state === "upcoming" ? "border-line text-muted" : "border-ink bg-ink text-paper"}`}
                >
                  {MARK[step.state]}
                </span>
                <div className="min-w-0">
                  <p className={step.state === "upcoming" ? "font-semibold text-muted" : "font-semibold"}>
                    {step.label}
                    <span className="sr-only">: {STATE_TEXT[step.state]}</span>
                  </p>
                  {step.at ? (
                    <p className="text-sm text-muted">
                      <time dateTime={isoString(step.at)}>{storeDateTime(step.at)}</time>
                    </p>
                  ) : null}
                  {step.note ? <p className="text-sm break-words">{step.note}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        </Section>
      </div>

      <p className="mt-8 flex flex-wrap gap-3">
        <Link to={`/orders/${order.id}`} className={secondaryButton}>
          View Details
        </Link>
        <Link to="/orders" className={secondaryButton}>
          All orders
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
