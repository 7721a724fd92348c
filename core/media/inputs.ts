import { z } from "zod";

/** The admin photo forms' schemas. Free of the database: browser-bound UI may import it. */

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The product's version the form was rendered with: a save carrying an older one is refused. */
const version = z.coerce
  .number({ message: "Reload the page and try again." })
  .int("Reload the page and try again.")
  .positive("Reload the page and try again.")
  .max(2_147_483_647, "Reload the page and try again.");

export const productIdInput = id;

/** "" (the form's "All colours") is null: the photo is shown with every colour. */
const color = z
  .string()
  .trim()
  .max(60, "Choose one of the product's colours, or All colours.")
  .transform((v) => (v === "" ? null : v));

export const addImageInput = z.object({
  productId: id,
  color: color.nullable().default(null),
  alt: z
    .string()
    .trim()
    .min(1, "Describe the photo for people who cannot see it.")
    .max(200, "Keep the description under 200 characters."),
  expectedVersion: version,
});
export type AddImageInput = z.input<typeof addImageInput>;

export const imageActionInput = z.object({
  productId: id,
  imageId: id,
  expectedVersion: version,
});
export type ImageActionInput = z.input<typeof imageActionInput>;
