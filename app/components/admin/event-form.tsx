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
};

export function EventFields({ values, errors, prefix }: { values: EventValues; errors: Record<string, string> | undefined; prefix: string }) {
  const text = (name: keyof EventValues, label: string, hint?: string, type = "text") => (
    <Field id={`${prefix}-${name}`} label={label} error={errors?.[name]} {...(hint ? { hint } : {})}>
      {(aria) => <input {...aria} name={name} type={type} defaultValue={String(values[name])} className={inputClass} />}
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
      <label className="flex items-center gap-2 font-semibold">
        <input type="checkbox" name="published" value="on" defaultChecked={values.published} className="h-5 w-5" /> Published (shown on the site)
      </label>
    </div>
  );
}
