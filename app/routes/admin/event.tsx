import { data, redirect } from "react-router";
import { Form, Link } from "../../i18n/index.ts";
import { eventIdSchema, eventFormSchema, instantToStoreLocal, ticketTypeFormSchema } from "../../../core/events/index.ts";
import { AdminErrorBoundary, guardedMeta } from "../../components/account/auth-guard.tsx";
import { inputClass, Notice, primaryButton, secondaryButton } from "../../components/account/page-shell.tsx";
import { AdminHeader, Cell, ResponsiveTable, rowClass } from "../../components/admin/admin-ui.tsx";
import { EventFields, type EventValues } from "../../components/admin/event-form.tsx";
import { centsToField, Field, placeError } from "../../components/admin/product-form.tsx";
import { storeDateTime } from "../../lib/dates.ts";
import { expectDomainError } from "../../lib/domain-errors.server.ts";
import { readFormWithUpload } from "../../lib/form.server.ts";
import { pictureChange } from "../../lib/pictures.server.ts";
import { PhotoFields } from "../../components/admin/photo-fields.tsx";
import { formatCents } from "../../lib/format.ts";
import { requirePermission } from "../../lib/session.server.ts";
import { eventActor } from "../../lib/events.server.ts";
import { formValues } from "./events.tsx";
import type { Route } from "./+types/event";
import { useDone } from "../../lib/done.ts";
import { noStore } from "../../lib/private-page.ts";
import { editorIdOf, loadEditorRecord } from "../../lib/admin-editor.server.ts";
import { fieldWords } from "../../lib/i18n.server.ts";

export const meta: Route.MetaFunction = guardedMeta("Event");
export const ErrorBoundary = AdminErrorBoundary;

const DONE = { created: "The event was created.", saved: "The event was saved.", "type-added": "The ticket type was added.", "type-saved": "The ticket type was saved." } as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "events", "read");
  const event = await loadEditorRecord(eventIdSchema, params.id, (id) => context.useCases.events.getAdminEvent(id), { bare: true });
  const rsvps = event.mode === "rsvp" ? await context.useCases.events.listRsvps(event.id) : [];
  const done = new URL(request.url).searchParams.get("done");
  const values: EventValues = {
    slug: event.slug,
    title: event.title,
    kind: event.kind,
    timeLabel: event.timeLabel,
    description: event.description,
    startsAt: instantToStoreLocal(event.startsAt),
    endsAt: instantToStoreLocal(event.endsAt),
    venue: event.venue,
    image: event.image,
    imageAlt: event.imageAlt,
    capacity: String(event.capacity),
    mode: event.mode,
    partySizeLimit: String(event.partySizeLimit),
    published: event.published,
    titleEs: event.spanish.title ?? "",
    kindEs: event.spanish.kind ?? "",
    timeLabelEs: event.spanish.timeLabel ?? "",
    descriptionEs: event.spanish.description ?? "",
    venueEs: event.spanish.venue ?? "",
    imageAltEs: event.spanish.imageAlt ?? "",
  };
  return data(
    { event: { id: event.id, slug: event.slug, title: event.title, picture: event.picture, mode: event.mode, capacity: event.capacity, placesTaken: event.placesTaken, ticketTypes: event.ticketTypes }, values, rsvps, done: done && done in DONE ? (done as keyof typeof DONE) : null },
    { headers: noStore },
  );
}

type Result = { intent?: string; variantId?: number; error?: string; fields?: Record<string, string>; values?: EventValues };

export async function action({ params, request, context }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, context, "events", "update");
  const eventId = editorIdOf(eventIdSchema, params.id, { bare: true });
  // The details form carries an optional photo (the HTTP layer lets this page's POST be up to 10 MB and its fields).
  const { fields, file } = await readFormWithUpload(request, "photo", { multiline: ["description", "descriptionEs"] });
  const back = (done: keyof typeof DONE) => redirect(`/admin/events/${eventId}?done=${done}`, { headers: noStore });
  const intent = fields.intent;
  try {
    if (intent === "save") {
      const values = formValues(fields);
      const parsed = eventFormSchema.safeParse({ ...fields, published: fields.published ?? "" });
      if (!parsed.success) return data<Result>({ intent, fields: fieldWords(request, parsed.error), values }, { status: 400, headers: noStore });
      try {
        await context.useCases.events.updateEvent(eventActor(actor), eventId, parsed.data, pictureChange(context, fields, file));
      } catch (error) {
        const domain = expectDomainError(error);
        return data<Result>({ intent, ...placeError(domain), values }, { status: domain.status, headers: noStore });
      }
      return back("saved");
    }
    if (intent === "add-type") {
      const parsed = ticketTypeFormSchema.safeParse(fields);
      if (!parsed.success) return data<Result>({ intent, fields: fieldWords(request, parsed.error) }, { status: 400, headers: noStore });
      await context.useCases.events.addTicketType(eventActor(actor), eventId, parsed.data);
      return back("type-added");
    }
    if (intent === "save-type") {
      const variantId = eventIdSchema.safeParse(fields.variantId);
      const parsed = ticketTypeFormSchema.omit({ name: true }).safeParse(fields);
      if (!variantId.success) return data<Result>({ intent, error: "Choose a ticket type." }, { status: 400, headers: noStore });
      if (!parsed.success) return data<Result>({ intent, variantId: variantId.data, fields: fieldWords(request, parsed.error) }, { status: 400, headers: noStore });
      try {
        await context.useCases.events.updateTicketType(eventActor(actor), eventId, variantId.data, parsed.data);
      } catch (error) {
        const domain = expectDomainError(error);
        return data<Result>({ intent, variantId: variantId.data, error: domain.message }, { status: domain.status, headers: noStore });
      }
      return back("type-saved");
    }
    return data<Result>({ error: "Unknown action." }, { status: 400, headers: noStore });
  } catch (error) {
    const domain = expectDomainError(error);
    return data<Result>({ intent, ...placeError(domain) }, { status: domain.status, headers: noStore });
  }
}

const STATUS_LABEL = { confirmed: "Confirmed", waitlisted: "Waitlist", pending: "Not confirmed yet", cancelled: "Cancelled" } as const;

export default function AdminEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, values, rsvps, done: loaderDone } = loaderData;
  // The success banner, while the address still carries it (app/lib/done.ts).
  const done = useDone(loaderDone);
  const result = actionData as Result | undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminHeader title={event.title}>
        <p className="mt-3 flex flex-wrap gap-3">
          <Link to="/admin/events" className={secondaryButton}>
            All events
          </Link>
          <Link to={`/events/${event.slug}`} className={secondaryButton}>
            View the page
          </Link>
          {event.mode === "tickets" ? (
            <Link to="/admin/events/check-in" className={secondaryButton}>
              Check tickets in
            </Link>
          ) : null}
        </p>
      </AdminHeader>
      <div className="mt-6 space-y-3">
        {done ? <Notice tone="ok">{DONE[done]}</Notice> : null}
        {result?.error ? <Notice tone="error">{result.error}</Notice> : null}
      </div>

      {event.mode === "tickets" ? (
        <section aria-labelledby="types" className="mt-8">
          <h2 id="types" className="font-display text-2xl">
            Ticket types
          </h2>
          <p className="mt-1 text-muted">
            Seats left to sell are stock: they cannot go below the seats held by checkouts in progress. A ticket type&apos;s name is on the tickets it sold and cannot
            change; its Spanish name (empty: the English one) is what the Spanish pages and mails show.
          </p>
          {event.ticketTypes.length === 0 ? <p className="mt-4">No ticket types yet: add one below to put tickets on sale.</p> : null}
          <ul className="mt-4 grid gap-3">
            {event.ticketTypes.map((t) => {
              const errors = result?.intent === "save-type" && result.variantId === t.variantId ? result.fields : undefined;
              return (
                <li key={t.variantId} className="rounded border border-line p-4">
                  <Form method="post" className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]" aria-label={`Ticket type ${t.name}`}>
                    <input type="hidden" name="intent" value="save-type" />
                    <input type="hidden" name="variantId" value={t.variantId} />
                    <p>
                      <span className="block font-semibold">{t.name}</span>
                      <span className="text-sm text-muted">
                        {formatCents(t.priceCents)} · {t.available} for sale
                      </span>
                    </p>
                    <Field id={`price-${t.variantId}`} label="Price (USD)" error={errors?.price}>
                      {(aria) => <input {...aria} name="price" inputMode="decimal" defaultValue={centsToField(t.priceCents)} className={inputClass} />}
                    </Field>
                    <Field id={`seats-${t.variantId}`} label="Seats left to sell" error={errors?.seats}>
                      {(aria) => <input {...aria} name="seats" type="number" min={0} defaultValue={t.seats} className={inputClass} />}
                    </Field>
                    <Field id={`nameEs-${t.variantId}`} label="Spanish name" optional error={errors?.nameEs}>
                      {(aria) => <input {...aria} name="nameEs" lang="es" maxLength={40} defaultValue={t.nameEs ?? ""} className={inputClass} />}
                    </Field>
                    <button type="submit" className={primaryButton}>
                      Save<span className="sr-only"> {t.name}</span>
                    </button>
                  </Form>
                </li>
              );
            })}
          </ul>
          <Form method="post" className="mt-4 grid items-end gap-3 rounded border border-line p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]" aria-label="Add a ticket type">
            <input type="hidden" name="intent" value="add-type" />
            <Field id="type-name" label="New ticket type" error={result?.intent === "add-type" ? result.fields?.name : undefined}>
              {(aria) => <input {...aria} name="name" className={inputClass} />}
            </Field>
            <Field id="type-price" label="Price (USD)" error={result?.intent === "add-type" ? result.fields?.price : undefined}>
              {(aria) => <input {...aria} name="price" inputMode="decimal" className={inputClass} />}
            </Field>
            <Field id="type-seats" label="Seats" error={result?.intent === "add-type" ? result.fields?.seats : undefined}>
              {(aria) => <input {...aria} name="seats" type="number" min={0} className={inputClass} />}
            </Field>
            <Field id="type-nameEs" label="Spanish name" optional error={result?.intent === "add-type" ? result.fields?.nameEs : undefined}>
              {(aria) => <input {...aria} name="nameEs" lang="es" maxLength={40} className={inputClass} />}
            </Field>
            <button type="submit" className={primaryButton}>
              Add ticket type
            </button>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="rsvps" className="mt-8">
          <h2 id="rsvps" className="font-display text-2xl">
            RSVPs
          </h2>
          <p className="mt-1">
            {event.placesTaken} of {event.capacity} places taken.{" "}
            <a href={`/admin/events/${event.id}/rsvps.csv`} className="font-semibold underline" download>
              Export the list (CSV)
            </a>
          </p>
          {rsvps.length === 0 ? (
            <p className="mt-4 text-muted">No RSVPs yet.</p>
          ) : (
            <ResponsiveTable caption="RSVPs" columns={["Name", "Email", "Party", "Status", "RSVPed"]}>
              {rsvps.map((r) => (
                <tr key={r.id} className={rowClass}>
                  <Cell label="Name">{r.name}</Cell>
                  <Cell label="Email">{r.email}</Cell>
                  <Cell label="Party">{r.partySize}</Cell>
                  <Cell label="Status">{STATUS_LABEL[r.status]}</Cell>
                  <Cell label="RSVPed">{storeDateTime(r.createdAt)}</Cell>
                </tr>
              ))}
            </ResponsiveTable>
          )}
        </section>
      )}

      <section aria-labelledby="details" className="mt-10 rounded-lg border border-line p-5">
        <h2 id="details" className="font-display text-2xl">
          Details
        </h2>
        <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="save" />
          <EventFields values={result?.intent === "save" && result.values ? result.values : values} errors={result?.intent === "save" ? result.fields : undefined} prefix="edit" />
          <PhotoFields id="edit-photo" current={event.picture} error={result?.intent === "save" ? result.fields?.photo : undefined} label="Upload a poster photo" />
          <div>
            <button type="submit" className={primaryButton}>
              Save event
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
