import type { LookView } from "../../../core/lookbook/index.ts";
import { inputClass } from "../account/page-shell.tsx";
import { selectClass } from "./admin-ui.tsx";
import { PhotoFields } from "./photo-fields.tsx";
import { Field } from "./product-form.tsx";

type Images = readonly string[];

export function LookFields({ prefix, look, errors, images, sent }: { prefix: string; look: Partial<LookView> | null; errors: Record<string, string> | undefined; images: Images; sent: Record<string, string> | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${prefix}-title`} label="Look title" error={errors?.title}>
        {(aria) => <input {...aria} name="title" defaultValue={sent?.title ?? look?.title ?? ""} required maxLength={120} className={inputClass} />}
      </Field>
      <Field id={`${prefix}-position`} label="Order" hint="Looks show from the lowest number." error={errors?.position}>
        {(aria) => <input {...aria} name="position" type="number" min={0} max={999} defaultValue={sent?.position ?? look?.position ?? 0} required className={inputClass} />}
      </Field>
      <Field id={`${prefix}-image`} label="Drawn art" hint="Shown when no photo is uploaded." error={errors?.imageSrc}>
        {(aria) => (
          <select {...aria} name="imageSrc" defaultValue={sent?.imageSrc ?? look?.imageSrc ?? images[images.length - 1]} className={selectClass}>
            {images.map((src) => (
              <option key={src} value={src}>
                {src.replace("/images/", "")}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${prefix}-alt`} label="Picture description" error={errors?.imageAlt}>
        {(aria) => <input {...aria} name="imageAlt" defaultValue={sent?.imageAlt ?? look?.imageAlt ?? ""} required maxLength={300} className={inputClass} />}
      </Field>
      <PhotoFields id={`${prefix}-photo`} current={look?.pictureId && look.image ? look.image : null} error={errors?.photo} />
      <div className="sm:col-span-2">
        <Field id={`${prefix}-caption`} label="Caption" error={errors?.caption}>
          {(aria) => <textarea {...aria} name="caption" defaultValue={sent?.caption ?? look?.caption ?? ""} required maxLength={600} rows={2} className="w-full rounded border border-line bg-card p-3" />}
        </Field>
      </div>
      <Field id={`${prefix}-title-es`} label="Spanish title" optional hint="With the Spanish caption and picture description: all three, or none (Spanish pages then show the English)." error={errors?.titleEs}>
        {(aria) => <input {...aria} name="titleEs" defaultValue={sent?.titleEs ?? look?.es?.title ?? ""} maxLength={120} lang="es" className={inputClass} />}
      </Field>
      <Field id={`${prefix}-alt-es`} label="Spanish picture description" optional error={errors?.imageAltEs}>
        {(aria) => <input {...aria} name="imageAltEs" defaultValue={sent?.imageAltEs ?? look?.es?.imageAlt ?? ""} maxLength={300} lang="es" className={inputClass} />}
      </Field>
      <div className="sm:col-span-2">
        <Field id={`${prefix}-caption-es`} label="Spanish caption" optional error={errors?.captionEs}>
          {(aria) => <textarea {...aria} name="captionEs" defaultValue={sent?.captionEs ?? look?.es?.caption ?? ""} maxLength={600} rows={2} lang="es" className="w-full rounded border border-line bg-card p-3" />}
        </Field>
      </div>
    </div>
  );
}
