import { data, redirect } from "react-router";
import { Link } from "../../i18n/index.ts";
import { z } from "zod";
import { orderNoteSchema, parseRefundForm, shipFormSchema } from "../../../core/orders/inputs.ts";
import { orderIdSchema } from "../../../core/orders/index.ts";
import { REFUNDABLE_STATUSES } from "../../../core/orders/rules.ts";
import { issueText } from "../../../core/shared/field-text.ts";
import { newToken } from "../../../core/shared/ids.ts";
import { AdminStatusBadge } from "../../components/admin/admin-status.tsx";
import { OrderHistory, OrderNotes } from "../../components/admin/order-activity.tsx";
import { OrderConfirm, type OrderConfirmation } from "../../components/admin/order-confirm.tsx";
import { OrderRefund } from "../../components/admin/order-refund.tsx";
import { OrderShipment } from "../../components/admin/order-shipment.tsx";
import { OrderCustomer, OrderItems, OrderPayment } from "../../components/admin/order-summary.tsx";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { Notice, secondaryButton } from "../../components/account/page-shell.tsx";
import { expectDomainError } from "../../lib/domain-errors.server.ts";
import { readForm } from "../../lib/form.server.ts";
import { formatCents } from "../../lib/format.ts";
import { storeDateTime } from "../../lib/dates.ts";
import { requirePermission } from "../../lib/session.server.ts";
import { localizeText } from "../../lib/i18n.server.ts";
import type { Route } from "./+types/order";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { editorNotFound, loadEditorRecord } from "../../lib/admin-editor.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Order · Admin");


export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "orders", "read");
  const order = await loadEditorRecord(orderIdSchema, params.id, (id) => context.useCases.admin.findAdminOrder(id));
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
  confirm?: OrderConfirmation;
};

const intentSchema = z.enum(["ship", "deliver", "cancel", "refund", "note"]);

function fieldErrors(request: Request, error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= localizeText(request, issueText(issue));
  }
  return out;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "orders", "update");
  const id = orderIdSchema.safeParse(params.id);
  if (!id.success) throw editorNotFound();
  const orderId = id.data;
  const form = await readForm(request, { multiline: ["body"] });
  const intent = intentSchema.safeParse(form.intent);
  if (!intent.success) return data<AdminOrderActionData>({ intent: "note", formError: "Unknown order action." }, { status: 400, headers: noStore });
  const reply = (body: AdminOrderActionData, status = 400) => data<AdminOrderActionData>(body, { status, headers: noStore });
  const back = (done: string) => redirect(`/admin/orders/${orderId}?done=${done}`, { headers: noStore });
  try {
    switch (intent.data) {
      case "ship": {
        const parsed = shipFormSchema.safeParse({ carrier: form.carrier, trackingNumber: form.trackingNumber });
        if (!parsed.success) return reply({ intent: "ship", errors: fieldErrors(request, parsed.error) });
        await context.useCases.admin.adminShipOrder(actor, orderId, parsed.data);
        return back("shipped");
      }
      case "deliver":
        await context.useCases.admin.adminMarkDelivered(actor, orderId);
        return back("delivered");
      case "note": {
        const parsed = orderNoteSchema.safeParse({ body: form.body });
        if (!parsed.success) return reply({ intent: "note", errors: fieldErrors(request, parsed.error) });
        await context.useCases.admin.addOrderNote(actor, orderId, parsed.data.body);
        return back("note");
      }
      case "cancel": {
        if (form.confirm !== "yes") {
          const order = await context.useCases.admin.findAdminOrder(orderId);
          if (!order) throw editorNotFound();
          return reply({ intent: "cancel", confirm: { summary: `Cancel ${order.number}, put its stock back and refund ${formatCents(order.totalCents)} to the customer?`, fields: { intent: "cancel" } } }, 200);
        }
        await context.useCases.admin.adminCancelOrder(actor, orderId);
        return back("cancelled");
      }
      case "refund": {
        const parsed = parseRefundForm(form);
        if (!parsed.success) return reply({ intent: "refund", errors: fieldErrors(request, parsed.error) });
        if (form.confirm !== "yes") {
          const order = await context.useCases.admin.findAdminOrder(orderId);
          if (!order) throw editorNotFound();
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
        await context.useCases.admin.requestOrderRefund(actor, orderId, parsed.data);
        return back("refunded");
      }
    }
  } catch (error) {
    const domain = expectDomainError(error);
    if (domain.status === 404) throw editorNotFound();
    return reply({ intent: intent.data, formError: domain.message }, domain.status);
  }
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, refundKey, done: loaderDone } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const result = actionData as AdminOrderActionData | undefined;
  const errorsOf = (intent: Intent) => (result?.intent === intent ? (result.errors ?? {}) : {});
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
      {result?.confirm ? <OrderConfirm confirm={result.confirm} /> : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <OrderCustomer order={order} />

        <OrderPayment order={order} />
      </div>

      <OrderItems order={order} />

      <OrderShipment order={order} errors={errorsOf("ship")} />

      {refundable ? <OrderRefund order={order} refundKey={refundKey} errors={errorsOf("refund")} /> : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <OrderHistory order={order} />

        <OrderNotes order={order} errors={errorsOf("note")} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
