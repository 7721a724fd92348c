import { Form } from "../../i18n/index.ts";
import { MEDIA_WIDTHS } from "../../../core/media/rules.ts";
import type { ContentImage } from "../../../core/content/index.ts";
import { ContentImg } from "../content/content-image.tsx";
const dangerButton = "inline-flex min-h-11 items-center justify-center rounded bg-danger px-5 py-2 font-semibold text-paper";
import { Field } from "./product-form.tsx";

/**
 * The upload half of a culture picture (a story's, a look's, an event's, a playlist's cover): the current
 * uploaded photograph with a box to keep it, and a file to upload a new one. The drawn-art choice and the
 * description stay the form's own fields: the art is what shows when no photo is kept.
 * The form around it must be `encType="multipart/form-data"`.
 */
export function PhotoFields({ id, current, error, label = "Upload a photo" }: { id: string; current: ContentImage | null; error?: string | undefined; label?: string }) {
  return (
    <div className="space-y-3 sm:col-span-2">
      {current ? (
        <div className="flex flex-wrap items-center gap-3 rounded border border-line p-3">
          <div className="w-24 shrink-0">
            <ContentImg image={current} sizes="96px" className="rounded" />
          </div>
          <p className="flex min-w-0 flex-1 items-center gap-2">
            <input id={`${id}-keep`} type="checkbox" name="keepPhoto" defaultChecked className="h-5 w-5 shrink-0" />
            <label htmlFor={`${id}-keep`} className="font-semibold">
              Show the uploaded photo <span className="font-normal text-muted">(untick to show the drawn art instead; the photo is deleted)</span>
            </label>
          </p>
        </div>
      ) : null}
      <Field id={id} label={label} optional hint={`JPEG, PNG or WebP, at most 10 MB. Shown instead of the drawn art, resized to ${MEDIA_WIDTHS.join(", ")} px wide.`} error={error}>
        {(aria) => <input {...aria} name="photo" type="file" accept="image/jpeg,image/png,image/webp" className="block w-full text-sm" />}
      </Field>
    </div>
  );
}

/**
 * A delete that asks first, without JavaScript: the button opens a <details> holding the form that sends
 * `confirmed=yes` (the action refuses a delete without it).
 */
export function DeleteConfirm({ summary, question, fields, confirmLabel }: { summary: string; question: string; fields: Record<string, string>; confirmLabel: string }) {
  return (
    <details className="rounded border border-line p-3">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-danger">{summary}</summary>
      <Form method="post" className="mt-2 space-y-3">
        <p>{question}</p>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className={dangerButton}>
          {confirmLabel}
        </button>
      </Form>
    </details>
  );
}
