import type { PictureChange } from "../../core/media/index.ts";
import type { StoreContext } from "../context.ts";
import type { FormFields, FormWithUpload } from "./form.server.ts";

/**
 * The picture change a culture form asks for (app/components/admin/photo-fields.tsx): a chosen file is a new
 * photograph; otherwise the current one stays only while its "Show the uploaded photo" box is ticked.
 */
export function pictureChange(context: StoreContext, fields: FormFields, file: FormWithUpload["file"]): PictureChange {
  return context.useCases.media.picture({ bytes: file?.bytes ?? null, keep: fields.keepPhoto === "on" });
}

/** What a delete needs of the picture store: its files go after the commit. */
export function pictureStore(context: StoreContext): PictureChange {
  return context.useCases.media.picture();
}

/** The user asked twice: deletes are sent again from their confirm step with confirmed=yes. */
export function confirmed(fields: FormFields): boolean {
  return fields.confirmed === "yes";
}
