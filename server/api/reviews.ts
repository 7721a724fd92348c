import { z } from "zod";
import { slugSchema } from "../../core/catalog/index.ts";
import { FIT_ANSWERS, REVIEW_SORTS, reviewsText, reviewIdSchema, reviewJsonSchema, reviewListQuerySchema, fitLine, reviewerLabel } from "../../core/reviews/index.ts";
import { localeT } from "../../texts/index.ts";
import { operation, type ApiContext } from "./operation.ts";
import { API_MESSAGES, ApiProblem } from "./problem.ts";

/*
 * A product's reviews as its page shows them (core/reviews): the same filters, sort, summary and fit line;
 * writing and "helpful" with the page's rules: the author and the voter are always the token's account,
 * verified is decided from the account's paid orders, one review per product, one helpful vote per review.
 */

/* Answers */

const fitSchema = z.enum(FIT_ANSWERS).meta({ description: "How it fits: small (runs small), true (true to size), large (runs large). Clothing only." });

const reviewSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    comment: z.string().meta({ description: "Plain text as written (line breaks kept); never markup." }),
    size: z.string().nullable(),
    color: z.string().nullable(),
    fit: fitSchema.nullable(),
    verified: z.boolean().meta({ description: "The author bought the product (decided by the store from paid orders)." }),
    helpfulCount: z.number().int(),
    authorName: z.string().meta({ description: "First name and last initial (\"Ana R.\"); never an email.", example: "Ana R." }),
    createdAt: z.iso.datetime(),
    editedAt: z.iso.datetime().nullable(),
    mine: z.boolean().meta({ description: "Written by the signed-in shopper." }),
    votedHelpful: z.boolean().meta({ description: "The signed-in shopper marked it helpful." }),
  })
  .meta({ id: "Review" });

const reviewPageSchema = z
  .object({
    items: z.array(reviewSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().meta({ description: "Reviews matching the filters." }),
    nextPage: z.number().int().nullable(),
  })
  .meta({ id: "ReviewPage" });

const summarySchema = z
  .object({
    averageRating: z.number().meta({ description: "One decimal; 0 while there are no reviews." }),
    totalReviews: z.number().int(),
    ratingDistribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
    verifiedPurchaseCount: z.number().int(),
    recommendationPercentage: z.number().int().meta({ description: "Whole percent of ratings of 4 or 5 stars." }),
    fit: z
      .object({
        line: z.string().meta({ example: "Most buyers say it runs true to size" }),
        verdict: fitSchema.nullable(),
        counts: z.object({ small: z.number().int(), true: z.number().int(), large: z.number().int() }),
        total: z.number().int(),
      })
      .nullable()
      .meta({ description: "What buyers say about the fit; null while nobody has said." }),
  })
  .meta({ id: "ReviewSummary" });

const ownReviewSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    comment: z.string(),
    size: z.string().nullable(),
    color: z.string().nullable(),
    fit: fitSchema.nullable(),
    verified: z.boolean(),
    hidden: z.boolean().meta({ description: "Hidden by the store's moderators: not shown to others." }),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "OwnReview" });

const writtenSchema = z.object({ id: z.number().int(), verified: z.boolean(), message: z.string() }).meta({ id: "ReviewWritten" });
const helpfulSchema = z
  .object({ counted: z.boolean().meta({ description: "False when this account had marked it already (a vote counts once)." }), helpfulCount: z.number().int(), message: z.string() })
  .meta({ id: "HelpfulVote" });

/* Requests */

const productParams = z.object({ slug: z.string().max(200).meta({ description: "The product's slug.", example: "harlem-classic-tee" }) });

const listQuery = reviewListQuerySchema.extend({
  rating: reviewListQuerySchema.shape.rating.meta({ description: "Only reviews of this many stars (1 to 5)." }),
  verified: reviewListQuerySchema.shape.verified.meta({ description: "\"1\" or \"true\": only verified purchases." }),
  size: reviewListQuerySchema.shape.size.meta({ description: "Only reviews of this size." }),
  color: reviewListQuerySchema.shape.color.meta({ description: "Only reviews of this colour." }),
  sort: reviewListQuerySchema.shape.sort.meta({ description: `One of ${REVIEW_SORTS.join(", ")}.` }),
  page: reviewListQuerySchema.shape.page.meta({ description: "1-based page of 10 reviews." }),
});

/* Helpers */

/** The product a review address names (its old slug too, after a rename), or 404 as the page answers. */
async function productOf(ctx: ApiContext, slug: string): Promise<{ id: number; slug: string }> {
  const parsed = slugSchema.safeParse(slug);
  let product = parsed.success ? await ctx.deps.useCases.catalog.getProductBySlug(parsed.data, ctx.locale) : null;
  if (!product && parsed.success) {
    const renamed = await ctx.deps.useCases.catalog.findRenamedProduct(parsed.data);
    if (renamed) product = await ctx.deps.useCases.catalog.getProductBySlug(renamed, ctx.locale);
  }
  if (!product) throw new ApiProblem(404, "catalog.product_not_found", API_MESSAGES.productNotFound);
  return product;
}

/** Core's English names in the language asked for (the page does the same). */
function authorName(ctx: ApiContext, name: string): string {
  return ctx.locale !== "en" ? reviewerLabel(localeT(ctx.locale), name) : name;
}

/* Operations */

export const listReviewsOp = operation({
  operationId: "listReviews",
  method: "get",
  path: "/products/{slug}/reviews",
  tag: "Reviews",
  summary: "A product's reviews",
  description:
    "The visible reviews, filtered and sorted as on the product page, 10 a page. Values the page would not understand fall back to its defaults. With a token, `mine` and `votedHelpful` say what the shopper did.",
  access: "public",
  params: productParams,
  query: listQuery,
  success: { status: 200, description: "A page of reviews.", schema: reviewPageSchema },
  problems: [404],
  async handle({ params, query, ctx }) {
    const product = await productOf(ctx, params.slug);
    // Core answers pages 1..page (the page's "see more"); the app reads one page at a time.
    const list = await ctx.deps.useCases.reviews.listReviews(product.id, query, ctx.viewer?.id ?? null);
    const items = list.reviews.slice((list.page - 1) * list.pageSize);
    return {
      items: items.map((r) => ({ ...r, authorName: authorName(ctx, r.authorName), createdAt: r.createdAt.toISOString(), editedAt: r.editedAt?.toISOString() ?? null })),
      page: list.page,
      pageSize: list.pageSize,
      total: list.total,
      nextPage: list.hasMore ? list.page + 1 : null,
    };
  },
});

export const reviewSummaryOp = operation({
  operationId: "getReviewSummary",
  method: "get",
  path: "/products/{slug}/reviews/summary",
  tag: "Reviews",
  summary: "A product's rating summary",
  description: "The average, the count per star, verified purchases, the share that would recommend it and the fit line, from the visible reviews.",
  access: "public",
  params: productParams,
  success: { status: 200, description: "The summary.", schema: summarySchema },
  problems: [404],
  async handle({ params, ctx }) {
    const product = await productOf(ctx, params.slug);
    const summary = await ctx.deps.useCases.reviews.getReviewSummary(product.id);
    if (summary.fit && ctx.locale !== "en") summary.fit = { ...summary.fit, line: fitLine(localeT(ctx.locale), summary.fit) };
    return summary;
  },
});

export const ownReviewOp = operation({
  operationId: "getOwnReview",
  method: "get",
  path: "/products/{slug}/reviews/mine",
  tag: "Reviews",
  summary: "The shopper's own review of a product",
  description: "For the edit form; a hidden review too (the author is told it is hidden).",
  access: "signed-in",
  params: productParams,
  success: { status: 200, description: "The review.", schema: ownReviewSchema },
  problems: [404],
  async handle({ params, ctx }) {
    const product = await productOf(ctx, params.slug);
    const own = await ctx.deps.useCases.reviews.getOwnReview(product.id, ctx.viewer.id);
    if (!own) throw new ApiProblem(404, "reviews.review_not_found", reviewsText("shop.reviews.error.noReviewToEdit"));
    return { ...own, updatedAt: own.updatedAt.toISOString() };
  },
});

function written(ctx: ApiContext, saved: { id: number; verified: boolean }, kind: "posted" | "updated") {
  const t = localeT(ctx.locale);
  const message = `${t(kind === "posted" ? "shop.reviews.posted" : "shop.reviews.updated")}${saved.verified ? ` ${t("shop.reviews.postedVerified")}` : ""}`;
  return { ...saved, message };
}

export const createReviewOp = operation({
  operationId: "createReview",
  method: "post",
  idempotency: "optional",
  path: "/products/{slug}/reviews",
  tag: "Reviews",
  summary: "Write a review",
  description:
    "As the product page's form: a rating from 1 to 5, a title of at most 120 characters, a review of at most 4000, and the size, colour and fit when given (one of the product's own; fit for clothing). One review per product (409; edit it instead). Verified when the account bought the product.",
  access: "signed-in",
  params: productParams,
  body: reviewJsonSchema,
  success: { status: 201, description: "Posted.", schema: writtenSchema },
  problems: [404, 409],
  async handle({ params, body, ctx }) {
    const product = await productOf(ctx, params.slug);
    return written(ctx, await ctx.deps.useCases.reviews.createReview({ userId: ctx.viewer.id, productId: product.id }, body), "posted");
  },
});

export const updateReviewOp = operation({
  operationId: "updateOwnReview",
  method: "patch",
  path: "/products/{slug}/reviews/mine",
  tag: "Reviews",
  summary: "Edit the shopper's own review",
  description: "Replaces the review with the fields sent (what is left out is blank), with the rules of writing one; verified is decided again.",
  access: "signed-in",
  params: productParams,
  body: reviewJsonSchema,
  success: { status: 200, description: "Updated.", schema: writtenSchema },
  problems: [404],
  async handle({ params, body, ctx }) {
    const product = await productOf(ctx, params.slug);
    return written(ctx, await ctx.deps.useCases.reviews.updateReview({ userId: ctx.viewer.id, productId: product.id }, body), "updated");
  },
});

export const markHelpfulOp = operation({
  operationId: "markReviewHelpful",
  method: "post",
  path: "/reviews/{id}/helpful",
  tag: "Reviews",
  summary: "Mark a review helpful",
  description: "Counts once per account (again: `counted` false, nothing changes). Not one's own review (400).",
  access: "signed-in",
  params: z.object({ id: reviewIdSchema.meta({ description: "The review's id.", example: "7" }) }),
  success: { status: 200, description: "The vote.", schema: helpfulSchema },
  problems: [404],
  async handle({ params, ctx }) {
    const vote = await ctx.deps.useCases.reviews.markHelpful({ userId: ctx.viewer.id, reviewId: params.id });
    return { ...vote, message: localeT(ctx.locale)(vote.counted ? "shop.reviews.helpful.thanks" : "shop.reviews.helpful.already") };
  },
});
