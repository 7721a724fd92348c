import { data } from "react-router";
import { Link } from "../i18n/index.ts";
import { z } from "zod";
import { orderIdSchema, OrderError, reorder, type ReorderResult } from "../../core/orders/index.ts";
import { ORDER_STATUS_LABEL } from "../../core/orders/rules.ts";
import type { PostalAddress } from "../../db/schema/orders.ts";
import { MemberErrorBoundary } from "../components/account/auth-guard.tsx";
import { Notice, Section } from "../components/account/page-shell.tsx";
import { OrderTotals } from "../components/checkout/order-summary.tsx";
import { OrderActions } from "../components/orders/order-actions.tsx";
import { isoString, storeDateTime } from "../lib/dates.ts";
import { StatusBadge } from "../components/orders/status-badge.tsx";
import { ensureCartId } from "../lib/cart.server.ts";
import { readForm } from "../lib/form.server.ts";
import { formatCents } from "../lib/format.ts";
import { noStore, orderNotFoundResponse, requireOwnOrder } from "../lib/orders.server.ts";
import { orderMeta } from "../components/orders/order-meta.ts";
import { domainErrorReply } from "../lib/domain-errors.server.ts";
import { requireViewer } from "../lib/session.server.ts";
import { formatTicketCode, qrDataUrl, ticketsOfOrder } from "../../core/events/index.ts";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = orderMeta((number) => `Order ${number}`);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { order } = await requireOwnOrder(request, context, params.id);
  const tickets = await Promise.all(
    (await ticketsOfOrder(context.db, order.id)).map(async (t) => ({
      ...t,
      code: formatTicketCode(t.code),
      qr: t.status === "valid" ? await qrDataUrl(t.code) : null,
      startsAt: t.startsAt.toISOString(),
      endsAt: t.endsAt.toISOString(),
      checkedInAt: t.checkedInAt?.toISOString() ?? null,
    })),
  );
  return data({ order, tickets }, { headers: noStore });
}

export type OrderActionData = ({ kind: "reordered" } & ReorderResult) | { kind: "error"; message: string };

const intentSchema = z.literal("reorder");

/** Reorder: the order's still-available items go back into the viewer's own cart. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const orderId = orderIdSchema.safeParse(params.id);
  if (!orderId.success) throw orderNotFoundResponse();
  if (!intentSchema.safeParse(form.intent).success) {
    return data<OrderActionData>({ kind: "error", message: "Unknown order action." }, { status: 400, headers: noStore });
  }
  try {
    const { cartId } = await ensureCartId(request, context);
    const result = await reorder(context.db, { userId: viewer.id, orderId: orderId.data, cartId });
    return data<OrderActionData>({ kind: "reordered", ...result }, { headers: noStore });
  } catch (error) {
    if (error instanceof OrderError && error.code === "orders.not_found") throw orderNotFoundResponse();
    return domainErrorReply(error, (e): OrderActionData => ({ kind: "error", message: e.message }), { headers: noStore });
  }
}

function Address({ address }: { address: PostalAddress }) {
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return (
    <address className="break-words not-italic">
      {address.name}
      {address.street ? (
        <>
          <br />
          {address.street}
        </>
      ) : null}
      {cityLine ? (
        <>
          <br />
          {cityLine}
        </>
      ) : null}
      <br />
      {address.country}
    </address>
  );
}

function ReorderNotice({ result }: { result: OrderActionData }) {
  if (result.kind === "error") return <Notice tone="error">{result.message}</Notice>;
  const notAdded = result.outcomes.filter((o) => o.message);
  const units = result.addedUnits;
  return (
    <div role={units > 0 ? "status" : "alert"} className={`rounded border px-4 py-3 ${units > 0 ? "border-ok" : "border-danger"}`} data-testid="reorder-result">
      <p className={`font-semibold ${units > 0 ? "text-ok" : "text-danger"}`}>
        {units > 0 ? `Added ${units} ${units === 1 ? "item" : "items"} to your cart.` : "Nothing could be added to your cart."}
      </p>
      {notAdded.length > 0 ? (
        <>
          <p className="mt-2">{units > 0 ? "Not everything could be added:" : "None of this order's items can be bought now:"}</p>
          <ul className="mt-1 list-disc pl-5">
            {notAdded.map((o, i) => (
              <li key={`${o.variantId ?? "gone"}-${i}`}>{o.message}</li>
            ))}
          </ul>
        </>
      ) : null}
      {units > 0 ? (
        <p className="mt-2">
          Your cart shows today's prices.{" "}
          <Link to="/cart" className="font-semibold underline">
            View cart
          </Link>{" "}
          or{" "}
          <Link to="/checkout" className="font-semibold underline">
            go to checkout
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order, tickets } = loaderData;
  const titleId = "order-title";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p>
        <Link to="/orders" className="underline">
          Back to orders
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id={titleId} className="font-display text-h1">
            Order {order.number}
          </h1>
          <p className="mt-1 text-muted">
            Placed <time dateTime={isoString(order.createdAt)}>{storeDateTime(order.createdAt)}</time>
          </p>
        </div>
        <StatusBadge status={order.status} />
      </div>
      <div className="mt-6">
        <OrderActions orderId={order.id} status={order.status} details={false} />
      </div>
      {actionData ? (
        <div className="mt-6">
          <ReorderNotice result={actionData} />
        </div>
      ) : null}

      <div className="mt-8 space-y-6">
        <Section title="Items" id="items-heading">
          <ul className="divide-y divide-line">
            {order.items.map((item, i) => (
              <li key={`${item.sku}-${i}`} className="flex items-start gap-3 py-3" data-testid="order-line">
                <img src={item.image} alt="" width={64} height={64} className="h-12 w-12 shrink-0 rounded bg-paper object-contain sm:h-16 sm:w-16" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                    <p className="min-w-0 break-words font-semibold">
                      {item.productId !== null ? (
                        <Link to={`/shop/${item.productSlug}`} className="hover:underline">
                          {item.name}
                        </Link>
                      ) : (
                        item.name
                      )}
                    </p>
                    <p className="font-semibold" data-testid="line-total">
                      <span className="sr-only">Line total </span>
                      {formatCents(item.lineTotalCents)}
                    </p>
                  </div>
                  <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                    <div className="flex min-w-0 gap-1">
                      <dt>SKU</dt>
                      <dd className="min-w-0 [overflow-wrap:anywhere]">{item.sku}</dd>
                    </div>
                    {item.size ? (
                      <div className="flex gap-1">
                        <dt>Size</dt>
                        <dd>{item.size}</dd>
                      </div>
                    ) : null}
                    {item.color ? (
                      <div className="flex gap-1">
                        <dt>Color</dt>
                        <dd>{item.color}</dd>
                      </div>
                    ) : null}
                    <div className="flex gap-1">
                      <dt>Qty</dt>
                      <dd>{item.quantity}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>Price</dt>
                      <dd data-testid="unit-price">{formatCents(item.unitPriceCents)} each</dd>
                    </div>
                  </dl>
                </div>
              </li>
            ))}
          </ul>
          <OrderTotals amounts={order} testIdPrefix="order" />
        </Section>

        {tickets.length > 0 ? (
          <Section title="Tickets" id="tickets-heading">
            <p className="text-sm text-muted">Each ticket admits one person, once. Show its QR code or read out its code at the door.</p>
            <ul className="mt-3 grid gap-4 sm:grid-cols-2" data-testid="tickets">
              {tickets.map((t) => (
                <li key={t.code} className="flex gap-3 rounded border border-line p-3" data-testid="ticket">
                  {t.qr ? <img src={t.qr} alt={`QR code of ticket ${t.code}`} width={120} height={120} className="h-28 w-28 shrink-0 bg-white" /> : null}
                  <div className="min-w-0">
                    <p className="font-semibold">
                      <Link to={`/events/${t.eventSlug}`} className="hover:underline">
                        {t.eventTitle}
                      </Link>
                    </p>
                    <p className="text-sm">
                      {t.typeName} · <time dateTime={t.startsAt}>{storeDateTime(t.startsAt)}</time>
                    </p>
                    <p className="mt-1 font-mono text-base [overflow-wrap:anywhere]" data-testid="ticket-code">
                      {t.code}
                    </p>
                    <p className="text-sm font-semibold">
                      {t.status === "void" ? "Voided (order cancelled or refunded)" : t.checkedInAt ? `Used ${storeDateTime(t.checkedInAt)}` : "Valid"}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        <div className="grid gap-6 md:grid-cols-3">
          <Section title="Shipping address" id="shipping-heading">
            <Address address={order.shippingAddress} />
          </Section>
          <Section title="Billing address" id="billing-heading">
            <Address address={order.billingAddress} />
          </Section>
          <Section title="Payment" id="payment-heading">
            <p data-testid="payment-method">{order.paymentMethod}</p>
            {order.refundedAt ? (
              <p className="mt-2 text-sm">
                Refunded {formatCents(order.totalCents)} on <time dateTime={isoString(order.refundedAt)}>{storeDateTime(order.refundedAt)}</time>
              </p>
            ) : null}
            <p className="mt-2 break-words text-sm text-muted">Receipt sent to {order.customerEmail}</p>
          </Section>
        </div>

        <Section title="Tracking" id="tracking-heading">
          <p>
            Tracking number: <strong data-testid="tracking-number">{order.trackingNumber ?? "Not shipped yet"}</strong>
          </p>
          {order.carrier ? <p data-testid="carrier">Carrier: {order.carrier}</p> : null}
        </Section>

        <Section title="Status history" id="history-heading">
          <ol className="space-y-3" data-testid="status-history">
            {order.history.map((entry, i) => (
              <li key={i} className="border-l-4 border-line pl-3">
                <p className="font-semibold">{ORDER_STATUS_LABEL[entry.toStatus]}</p>
                <p className="text-sm text-muted">
                  <time dateTime={isoString(entry.createdAt)}>{storeDateTime(entry.createdAt)}</time> · {entry.by === "customer" ? "by you" : "by East Harlem"}
                </p>
                {entry.note ? <p className="text-sm">{entry.note}</p> : null}
              </li>
            ))}
          </ol>
        </Section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
