import { z } from "zod";
import { fieldTextsOf } from "../shared/text.ts";
import { COMMENT_MAX, FIT_ANSWERS, MAX_REVIEW_PAGES, REVIEW_SORTS, TITLE_MAX, type ReviewListValues, type Stars } from "./rules.ts";

const option = z
  .string()
  .trim()
  .max(40)
  .transform((s) => s || null);

/**
 * The review list's query string on /shop/:slug. Anything unreadable falls back to the default rather
 * than failing: a shared or hand-edited link still opens the product.
 */
export const reviewListQuerySchema = z.object({
  rating: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .transform((n) => n as Stars)
    .nullable()
    .catch(null),
  verified: z
    .string()
    .transform((s) => ["1", "true", "on", "yes"].includes(s.toLowerCase()))
    .catch(false),
  size: option.nullable().catch(null),
  color: option.nullable().catch(null),
  sort: z.enum(REVIEW_SORTS).catch("newest"),
  page: z.coerce.number().int().min(1).max(MAX_REVIEW_PAGES).catch(1),
}) satisfies z.ZodType<ReviewListValues, unknown>;

export type ReviewListQuery = ReviewListValues;

export function parseReviewListQuery(params: URLSearchParams): ReviewListQuery {
  return reviewListQuerySchema.parse({
    rating: params.get("rating") || null,
    verified: params.get("verified") ?? "",
    size: params.get("size"),
    color: params.get("color"),
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/**
 * The texts of the review form's checks: ids of the catalogue (texts/messages), worded by the doors. The
 * lengths are written in them as TITLE_MAX and COMMENT_MAX are (the checks come after a transform).
 */
const field = fieldTextsOf({
  "shop.reviews.error.rating": [],
  "shop.reviews.error.titleTooLong": [],
  "shop.reviews.error.commentTooLong": [],
  "shop.reviews.error.fit": [],
  "shop.reviews.error.reviewNotFound": [],
});

const RATING_MESSAGE = field("shop.reviews.error.rating");

/** A review as the form posts it. Whether it is verified, and whose it is, the server decides. */
export const reviewFormSchema = z.object({
  rating: z
    .string({ error: RATING_MESSAGE })
    .trim()
    .regex(/^[1-5]$/, RATING_MESSAGE)
    .transform((s) => Number(s) as Stars),
  title: z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim().replace(/\s+/g, " "))
    .pipe(z.string().max(TITLE_MAX, field("shop.reviews.error.titleTooLong"))),
  comment: z
    .string()
    .optional()
    .transform((s) => (s ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(COMMENT_MAX, field("shop.reviews.error.commentTooLong"))),
  size: z
    .string()
    .optional()
    .transform((s) => s?.trim() || null)
    .pipe(z.string().max(40).nullable()),
  color: z
    .string()
    .optional()
    .transform((s) => s?.trim() || null)
    .pipe(z.string().max(40).nullable()),
  fit: z
    .string()
    .optional()
    .transform((s) => s?.trim() || null)
    .pipe(z.enum(FIT_ANSWERS, { error: field("shop.reviews.error.fit") }).nullable()),
});
export type ReviewInput = z.infer<typeof reviewFormSchema>;

/**
 * A review as JSON sends it (the app's API): the form's fields and messages, the rating a whole number from
 * 1 to 5 (what is left blank is left out).
 */
export const reviewJsonSchema = reviewFormSchema.extend({
  rating: z
    .number({ error: RATING_MESSAGE })
    .int(RATING_MESSAGE)
    .min(1, RATING_MESSAGE)
    .max(5, RATING_MESSAGE)
    .transform((n) => n as Stars),
});

export const reviewIdSchema = z
  .string({ error: field("shop.reviews.error.reviewNotFound") })
  .trim()
  .regex(/^\d{1,9}$/, field("shop.reviews.error.reviewNotFound"))
  .transform(Number);
