import { z } from "zod";
import { translatedText } from "../shared/zod.ts";
import { articleField as field, CULTURE_IMAGES } from "./rules.ts";

export const articleSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, field("admin.domain.slugLettersDigitsDashes")).max(120);

/** A required text: `required`, left empty; `tooLong` (taking `{max}`), longer than `max`. */
const text = (required: string, tooLong: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, tooLong);

/** A Spanish text: optional (empty: the Spanish page shows the English one), as long as the English may be; `tooLong` takes `{max}`. */
const spanish = (tooLong: string, max: number) => translatedText(max, tooLong);

/** The back office's article form (/admin/articles). An empty slug is made from the title. */
export const articleFormSchema = z.object({
  title: text(field("admin.domain.enterTitle"), field("admin.domain.titleTooLong"), 160),
  slug: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v), articleSlugSchema.nullable()),
  category: text(field("admin.domain.enterCategory"), field("admin.domain.categoryTooLong"), 40),
  author: text(field("admin.domain.enterAuthor"), field("admin.domain.authorTooLong"), 80),
  excerpt: text(field("admin.domain.enterExcerpt"), field("admin.domain.excerptTooLong"), 400),
  body: text(field("admin.domain.enterBody"), field("admin.domain.bodyTooLong"), 50_000),
  imageSrc: z.enum(CULTURE_IMAGES, { message: field("admin.domain.choosePicture") }),
  imageAlt: text(field("admin.domain.enterPictureDescription"), field("admin.domain.pictureDescriptionTooLong"), 300),
  featured: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  titleEs: spanish(field("admin.domain.titleEsTooLong"), 160),
  categoryEs: spanish(field("admin.domain.categoryEsTooLong"), 40),
  excerptEs: spanish(field("admin.domain.excerptEsTooLong"), 400),
  bodyEs: spanish(field("admin.domain.bodyEsTooLong"), 50_000),
  imageAltEs: spanish(field("admin.domain.pictureDescriptionEsTooLong"), 300),
});
export type ArticleForm = z.infer<typeof articleFormSchema>;

export const articleIdSchema = z.coerce.number().int().positive();

export const articleStatusIntentSchema = z.enum(["publish", "unpublish"]);
