import { data } from "react-router";
import { useIntl } from "react-intl";
import { Link, useLocale, useT } from "../i18n/index.ts";
import { z } from "zod";
import { orderIdSchema, OrderError } from "../../core/orders/index.ts";
import { MemberErrorBoundary } from "../components/account/auth-guard.tsx";
import { Section } from "../components/account/page-shell.tsx";
import { OrderTotals } from "../components/checkout/order-summary.tsx";
import { OrderActions, shippingText } from "../components/orders/order-actions.tsx";
import { Address } from "../components/orders/order-address.tsx";
import { ReorderNotice, type OrderActionData } from "../components/orders/reorder-notice.tsx";
import { isoString, storeDateTime } from "../lib/dates.ts";
import { STATUS_LABEL, StatusBadge } from "../components/orders/status-badge.tsx";
import { ensureCartId } from "../lib/cart.server.ts";
import { readForm } from "../lib/form.server.ts";
import { colorLabel, formatCents } from "../lib/format.ts";
import { noStore, orderNotFoundResponse, requireOwnOrder } from "../lib/orders.server.ts";
import { orderMeta } from "../components/orders/order-meta.ts";
import { domainErrorReply } from "../lib/domain-errors.server.ts";
import { localizeText, requestLocale, sayText } from "../lib/i18n.server.ts";
import { requireViewer } from "../lib/session.server.ts";
import { formatTicketCode, qrDataUrl } from "../../core/events/index.ts";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = orderMeta("orders.order.title");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { order } = await requireOwnOrder(request, context, params.id);
  const tickets = await Promise.all(
    (await context.useCases.events.ticketsOfOrder(order.id, requestLocale(request))).map(async (t) => ({
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

export type { OrderActionData } from "../components/orders/reorder-notice.tsx";

const intentSchema = z.literal("reorder");

/** Reorder: the order's still-available items go back into the viewer's own cart. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const orderId = orderIdSchema.safeParse(params.id);
  if (!orderId.success) throw orderNotFoundResponse();
  if (!intentSchema.safeParse(form.intent).success) {
    return data<OrderActionData>({ kind: "error", message: localizeText(request, "orders.domain.unknownAction") }, { status: 400, headers: noStore });
  }
  try {
    const { cartId } = await ensureCartId(request, context);
    const result = await context.useCases.orders.reorder({ userId: viewer.id, orderId: orderId.data, cartId });
    // Why a line was not added, in the page's language.
    const outcomes = result.outcomes.map((o) => ({ ...o, message: o.message ? sayText(request, o.message) : null }));
    return data<OrderActionData>({ kind: "reordered", ...result, outcomes }, { headers: noStore });
  } catch (error) {
    if (error instanceof OrderError && error.code === "orders.not_found") throw orderNotFoundResponse();
    return domainErrorReply(error, (e): OrderActionData => ({ kind: "error", message: localizeText(request, e) }), { headers: noStore });
  }
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order, tickets } = loaderData;
  const titleId = "order-title";
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p>
        <Link to="/orders" className="underline">
          {t("orders.back")}
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id={titleId} className="font-display text-h1">
            {t("orders.order.title", { number: order.number })}
          </h1>
          <p className="mt-1 text-muted">
            {intl.formatMessage({ id: "orders.placed" }, { date: <time dateTime={isoString(order.createdAt)}>{storeDateTime(order.createdAt, locale)}</time> })}
          </p>
        </div>
        <StatusBadge status={order.status} />
      </div>
      <div className="mt-6">
        <OrderActions orderId={order.id} actions={order.actions} details={false} />
      </div>
      {actionData ? (
        <div className="mt-6">
          <ReorderNotice result={actionData} />
        </div>
      ) : null}

      <div className="mt-8 space-y-6">
        <Section title={t("orders.section.items")} id="items-heading">
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
                      <span className="sr-only">{t("orders.line.total")} </span>
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
                        <dt>{t("orders.line.size")}</dt>
                        <dd>{item.size}</dd>
                      </div>
                    ) : null}
                    {item.color ? (
                      <div className="flex gap-1">
                        {/* The same word in English and Spanish. */}
                        <dt>Color</dt>
                        <dd>{colorLabel(t, item.color)}</dd>
                      </div>
                    ) : null}
                    <div className="flex gap-1">
                      <dt>{t("orders.line.qty")}</dt>
                      <dd>{item.quantity}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>{t("orders.line.price")}</dt>
                      <dd data-testid="unit-price">{t("cart.line.each", { price: formatCents(item.unitPriceCents) })}</dd>
                    </div>
                  </dl>
                </div>
              </li>
            ))}
          </ul>
          <OrderTotals amounts={order} testIdPrefix="order" />
          {order.refunds.length > 0 ? (
            <dl className="mt-2 space-y-2">
              <div className="flex justify-between gap-4">
                <dt>{t("orders.refunds.refunded")}</dt>
                <dd className="text-right" data-testid="order-refunded">
                  {formatCents(-order.refundedCents)}
                </dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-bold">
                <dt>{t("orders.refunds.paid")}</dt>
                <dd className="text-right" data-testid="order-paid">
                  {formatCents(order.paidCents)}
                </dd>
              </div>
            </dl>
          ) : null}
        </Section>

        {order.refunds.length > 0 ? (
          <Section title={t("orders.section.refunds")} id="refunds-heading">
            <ul className="space-y-3" data-testid="refunds">
              {order.refunds.map((refund, i) => (
                <li key={i} className="border-l-4 border-line pl-3" data-testid="refund">
                  <p className="break-words">
                    {intl.formatMessage(
                      { id: refund.status === "refunded" ? "orders.refund.done" : "orders.refund.pending" },
                      {
                        amount: <strong>{formatCents(refund.amountCents)}</strong>,
                        card: refund.card,
                        date: <time dateTime={isoString(refund.refundedAt ?? refund.requestedAt)}>{storeDateTime(refund.refundedAt ?? refund.requestedAt, locale)}</time>,
                      },
                    )}
                  </p>
                  {refund.lines.length > 0 ? (
                    <ul className="mt-1 text-sm text-muted" aria-label={t("orders.refund.lines")}>
                      {refund.lines.map((line, j) => (
                        <li key={j} className="break-words">
                          {t("orders.refund.line", { quantity: line.quantity, item: [line.name, [line.size, line.color ? colorLabel(t, line.color) : null].filter(Boolean).join(" / ")].filter(Boolean).join(" · ") })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        {tickets.length > 0 ? (
          <Section title={t("orders.section.tickets")} id="tickets-heading">
            <p className="text-sm text-muted">{t("orders.tickets.intro")}</p>
            <ul className="mt-3 grid gap-4 sm:grid-cols-2" data-testid="tickets">
              {tickets.map((ticket) => (
                <li key={ticket.code} className="flex gap-3 rounded border border-line p-3" data-testid="ticket">
                  {ticket.qr ? <img src={ticket.qr} alt={t("orders.ticket.qr", { code: ticket.code })} width={120} height={120} className="h-28 w-28 shrink-0 bg-white" /> : null}
                  <div className="min-w-0">
                    <p className="font-semibold">
                      <Link to={`/events/${ticket.eventSlug}`} className="hover:underline">
                        {ticket.eventTitle}
                      </Link>
                    </p>
                    <p className="text-sm">
                      {ticket.typeName} · <time dateTime={ticket.startsAt}>{storeDateTime(ticket.startsAt, locale)}</time>
                    </p>
                    <p className="mt-1 font-mono text-base [overflow-wrap:anywhere]" data-testid="ticket-code">
                      {ticket.code}
                    </p>
                    <p className="text-sm font-semibold">
                      {ticket.status === "void" ? t("orders.ticket.void") : ticket.checkedInAt ? t("orders.ticket.used", { date: storeDateTime(ticket.checkedInAt, locale) }) : t("orders.ticket.valid")}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        <div className="grid gap-6 md:grid-cols-3">
          {/* Only an order that ships has a shipping address; tickets travel by mail. */}
          {order.shippingAddress ? (
            <Section title={t("orders.section.shipping")} id="shipping-heading">
              <Address address={order.shippingAddress} />
            </Section>
          ) : null}
          <Section title={t("orders.section.billing")} id="billing-heading">
            <Address address={order.billingAddress} />
          </Section>
          <Section title={t("checkout.section.payment")} id="payment-heading">
            <p data-testid="payment-method">{order.paymentMethod}</p>
            <p className="mt-2 break-words text-sm text-muted">{t("orders.receiptSentTo", { email: order.customerEmail })}</p>
          </Section>
        </div>

        <Section title={order.actions.shipping === "nothing_to_ship" ? t("orders.delivery") : t("orders.section.tracking")} id="tracking-heading">
          {order.actions.shipping === "nothing_to_ship" || order.actions.shipping === "cancelled" ? (
            <p data-testid="tracking-number">{shippingText(t, order)}</p>
          ) : (
            <p>
              {intl.formatMessage(
                { id: "orders.trackingLine" },
                { number: <strong data-testid="tracking-number">{order.trackingNumber ?? t("orders.notShipped")}</strong> },
              )}
            </p>
          )}
          {order.carrier ? <p data-testid="carrier">{t("orders.carrier", { carrier: order.carrier })}</p> : null}
        </Section>

        <Section title={t("orders.section.history")} id="history-heading">
          <ol className="space-y-3" data-testid="status-history">
            {order.history.map((entry, i) => (
              <li key={i} className="border-l-4 border-line pl-3">
                <p className="font-semibold">{t(STATUS_LABEL[entry.toStatus])}</p>
                <p className="text-sm text-muted">
                  <time dateTime={isoString(entry.createdAt)}>{storeDateTime(entry.createdAt, locale)}</time> · {entry.by === "customer" ? t("orders.history.byYou") : t("orders.history.byStore")}
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
