import { z } from "zod";
import { CULTURE_IMAGES } from "../articles/rules.ts";
import { releaseMomentSchema } from "../shared/zod.ts";
import { parseSlugList } from "./rules.ts";

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} is too long (at most ${max} characters).`);

/** An optional text: empty is null. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? v.trim() : v),
    z.string({ message: `Enter the ${label} as text.` }).max(max, `The ${label} is too long (at most ${max} characters).`).nullable(),
  );

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const collectionSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and dashes.").max(120);

/**
 * The back office's collection form: its products as slugs, one a line, in the order shown. Its Spanish
 * texts are optional (empty: Spanish pages show the English); the name is the brand's and has none. A
 * Spanish season goes with a Spanish description, and only where the collection has a season.
 */
export const collectionFormSchema = z
  .object({
    name: text("name", 120),
    slug: collectionSlugSchema,
    description: text("description", 1000),
    season: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v), z.string().max(60, "The season is too long.").nullable()),
    featured: checkbox,
    /** A collection-wide drop: none of its products is sold before this moment (New York time; empty: none). */
    onSaleAt: releaseMomentSchema,
    products: z.preprocess((v) => parseSlugList(typeof v === "string" ? v : ""), z.array(collectionSlugSchema).max(200, "At most 200 products.")),
    descriptionEs: optionalText("Spanish description", 1000),
    seasonEs: optionalText("Spanish season", 60),
  })
  .superRefine((form, ctx) => {
    if (form.seasonEs === null) return;
    if (form.season === null) ctx.addIssue({ code: "custom", path: ["seasonEs"], message: "Enter the season too, or leave the Spanish season empty." });
    if (form.descriptionEs === null) ctx.addIssue({ code: "custom", path: ["descriptionEs"], message: "Enter the Spanish description too: the Spanish season is saved with it." });
  });
export type CollectionForm = z.infer<typeof collectionFormSchema>;

const LOOK_SPANISH = [
  ["titleEs", "Spanish title"],
  ["captionEs", "Spanish caption"],
  ["imageAltEs", "Spanish picture description"],
] as const;

/** A look's form; its Spanish title, caption and picture description are all written or all left empty. */
export const lookFormSchema = z
  .object({
    title: text("title", 120),
    caption: text("caption", 600),
    imageSrc: z.enum(CULTURE_IMAGES, { message: "Choose one of the pictures." }),
    imageAlt: text("picture's description", 300),
    position: z.coerce.number({ message: "Enter a whole number." }).int("Enter a whole number.").min(0).max(999),
    titleEs: optionalText("Spanish title", 120),
    captionEs: optionalText("Spanish caption", 600),
    imageAltEs: optionalText("Spanish picture description", 300),
  })
  .superRefine((form, ctx) => {
    if (LOOK_SPANISH.every(([key]) => form[key] === null)) return;
    for (const [key, label] of LOOK_SPANISH) {
      if (form[key] === null) ctx.addIssue({ code: "custom", path: [key], message: `Enter the ${label} too, or leave the Spanish texts empty.` });
    }
  });
export type LookForm = z.infer<typeof lookFormSchema>;

const percent = (axis: string) => z.coerce.number({ message: `Enter the ${axis} position (0 to 100).` }).int("Enter a whole number.").min(0, "From 0 to 100.").max(100, "From 0 to 100.");

export const hotspotFormSchema = z.object({
  product: collectionSlugSchema,
  x: percent("across"),
  y: percent("down"),
});
export type HotspotForm = z.infer<typeof hotspotFormSchema>;

export const lookbookIdSchema = z.coerce.number().int().positive();
