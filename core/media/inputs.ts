import { z } from "zod";
import { mediaField as field } from "./rules.ts";

/** The admin photo forms' schemas. Free of the database: browser-bound UI may import it. */

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The product's version the form was rendered with: a save carrying an older one is refused. */
const version = z.coerce
  .number({ message: field("admin.domain.reloadAndRetry") })
  .int(field("admin.domain.reloadAndRetry"))
  .positive(field("admin.domain.reloadAndRetry"))
  .max(2_147_483_647, field("admin.domain.reloadAndRetry"));

export const productIdInput = id;

/** "" (the form's "All colours") is null: the photo is shown with every colour. */
const color = z
  .string()
  .trim()
  .max(60, field("admin.domain.photoColor"))
  .transform((v) => (v === "" ? null : v));

export const addImageInput = z.object({
  productId: id,
  color: color.nullable().default(null),
  alt: z
    .string()
    .trim()
    .min(1, field("admin.domain.photoAltRequired"))
    .max(200, field("admin.domain.photoAltTooLong")),
  expectedVersion: version,
});
export type AddImageInput = z.input<typeof addImageInput>;

export const imageActionInput = z.object({
  productId: id,
  imageId: id,
  expectedVersion: version,
});
export type ImageActionInput = z.input<typeof imageActionInput>;
