import { eventIdSchema } from "../../../core/events/index.ts";
import { csvLine } from "../../lib/csv.ts";
import { requirePermission } from "../../lib/session.server.ts";
import type { Route } from "./+types/event-rsvps-csv";
import { noStore } from "../../lib/private-page.ts";
import { loadEditorRecord } from "../../lib/admin-editor.server.ts";

/** An event's RSVP list as CSV: confirmed first, then the waitlist in order. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "events", "read");
  const event = await loadEditorRecord(eventIdSchema, params.id, (id) => context.useCases.events.getAdminEvent(id), { bare: true });
  const rows = await context.useCases.events.listRsvps(event.id);
  let body = csvLine(["Name", "Email", "Party size", "Status", "RSVPed at", "Confirmed at"]);
  for (const r of rows) body += csvLine([r.name, r.email, r.partySize, r.status, r.createdAt.toISOString(), r.confirmedAt?.toISOString() ?? ""]);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="rsvps-${event.slug}.csv"`,
      ...noStore,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
