import { z } from "zod";
import { storeLocalToInstant } from "./dates.ts";
import { fieldTextsOf } from "./text.ts";

/** The shared fields' messages: ids of the catalogue (texts/messages/<locale>/admin.json). */
const field = fieldTextsOf({ "admin.domain.releaseMomentFormat": [] });

/** A form field where blank means none (null); anything else, trimmed, is parsed by `schema`. */
export const blankOr = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(schema.nullable());

/**
 * A text's translation as a back-office form sends it: optional, trimmed, empty meaning none (null: the page
 * in that language shows the English), at most as long as the English may be. `message` is the id of the
 * catalogue's text for a translation too long (a field text taking `{max}`: core/shared/field-text.ts).
 */
export const translatedText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === "" ? null : v))
    .optional();

/**
 * A timed release's moment (a product's or a collection's) as the back office types it: New York wall-clock time from a datetime-local
 * field (seconds optional); empty, no timed release.
 */
export const releaseMomentSchema = blankOr(
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, field("admin.domain.releaseMomentFormat"))
    .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100 && !Number.isNaN(storeLocalToInstant(v).getTime()), field("admin.domain.releaseMomentFormat"))
    .transform(storeLocalToInstant),
);
