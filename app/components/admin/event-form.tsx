import { inputClass } from "../account/page-shell.tsx";
import { Field } from "./product-form.tsx";
import { selectClass } from "./admin-ui.tsx";

/** The back office's event fields, shared by the new and the edit forms. Times are New York time. */
export interface EventValues {
  slug: string;
  title: string;
  kind: string;
  timeLabel: string;
  description: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  image: string;
  imageAlt: string;
  capacity: string;
  mode: string;
  partySizeLimit: string;
  published: boolean;
  /** The Spanish pages' texts: each empty one shows the English. */
  titleEs: string;
  kindEs: string;
  timeLabelEs: string;
  descriptionEs: string;
  venueEs: string;
  imageAltEs: string;
}

export const EMPTY_EVENT: EventValues = {
  slug: "",
  title: "",
  kind: "",
  timeLabel: "Doors",
  description: "",
  startsAt: "",
  endsAt: "",
  venue: "",
  image: "/images/event-june-15.svg",
  imageAlt: "",
  capacity: "100",
  mode: "tickets",
  partySizeLimit: "4",
  published: true,
  titleEs: "",
  kindEs: "",
  timeLabelEs: "",
  descriptionEs: "",
  venueEs: "",
  imageAltEs: "",
};

export function EventFields({ values, errors, prefix }: { values: EventValues; errors: Record<string, string> | undefined; prefix: string }) {
  const text = (name: keyof EventValues, label: string, hint?: string, type = "text") => (
    <Field id={`${prefix}-${name}`} label={label} error={errors?.[name]} {...(hint ? { hint } : {})}>
      {(aria) => <input {...aria} name={name} type={type} defaultValue={String(values[name])} className={inputClass} />}
    </Field>
  );
  const spanish = (name: keyof EventValues, label: string, maxLength: number, hint?: string) => (
    <Field id={`${prefix}-${name}`} label={label} optional error={errors?.[name]} {...(hint ? { hint } : {})}>
      {(aria) => <input {...aria} name={name} lang="es" maxLength={maxLength} defaultValue={String(values[name])} className={inputClass} />}
    </Field>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text("title", "Title")}
      {text("slug", "Address", "The page is /events/<address>.")}
      {text("kind", "Kind", "e.g. Live Session, Art Exhibition.")}
      {text("timeLabel", "Label for the times", "e.g. Doors, Opening Reception.")}
      {text("startsAt", "Starts (New York time)", undefined, "datetime-local")}
      {text("endsAt", "Ends (New York time)", undefined, "datetime-local")}
      {text("venue", "Venue")}
      {text("capacity", "Capacity (people)", undefined, "number")}
      {text("image", "Poster image", "A file under /images/, e.g. /images/event-july-20.svg. Shown when no photo is uploaded.")}
      {text("imageAlt", "Poster description")}
      <Field id={`${prefix}-mode`} label="Admission" error={errors?.mode}>
        {(aria) => (
          <select {...aria} name="mode" defaultValue={values.mode} className={selectClass}>
            <option value="tickets">Tickets (sold through the cart)</option>
            <option value="rsvp">Free, by RSVP</option>
          </select>
        )}
      </Field>
      {text("partySizeLimit", "Largest RSVP party", "RSVP events: most people one RSVP may bring.", "number")}
      <div className="sm:col-span-2">
        <Field id={`${prefix}-description`} label="Description" error={errors?.description}>
          {(aria) => <textarea {...aria} name="description" rows={4} defaultValue={values.description} className={`${inputClass} h-auto py-2`} />}
        </Field>
      </div>
      <fieldset className="grid gap-4 rounded border border-line p-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 font-display text-xl">Spanish (/es)</legend>
        <p className="text-sm text-muted sm:col-span-2">
          What the Spanish pages and mails show. Every field is optional: an empty one shows the English. A title often keeps the event&apos;s name and translates the rest.
        </p>
        {spanish("titleEs", "Spanish title", 120, "e.g. Paint the Block: exposición de arte.")}
        {spanish("kindEs", "Spanish kind", 40)}
        {spanish("timeLabelEs", "Spanish label for the times", 40)}
        {spanish("venueEs", "Spanish venue", 160, "Only when the venue is words, not an address.")}
        <div className="sm:col-span-2">{spanish("imageAltEs", "Spanish poster description", 200)}</div>
        <div className="sm:col-span-2">
          <Field id={`${prefix}-descriptionEs`} label="Spanish description" optional error={errors?.descriptionEs}>
            {(aria) => <textarea {...aria} name="descriptionEs" lang="es" rows={4} maxLength={4000} defaultValue={values.descriptionEs} className={`${inputClass} h-auto py-2`} />}
          </Field>
        </div>
      </fieldset>
      <label className="flex items-center gap-2 font-semibold">
        <input type="checkbox" name="published" value="on" defaultChecked={values.published} className="h-5 w-5" /> Published (shown on the site)
      </label>
    </div>
  );
}
