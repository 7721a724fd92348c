import { z } from "zod";
import { CULTURE_IMAGES } from "../articles/rules.ts";
import { releaseMomentSchema } from "../shared/zod.ts";
import { lookbookField as field, parseSlugList } from "./rules.ts";

/** A required text: `required`, left empty; `tooLong` (taking `{max}`), longer than `max`. */
const text = (required: string, tooLong: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, tooLong);

/** An optional text: empty is null; `notText`, sent as something else; `tooLong` (taking `{max}`), longer than `max`. */
const optionalText = (notText: string, tooLong: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? v.trim() : v),
    z.string({ message: notText }).max(max, tooLong).nullable(),
  );

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const collectionSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, field("admin.domain.slugLettersDigitsDashes")).max(120);

/**
 * The back office's collection form: its products as slugs, one a line, in the order shown. Its Spanish
 * texts are optional (empty: Spanish pages show the English); the name is the brand's and has none. A
 * Spanish season goes with a Spanish description, and only where the collection has a season.
 */
export const collectionFormSchema = z
  .object({
    name: text(field("admin.domain.enterName"), field("admin.domain.nameTooLong"), 120),
    slug: collectionSlugSchema,
    description: text(field("admin.domain.enterDescription"), field("admin.domain.descriptionTooLong"), 1000),
    season: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v), z.string().max(60, field("admin.domain.seasonTooLong")).nullable()),
    featured: checkbox,
    /** A collection-wide drop: none of its products is sold before this moment (New York time; empty: none). */
    onSaleAt: releaseMomentSchema,
    products: z.preprocess((v) => parseSlugList(typeof v === "string" ? v : ""), z.array(collectionSlugSchema).max(200, field("admin.domain.tooManyProducts"))),
    descriptionEs: optionalText(field("admin.domain.descriptionEsAsText"), field("admin.domain.descriptionEsTooLong"), 1000),
    seasonEs: optionalText(field("admin.domain.seasonEsAsText"), field("admin.domain.seasonEsTooLong"), 60),
  })
  .superRefine((form, ctx) => {
    if (form.seasonEs === null) return;
    if (form.season === null) ctx.addIssue({ code: "custom", path: ["seasonEs"], message: field("admin.domain.seasonEsNeedsSeason") });
    if (form.descriptionEs === null) ctx.addIssue({ code: "custom", path: ["descriptionEs"], message: field("admin.domain.descriptionEsNeedsSeason") });
  });
export type CollectionForm = z.infer<typeof collectionFormSchema>;

/** A look's Spanish texts, each with what is said when it alone is left empty. */
const LOOK_SPANISH = [
  ["titleEs", field("admin.domain.titleEsAllOrNone")],
  ["captionEs", field("admin.domain.captionEsAllOrNone")],
  ["imageAltEs", field("admin.domain.pictureDescriptionEsAllOrNone")],
] as const;

/** A look's form; its Spanish title, caption and picture description are all written or all left empty. */
export const lookFormSchema = z
  .object({
    title: text(field("admin.domain.enterTitle"), field("admin.domain.titleTooLong"), 120),
    caption: text(field("admin.domain.enterCaption"), field("admin.domain.captionTooLong"), 600),
    imageSrc: z.enum(CULTURE_IMAGES, { message: field("admin.domain.choosePicture") }),
    imageAlt: text(field("admin.domain.enterPictureDescription"), field("admin.domain.pictureDescriptionTooLong"), 300),
    position: z.coerce.number({ message: field("api.domain.fieldWholeNumber") }).int(field("api.domain.fieldWholeNumber")).min(0).max(999),
    titleEs: optionalText(field("admin.domain.titleEsAsText"), field("admin.domain.titleEsTooLong"), 120),
    captionEs: optionalText(field("admin.domain.captionEsAsText"), field("admin.domain.captionEsTooLong"), 600),
    imageAltEs: optionalText(field("admin.domain.pictureDescriptionEsAsText"), field("admin.domain.lookPictureDescriptionEsTooLong"), 300),
  })
  .superRefine((form, ctx) => {
    if (LOOK_SPANISH.every(([key]) => form[key] === null)) return;
    for (const [key, message] of LOOK_SPANISH) {
      if (form[key] === null) ctx.addIssue({ code: "custom", path: [key], message });
    }
  });
export type LookForm = z.infer<typeof lookFormSchema>;

/** A hotspot's position along one axis; `message`, what is said when it is no number. */
const percent = (message: string) =>
  z.coerce.number({ message }).int(field("api.domain.fieldWholeNumber")).min(0, field("admin.domain.fromZeroToHundred")).max(100, field("admin.domain.fromZeroToHundred"));

export const hotspotFormSchema = z.object({
  product: collectionSlugSchema,
  x: percent(field("admin.domain.acrossPosition")),
  y: percent(field("admin.domain.downPosition")),
});
export type HotspotForm = z.infer<typeof hotspotFormSchema>;

export const lookbookIdSchema = z.coerce.number().int().positive();
