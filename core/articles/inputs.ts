import { z } from "zod";
import { translatedText } from "../shared/zod.ts";
import { CULTURE_IMAGES } from "./rules.ts";

export const articleSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and dashes.").max(120);

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} is too long (at most ${max} characters).`);

/** A Spanish text: optional (empty: the Spanish page shows the English one), as long as the English may be. */
const spanish = (label: string, max: number) => translatedText(max, `The Spanish ${label} is too long (at most ${max} characters).`);

/** The back office's article form (/admin/articles). An empty slug is made from the title. */
export const articleFormSchema = z.object({
  title: text("title", 160),
  slug: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v), articleSlugSchema.nullable()),
  category: text("category", 40),
  author: text("author", 80),
  excerpt: text("excerpt", 400),
  body: text("body", 50_000),
  imageSrc: z.enum(CULTURE_IMAGES, { message: "Choose one of the pictures." }),
  imageAlt: text("picture's description", 300),
  featured: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  titleEs: spanish("title", 160),
  categoryEs: spanish("category", 40),
  excerptEs: spanish("excerpt", 400),
  bodyEs: spanish("body", 50_000),
  imageAltEs: spanish("picture's description", 300),
});
export type ArticleForm = z.infer<typeof articleFormSchema>;

export const articleIdSchema = z.coerce.number().int().positive();

export const articleStatusIntentSchema = z.enum(["publish", "unpublish"]);
