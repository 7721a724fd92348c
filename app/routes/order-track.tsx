import { data } from "react-router";
import { Link, useLocale, useT, type MessageId } from "../i18n/index.ts";
import { shipmentTimeline, type OrderStatus } from "../../core/orders/rules.ts";
import { MemberErrorBoundary } from "../components/account/auth-guard.tsx";
import { secondaryButton, Section } from "../components/account/page-shell.tsx";
import { isoString, storeDateTime } from "../lib/dates.ts";
import { STATUS_LABEL, StatusBadge } from "../components/orders/status-badge.tsx";
import { noStore, requireOwnOrder } from "../lib/orders.server.ts";
import { countryName } from "../lib/format.ts";
import { orderMeta } from "../components/orders/order-meta.ts";
import type { Route } from "./+types/order-track";

export const meta: Route.MetaFunction = orderMeta("orders.track.metaTitle");

/**
 * Track Package: where the shipment is, read from the order's status history, and its tracking number. An
 * order with no package to track (tickets only, or cancelled: core's orderActions) is told so instead.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { order } = await requireOwnOrder(request, context, params.id);
  return data(
    {
      order: { id: order.id, number: order.number, status: order.status, trackingNumber: order.trackingNumber, carrier: order.carrier, shippingAddress: order.shippingAddress, actions: order.actions },
      steps: order.actions.track ? shipmentTimeline(order.status, order.history) : [],
    },
    { headers: noStore },
  );
}

type TrackedOrder = Route.ComponentProps["loaderData"]["order"];

/** The way back to the order, the page's heading, the order's number and its status. */
function TrackHeading({ order, heading }: { order: TrackedOrder; heading: string }) {
  const t = useT();
  return (
    <>
      <p>
        <Link to={`/orders/${order.id}`} className="underline">
          {t("orders.track.back", { number: order.number })}
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-display text-h1">{heading}</h1>
          <p className="mt-1 text-muted">{t("orders.order.title", { number: order.number })}</p>
        </div>
        <StatusBadge status={order.status} />
      </div>
    </>
  );
}

/** The ways on from a tracking page: the order's details, all orders. */
function TrackLinks({ order }: { order: TrackedOrder }) {
  const t = useT();
  return (
    <p className="mt-8 flex flex-wrap gap-3">
      <Link to={`/orders/${order.id}`} className={secondaryButton}>
        {t("orders.viewDetails")}
      </Link>
      <Link to="/orders" className={secondaryButton}>
        {t("orders.track.allOrders")}
      </Link>
    </p>
  );
}

/** Nothing to track: the order holds only tickets (sent by email), or it was cancelled before shipping. */
function NothingToTrack({ order }: { order: TrackedOrder }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <TrackHeading order={order} heading={t("orders.track.nothingHeading")} />
      <p className="mt-8 text-lg" data-testid="nothing-to-track">
        {order.actions.shipping === "cancelled" ? t("orders.track.cancelled") : t("orders.track.nothingTickets")}
      </p>
      <TrackLinks order={order} />
    </div>
  );
}

const MARK = { done: "✓", current: "●", upcoming: "○" } as const;
const STATE_TEXT = { done: "orders.track.done", current: "orders.track.current", upcoming: "orders.track.upcoming" } as const satisfies Record<string, MessageId>;

/** The timeline's words: core's TIMELINE_LABEL (Order placed, then the statuses), in the page's language. */
const STEP_LABEL: Readonly<Record<OrderStatus, MessageId>> = { ...STATUS_LABEL, pending: "orders.track.placed" };

export default function TrackOrder({ loaderData }: Route.ComponentProps) {
  const { order, steps } = loaderData;
  const t = useT();
  const locale = useLocale();
  if (!order.actions.track) return <NothingToTrack order={order} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <TrackHeading order={order} heading={t("orders.trackPackage")} />

      <div className="mt-8 space-y-6">
        <Section title={t("orders.trackingNumber")} id="tracking-heading">
          {order.trackingNumber ? (
            <>
              <p className="break-all text-lg font-bold" data-testid="tracking-number">
                {order.trackingNumber}
              </p>
              {order.carrier ? <p data-testid="carrier">{t("orders.carrier", { carrier: order.carrier })}</p> : null}
            </>
          ) : (
            <p data-testid="tracking-number">{t("orders.track.notShipped")}</p>
          )}
          {order.shippingAddress ? (
            <p className="mt-2 break-words text-sm text-muted">
              {t("orders.track.shippingTo", {
                name: order.shippingAddress.name,
                place: [order.shippingAddress.city, order.shippingAddress.state].filter(Boolean).join(", ") || countryName(locale, order.shippingAddress.country),
              })}
            </p>
          ) : null}
        </Section>

        <Section title={t("orders.track.progress")} id="timeline-heading">
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
                    {t(STEP_LABEL[step.status])}
                    <span className="sr-only">: {t(STATE_TEXT[step.state])}</span>
                  </p>
                  {step.at ? (
                    <p className="text-sm text-muted">
                      <time dateTime={isoString(step.at)}>{storeDateTime(step.at, locale)}</time>
                    </p>
                  ) : null}
                  {step.note ? <p className="text-sm break-words">{step.note}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        </Section>
      </div>

      <TrackLinks order={order} />
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
