import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { eventFormSchema } from "../../../core/events/index.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { Notice, primaryButton, secondaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, ResponsiveTable, rowClass } from "../../components/admin/admin-ui.tsx";
import { EMPTY_EVENT, EventFields, type EventValues } from "../../components/admin/event-form.tsx";
import { placeError } from "../../components/admin/product-form.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { expectDomainError } from "../../lib/domain-errors.server.ts";
import { readForm } from "../../lib/form.server.ts";
import { requirePermission } from "../../lib/session.server.ts";
import { eventActor } from "../../lib/events.server.ts";
import type { Route } from "./+types/events";
import { noStore } from "../../lib/private-page.ts";
import { fieldWords } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Events");
export const ErrorBoundary = AdminErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "events", "read");
  const rows = await context.useCases.events.listAdminEvents();
  return data({ rows: rows.map((r) => ({ ...r, past: r.endsAt.getTime() <= Date.now() })) }, { headers: noStore });
}

export type EventFormResult = { error?: string; fields?: Record<string, string>; values?: EventValues };

export function formValues(fields: Record<string, string>): EventValues {
  return {
    slug: fields.slug ?? "",
    title: fields.title ?? "",
    kind: fields.kind ?? "",
    timeLabel: fields.timeLabel ?? "",
    description: fields.description ?? "",
    startsAt: fields.startsAt ?? "",
    endsAt: fields.endsAt ?? "",
    venue: fields.venue ?? "",
    image: fields.image ?? "",
    imageAlt: fields.imageAlt ?? "",
    capacity: fields.capacity ?? "",
    mode: fields.mode ?? "tickets",
    partySizeLimit: fields.partySizeLimit ?? "",
    published: fields.published === "on",
    titleEs: fields.titleEs ?? "",
    kindEs: fields.kindEs ?? "",
    timeLabelEs: fields.timeLabelEs ?? "",
    descriptionEs: fields.descriptionEs ?? "",
    venueEs: fields.venueEs ?? "",
    imageAltEs: fields.imageAltEs ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "events", "create");
  const fields = await readForm(request, { multiline: ["description", "descriptionEs"] });
  const values = formValues(fields);
  const parsed = eventFormSchema.safeParse({ ...fields, published: fields.published ?? "" });
  if (!parsed.success) return data<EventFormResult>({ fields: fieldWords(request, parsed.error), values }, { status: 400, headers: noStore });
  try {
    const event = await context.useCases.events.createEvent(eventActor(actor), parsed.data);
    return redirect(`/admin/events/${event.id}?done=created`, { headers: noStore });
  } catch (error) {
    const domain = expectDomainError(error);
    return data<EventFormResult>({ ...placeError(domain), values }, { status: domain.status, headers: noStore });
  }
}

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as EventFormResult | undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminHeader title="Events">
        <p className="mt-3">
          <Link to="/admin/events/check-in" className={secondaryButton}>
            Check tickets in
          </Link>
        </p>
      </AdminHeader>
      {loaderData.rows.length === 0 ? (
        <p className="mt-8 text-muted">No events yet.</p>
      ) : (
        <ResponsiveTable caption="Events" columns={["Event", "Starts", "Admission", "Taken", "Status"]}>
          {loaderData.rows.map((r) => (
            <tr key={r.id} className={rowClass}>
              <Cell label="Event">
                <Link to={`/admin/events/${r.id}`} className="font-semibold underline">
                  {r.title}
                </Link>
              </Cell>
              <Cell label="Starts">{storeDateTime(r.startsAt)}</Cell>
              <Cell label="Admission">{r.mode === "tickets" ? "Tickets" : "RSVP"}</Cell>
              <Cell label="Taken">
                {r.mode === "tickets" ? `${r.ticketsSold} tickets sold, ${r.checkedIn} checked in` : `${r.placesTaken} of ${r.capacity} places`}
              </Cell>
              <Cell label="Status">{r.past ? "Over" : r.published ? "Published" : "Hidden"}</Cell>
            </tr>
          ))}
        </ResponsiveTable>
      )}
      <section aria-labelledby="new-event" className="mt-10 rounded-lg border border-line p-5">
        <h2 id="new-event" className="font-display text-2xl">
          New event
        </h2>
        {result?.error ? (
          <div className="mt-3">
            <Notice tone="error">{result.error}</Notice>
          </div>
        ) : null}
        <Form method="post" className="mt-4 grid gap-4" noValidate>
          <EventFields values={result?.values ?? EMPTY_EVENT} errors={result?.fields} prefix="new" />
          <div>
            <button type="submit" className={primaryButton}>
              Create event
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
