import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { addOrderNote, adminCancelOrder, adminMarkDelivered, adminShipOrder, findAdminOrder, requestOrderRefund } from "../../core/admin/index.ts";
import { CARRIERS, orderNoteSchema, parseRefundForm, shipFormSchema } from "../../core/orders/inputs.ts";
import { orderIdSchema } from "../../core/orders/index.ts";
import { canTransition, describeItem, REFUNDABLE_STATUSES } from "../../core/orders/rules.ts";
import { newToken } from "../../core/shared/ids.ts";
import type { PostalAddress } from "../../db/schema/orders.ts";
import { AdminStatusBadge } from "../components/admin/admin-status.tsx";
import { AdminErrorBoundary, guardedMeta } from "../components/account/auth-guard.tsx";
import { inputClass, labelClass, Notice, primaryButton, secondaryButton, Section } from "../components/account/page-shell.tsx";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { formatCents } from "../lib/format.ts";
import { storeDateTime } from "../lib/dates.ts";
import { requirePermission } from "../lib/session.server.ts";
import type { Route } from "./+types/admin-order";

export const meta: Route.MetaFunction = guardedMeta("Order · Admin");

const noStore = { "Cache-Control": "private, no-store" };
const notFound = () => data(null, { status: 404, headers: noStore });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "orders", "read");
  const id = orderIdSchema.safeParse(params.id);
  const order = id.success ? await findAdminOrder(context.db, id.data) : null;
  if (!order) throw notFound();
  const done = new URL(request.url).searchParams.get("done");
  // A fresh key for each rendering of the refund form: the same form sent twice refunds once.
  return data({ order, refundKey: newToken(), done: done && DONE[done] ? DONE[done] : null }, { headers: noStore });
}

const DONE: Record<string, string> = {
  shipped: "The order is marked shipped and the customer was told.",
  delivered: "The order is marked delivered.",
  cancelled: "The order is cancelled; its stock is back and the payment is being refunded.",
  refunded: "The refund was made.",
  note: "The note was added.",
};

type Intent = "ship" | "deliver" | "cancel" | "refund" | "note";
export type AdminOrderActionData = {
  intent: Intent;
  /** Messages next to the fields. */
  errors?: Record<string, string>;
  /** A refusal that belongs to no one field (a change the status table refuses, an over-refund). */
  formError?: string;
  /** Cancel and refund ask first: the fields to send again with confirm=yes, and what will happen. */
  confirm?: { summary: string; fields: Record<string, string> };
};

const intentSchema = z.enum(["ship", "deliver", "cancel", "refund", "note"]);

function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "orders", "update");
  const id = orderIdSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const orderId = id.data;
  const form = await readForm(request, { multiline: ["body"] });
  const intent = intentSchema.safeParse(form.intent);
  if (!intent.success) return data<AdminOrderActionData>({ intent: "note", formError: "Unknown order action." }, { status: 400, headers: noStore });
  const reply = (body: AdminOrderActionData, status = 400) => data<AdminOrderActionData>(body, { status, headers: noStore });
  const deps = { db: context.db, jobs: context.jobs, payments: context.payments, baseUrl: context.baseUrl, onError: (err: unknown, what: string) => context.log.error({ err }, what) };
  const back = (done: string) => redirect(`/admin/orders/${orderId}?done=${done}`, { headers: noStore });
  try {
    switch (intent.data) {
      case "ship": {
        const parsed = shipFormSchema.safeParse({ carrier: form.carrier, trackingNumber: form.trackingNumber });
        if (!parsed.success) return reply({ intent: "ship", errors: fieldErrors(parsed.error) });
        await adminShipOrder(deps, actor, orderId, parsed.data);
        return back("shipped");
      }
      case "deliver":
        await adminMarkDelivered(deps, actor, orderId);
        return back("delivered");
      case "note": {
        const parsed = orderNoteSchema.safeParse({ body: form.body });
        if (!parsed.success) return reply({ intent: "note", errors: fieldErrors(parsed.error) });
        await addOrderNote(context.db, actor, orderId, parsed.data.body);
        return back("note");
      }
      case "cancel": {
        if (form.confirm !== "yes") {
          const order = await findAdminOrder(context.db, orderId);
          if (!order) throw notFound();
          return reply({ intent: "cancel", confirm: { summary: `Cancel ${order.number}, put its stock back and refund ${formatCents(order.totalCents)} to the customer?`, fields: { intent: "cancel" } } }, 200);
        }
        await adminCancelOrder(deps, actor, orderId);
        return back("cancelled");
      }
      case "refund": {
        const parsed = parseRefundForm(form);
        if (!parsed.success) return reply({ intent: "refund", errors: fieldErrors(parsed.error) });
        if (form.confirm !== "yes") {
          const order = await findAdminOrder(context.db, orderId);
          if (!order) throw notFound();
          const r = parsed.data;
          const what =
            r.mode === "full"
              ? `everything still unrefunded (${formatCents(order.totalCents - order.refundedCents)})`
              : r.mode === "amount"
                ? formatCents(r.amountCents)
                : r.lines.map((l) => `${l.quantity} x ${order.lines.find((x) => x.id === l.orderItemId)?.name ?? "a line not on this order"}`).join(", ");
          const fields: Record<string, string> = {};
          for (const [k, v] of Object.entries(form)) if (k !== "confirm") fields[k] = v;
          return reply({ intent: "refund", confirm: { summary: `Refund ${what} on ${order.number}${r.restock ? ", and put the units back in stock" : ""}?`, fields } }, 200);
        }
        await requestOrderRefund(deps, actor, orderId, parsed.data);
        return back("refunded");
      }
    }
  } catch (error) {
    const domain = expectDomainError(error);
    if (domain.status === 404) throw notFound();
    return reply({ intent: intent.data, formError: domain.message }, domain.status);
  }
}

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

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-semibold text-danger">
      {message}
    </p>
  ) : null;
}

function Confirm({ confirm }: { confirm: NonNullable<AdminOrderActionData["confirm"]> }) {
  return (
    <div role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-summary" className="mt-6 rounded border-2 border-danger bg-card p-4">
      <h2 id="confirm-title" className="font-display text-xl">
        Please confirm
      </h2>
      <p id="confirm-summary" className="mt-2">
        {confirm.summary}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          {Object.entries(confirm.fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className="inline-flex min-h-11 items-center justify-center rounded bg-danger px-5 py-2 font-semibold text-white">
            Yes, {confirm.fields.intent === "cancel" ? "cancel the order" : "refund"}
          </button>
        </Form>
        <Link to="." className={secondaryButton}>
          No, go back
        </Link>
      </div>
    </div>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, refundKey, done } = loaderData;
  const result = actionData as AdminOrderActionData | undefined;
  const errorsOf = (intent: Intent) => (result?.intent === intent ? (result.errors ?? {}) : {});
  const shipErrors = errorsOf("ship");
  const noteErrors = errorsOf("note");
  const refundErrors = errorsOf("refund");
  const refundable = REFUNDABLE_STATUSES.includes(order.status) && order.refundedCents < order.totalCents;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin/orders" className="underline">
          All orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl sm:text-4xl">Order {order.number}</h1>
        <AdminStatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-muted">Placed {storeDateTime(order.createdAt)}</p>
      <p className="mt-3">
        <a href={`/admin/orders/${order.id}/packing-slip`} className={secondaryButton}>
          Packing slip
        </a>
      </p>

      {done ? (
        <div className="mt-6">
          <Notice tone="ok">{done}</Notice>
        </div>
      ) : null}
      {result?.formError ? (
        <div className="mt-6">
          <Notice tone="error">{result.formError}</Notice>
        </div>
      ) : null}
      {result?.confirm ? <Confirm confirm={result.confirm} /> : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Section title="Customer" id="customer">
          <p>{order.customer.name}</p>
          <p className="break-all">{order.customerEmail}</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Address title="Shipping address" address={order.shippingAddress} />
            <Address title="Billing address" address={order.billingAddress} />
          </div>
        </Section>

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
      </div>

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
              <select id="carrier" name="carrier" className={inputClass} aria-invalid={shipErrors.carrier ? true : undefined} aria-describedby={shipErrors.carrier ? "carrier-error" : undefined} defaultValue="">
                <option value="">Choose…</option>
                {CARRIERS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              <FieldError id="carrier-error" message={shipErrors.carrier} />
            </div>
            <div>
              <label htmlFor="trackingNumber" className={labelClass}>
                Tracking number
              </label>
              <input id="trackingNumber" name="trackingNumber" className={inputClass} required aria-invalid={shipErrors.trackingNumber ? true : undefined} aria-describedby={shipErrors.trackingNumber ? "tracking-error" : undefined} />
              <FieldError id="tracking-error" message={shipErrors.trackingNumber} />
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

      {refundable ? (
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
              <FieldError id="mode-error" message={refundErrors.mode} />
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
            <FieldError id="lines-error" message={refundErrors.lines} />
            <div>
              <label htmlFor="amount" className={labelClass}>
                Amount in dollars
              </label>
              <input id="amount" name="amount" inputMode="decimal" className={`${inputClass} max-w-40`} aria-invalid={refundErrors.amountCents ? true : undefined} aria-describedby={refundErrors.amountCents ? "amount-error" : undefined} />
              <FieldError id="amount-error" message={refundErrors.amountCents} />
            </div>
            <label className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="restock" /> Put the refunded units back in stock
            </label>
            <FieldError id="key-error" message={refundErrors.key} />
            <button type="submit" className={primaryButton}>
              Refund…
            </button>
          </Form>
        </Section>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
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
            <textarea id="body" name="body" rows={3} className={`${inputClass} h-auto py-2`} aria-invalid={noteErrors.body ? true : undefined} aria-describedby={noteErrors.body ? "body-error" : undefined} />
            <FieldError id="body-error" message={noteErrors.body} />
            <button type="submit" className={`${primaryButton} mt-2`}>
              Add note
            </button>
          </Form>
        </Section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
