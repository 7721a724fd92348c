import { Form } from "../../i18n/index.ts";
import { COVER_CHOICES } from "../../../core/music/rules.ts";
import type { ContentImage } from "../../../core/content/index.ts";
import { inputClass, labelClass, Notice, primaryButton } from "../account/page-shell.tsx";
import { PhotoFields } from "./photo-fields.tsx";

export type PlaylistFormField = "title" | "slug" | "label" | "description" | "coverSrc" | "coverAlt" | "featured" | "photo" | "titleEs" | "labelEs" | "descriptionEs" | "coverAltEs" | "form";
export type PlaylistFormErrors = Partial<Record<PlaylistFormField, string>>;
export interface PlaylistFormValues {
  title: string;
  slug: string;
  label: string;
  description: string;
  coverSrc: string;
  coverAlt: string;
  featured: boolean;
  /** The Spanish page's texts: each empty one shows the English. */
  titleEs: string;
  labelEs: string;
  descriptionEs: string;
  coverAltEs: string;
}

export const EMPTY_PLAYLIST: PlaylistFormValues = {
  title: "",
  slug: "",
  label: "",
  description: "",
  coverSrc: COVER_CHOICES[0].src,
  coverAlt: "",
  featured: false,
  titleEs: "",
  labelEs: "",
  descriptionEs: "",
  coverAltEs: "",
};

const FIELDS = new Set<string>(["title", "slug", "label", "description", "coverSrc", "coverAlt", "featured", "photo", "titleEs", "labelEs", "descriptionEs", "coverAltEs"]);
export function playlistFieldOf(field: string): PlaylistFormField {
  return FIELDS.has(field) ? (field as PlaylistFormField) : "form";
}

/** The form's fields as the core takes them (a checkbox sends "on" when ticked, nothing otherwise). */
export function playlistValuesOf(fields: Record<string, string>): PlaylistFormValues {
  return {
    title: fields.title ?? "",
    slug: fields.slug ?? "",
    label: fields.label ?? "",
    description: fields.description ?? "",
    coverSrc: fields.coverSrc ?? "",
    coverAlt: fields.coverAlt ?? "",
    featured: fields.featured === "on",
    titleEs: fields.titleEs ?? "",
    labelEs: fields.labelEs ?? "",
    descriptionEs: fields.descriptionEs ?? "",
    coverAltEs: fields.coverAltEs ?? "",
  };
}

/**
 * Create or edit a playlist: title, address, label, description, cover (the brand's art) and featured. With
 * `photo` (the edit page), a cover photograph may be uploaded too.
 */
export function PlaylistForm({
  values,
  errors,
  intent,
  submitLabel,
  photo,
}: {
  values: PlaylistFormValues;
  errors: PlaylistFormErrors;
  intent: string;
  submitLabel: string;
  photo?: { current: ContentImage | null };
}) {
  const err = (f: PlaylistFormField) =>
    errors[f] ? (
      <p id={`playlist-${f}-error`} className="mt-1 text-sm text-danger">
        {errors[f]}
      </p>
    ) : null;
  const aria = (f: PlaylistFormField, hint?: string) => ({
    "aria-invalid": errors[f] ? true : undefined,
    "aria-describedby": [hint, errors[f] ? `playlist-${f}-error` : undefined].filter(Boolean).join(" ") || undefined,
  });
  return (
    <Form method="post" encType={photo ? "multipart/form-data" : undefined} className="mt-4 grid gap-4 sm:grid-cols-2">
      {errors.form ? (
        <div className="sm:col-span-2">
          <Notice tone="error">{errors.form}</Notice>
        </div>
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      <div>
        <label htmlFor="playlist-title" className={labelClass}>
          Title
        </label>
        <input id="playlist-title" name="title" required maxLength={80} defaultValue={values.title} className={inputClass} {...aria("title")} />
        {err("title")}
      </div>
      <div>
        <label htmlFor="playlist-slug" className={labelClass}>
          Address (slug)
        </label>
        <input id="playlist-slug" name="slug" maxLength={60} defaultValue={values.slug} className={inputClass} {...aria("slug", "playlist-slug-hint")} />
        <p id="playlist-slug-hint" className="mt-1 text-xs text-muted">
          Empty: made from the title.
        </p>
        {err("slug")}
      </div>
      <div>
        <label htmlFor="playlist-label" className={labelClass}>
          Label (optional)
        </label>
        <input id="playlist-label" name="label" maxLength={20} defaultValue={values.label} className={inputClass} {...aria("label", "playlist-label-hint")} />
        <p id="playlist-label-hint" className="mt-1 text-xs text-muted">
          Shown above the title, e.g. Vol. 2.
        </p>
        {err("label")}
      </div>
      <div className="flex items-center gap-2 pt-6">
        <input id="playlist-featured" name="featured" type="checkbox" defaultChecked={values.featured} className="h-5 w-5" {...aria("featured", "playlist-featured-hint")} />
        <label htmlFor="playlist-featured" className="font-semibold">
          Featured mix
        </label>
        <p id="playlist-featured-hint" className="text-xs text-muted">
          (one at a time: it replaces the current one)
        </p>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="playlist-description" className={labelClass}>
          Description
        </label>
        <textarea id="playlist-description" name="description" rows={3} maxLength={400} defaultValue={values.description} className={`${inputClass} h-auto py-2`} {...aria("description")} />
        {err("description")}
      </div>
      <fieldset className="sm:col-span-2" {...aria("coverSrc")}>
        <legend className={labelClass}>{photo ? "Drawn cover (shown when no photo is uploaded)" : "Cover"}</legend>
        <div className="flex flex-wrap gap-3">
          {COVER_CHOICES.map((c) => (
            <label key={c.src} className="flex w-32 cursor-pointer flex-col items-center gap-1 rounded border border-line p-2 text-center text-xs has-checked:border-ink has-checked:ring-2 has-checked:ring-gold">
              <img src={c.src} alt="" width={96} height={96} className="h-24 w-24" />
              <span className="flex items-center gap-1">
                <input type="radio" name="coverSrc" value={c.src} defaultChecked={values.coverSrc === c.src} />
                {c.label}
              </span>
            </label>
          ))}
        </div>
        {err("coverSrc")}
      </fieldset>
      {photo ? <PhotoFields id="playlist-photo" current={photo.current} error={errors.photo} label="Upload a cover photo" /> : null}
      <div className="sm:col-span-2">
        <label htmlFor="playlist-coverAlt" className={labelClass}>
          Cover description (alt text)
        </label>
        <input id="playlist-coverAlt" name="coverAlt" required maxLength={200} defaultValue={values.coverAlt} className={inputClass} {...aria("coverAlt")} />
        {err("coverAlt")}
      </div>
      <fieldset className="grid gap-4 rounded border border-line p-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 font-display text-xl">Spanish (/es)</legend>
        <p className="text-sm text-muted sm:col-span-2">
          What the Spanish Music page shows. Every field is optional: an empty one shows the English (a mix&apos;s name may stay as it is). Track titles and artists are never
          translated.
        </p>
        <div>
          <label htmlFor="playlist-titleEs" className={labelClass}>
            Spanish title <span className="font-normal text-muted">(optional)</span>
          </label>
          <input id="playlist-titleEs" name="titleEs" lang="es" maxLength={80} defaultValue={values.titleEs} className={inputClass} {...aria("titleEs")} />
          {err("titleEs")}
        </div>
        <div>
          <label htmlFor="playlist-labelEs" className={labelClass}>
            Spanish label <span className="font-normal text-muted">(optional)</span>
          </label>
          <input id="playlist-labelEs" name="labelEs" lang="es" maxLength={20} defaultValue={values.labelEs} className={inputClass} {...aria("labelEs")} />
          {err("labelEs")}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="playlist-descriptionEs" className={labelClass}>
            Spanish description <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id="playlist-descriptionEs"
            name="descriptionEs"
            lang="es"
            rows={3}
            maxLength={400}
            defaultValue={values.descriptionEs}
            className={`${inputClass} h-auto py-2`}
            {...aria("descriptionEs")}
          />
          {err("descriptionEs")}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="playlist-coverAltEs" className={labelClass}>
            Spanish cover description <span className="font-normal text-muted">(optional)</span>
          </label>
          <input id="playlist-coverAltEs" name="coverAltEs" lang="es" maxLength={200} defaultValue={values.coverAltEs} className={inputClass} {...aria("coverAltEs")} />
          {err("coverAltEs")}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <button type="submit" className={primaryButton}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
