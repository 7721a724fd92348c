import { csvLine } from "../../lib/csv.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/newsletter-export";
import { noStore } from "../../lib/private-page.ts";

/** Every confirmed subscriber as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "newsletter", "read");
  const rows = await context.useCases.newsletter.listConfirmedSubscribers();
  let body = csvLine(["Email", "Confirmed", "Subscribed", "Source", "Has account"]);
  for (const r of rows) body += csvLine([r.email, r.confirmedAt?.toISOString() ?? "", r.subscribedAt.toISOString(), r.source, r.hasAccount ? "yes" : "no"]);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      ...noStore,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
