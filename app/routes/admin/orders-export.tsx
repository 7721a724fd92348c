import { csvLine } from "../../lib/csv.ts";
import { requirePermission } from "../../lib/session.server.ts";
import { readFilter } from "./orders.tsx";
import type { Route } from "./+types/orders-export";
import { noStore } from "../../lib/private-page.ts";

/** The filtered order list as CSV (the list's filters, every page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "orders", "read");
  const filter = readFilter(new URL(request.url));
  const rows = await context.useCases.admin.exportAdminOrders(filter);
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  let body = csvLine(["Order", "Date", "Status", "Customer", "Email", "Items", "Total", "Refunded", "Carrier", "Tracking number"]);
  for (const r of rows) {
    body += csvLine([r.number, r.createdAt.toISOString(), r.status, r.customerName, r.customerEmail, r.itemCount, dollars(r.totalCents), dollars(r.refundedCents), r.carrier, r.trackingNumber]);
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      ...noStore,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
