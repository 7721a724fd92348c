import { data } from "react-router";
import { orderIdSchema } from "../../../core/orders/index.ts";
import { describeItem } from "../../../core/orders/rules.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { storeDate } from "../../lib/dates.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/order-packing-slip";
import { noStore } from "../../lib/private-page.ts";
import { loadEditorRecord } from "../../lib/admin-editor.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Packing slip · Admin");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, "orders", "read");
  const order = await loadEditorRecord(orderIdSchema, params.id, (id) => context.useCases.admin.findAdminOrder(id));
  return data({ order }, { headers: noStore });
}

/** What goes in the box: ship-to, the lines with SKU and quantity, no prices. Printing hides the site around it. */
export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const a = order.shippingAddress;
  return (
    <div className="packing-slip mx-auto max-w-3xl bg-white px-6 py-10 text-black">
      <style>{`@media print { header, footer, nav, .no-print { display: none !important; } body { background: #fff !important; color: #000 !important; } .packing-slip { max-width: none; padding: 0; } }`}</style>
      <p className="no-print mb-6 text-sm">
        <a href={`/admin/orders/${order.id}`} className="underline">
          Back to the order
        </a>{" "}
        · Use your browser's Print to print this slip.
      </p>
      <h1 className="font-display text-3xl">Packing slip</h1>
      <p className="mt-2">
        East Harlem · Order <strong>{order.number}</strong> · {storeDate(order.createdAt)}
      </p>
      <h2 className="mt-6 text-lg font-bold">Ship to</h2>
      {a ? (
        <address className="not-italic">
          {a.name}
          <br />
          {a.street}
          <br />
          {[a.city, [a.state, a.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
          <br />
          {a.country}
        </address>
      ) : (
        <p>Nothing in this order ships: its tickets were sent by email.</p>
      )}
      <table className="mt-6 w-full border-collapse text-left">
        <caption className="sr-only">Items in this order</caption>
        <thead>
          <tr className="border-b-2 border-black">
            <th scope="col" className="py-2">SKU</th>
            <th scope="col" className="py-2">Item</th>
            <th scope="col" className="py-2 text-right">Quantity</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.id} className="border-b border-black">
              <td className="py-2 pr-3 font-mono text-sm">{l.sku}</td>
              <td className="py-2 pr-3">{describeItem(l)}</td>
              <td className="py-2 text-right">{l.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.trackingNumber ? (
        <p className="mt-6">
          {order.carrier} tracking number {order.trackingNumber}
        </p>
      ) : null}
      <p className="mt-8">Thank you for supporting Hip Hop Culture in East Harlem.</p>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
