import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { reviewHelpfulVotes, reviews } from "../../db/schema/index.ts";
import { productNotFound, ReviewError, reviewNotFound, reviewsText } from "./errors.ts";
import type { ReviewInput } from "./inputs.ts";
import { hasPaidOrderFor, reviewableProduct, type ReviewableProduct } from "./queries.ts";

/** Who writes: always the session's viewer (never an id taken from the request). */
export interface Author {
  userId: string;
  productId: number;
}

/** The product's own spelling of a chosen size or colour, or an error naming the field. */
function pickOption(chosen: string | null, offered: string[], field: "size" | "color"): string | null {
  if (chosen === null) return null;
  const match = offered.find((o) => o.toLowerCase() === chosen.toLowerCase());
  if (match === undefined) {
    throw new ReviewError("reviews.invalid_option", reviewsText(field === "size" ? "shop.reviews.error.unknownSize" : "shop.reviews.error.unknownColor"), { field });
  }
  return match;
}

/** The columns a review's form sets, checked against the product; fit is dropped for what is not clothing. */
function reviewValues(product: ReviewableProduct, input: ReviewInput) {
  return {
    rating: input.rating,
    title: input.title,
    comment: input.comment,
    size: pickOption(input.size, product.sizes, "size"),
    color: pickOption(input.color, product.colors, "color"),
    fit: product.asksFit ? input.fit : null,
  };
}

async function productFor(tx: Db, productId: number): Promise<ReviewableProduct> {
  const product = await reviewableProduct(tx, productId);
  if (!product) throw productNotFound();
  return product;
}

/**
 * Writes the author's review of a product. One per user and product (a unique constraint, so two
 * requests at once cannot both succeed); a second is refused. Verified is decided here, from orders.
 */
export async function createReview(db: Db, author: Author, input: ReviewInput): Promise<{ id: number; verified: boolean }> {
  return db.transaction(async (tx) => {
    const product = await productFor(tx, author.productId);
    const values = reviewValues(product, input);
    const verified = await hasPaidOrderFor(tx, author.userId, product.id);
    const [row] = await tx
      .insert(reviews)
      .values({ ...values, productId: product.id, userId: author.userId, verified })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning({ id: reviews.id });
    if (!row) throw new ReviewError("reviews.review_exists", reviewsText("shop.reviews.error.alreadyReviewed"));
    return { id: row.id, verified };
  });
}

/**
 * Changes the author's own review. Verified is decided again (a purchase made since counts); a hidden
 * review stays hidden, and its helpful votes stay.
 */
export async function updateReview(db: Db, author: Author, input: ReviewInput): Promise<{ id: number; verified: boolean }> {
  return db.transaction(async (tx) => {
    const product = await productFor(tx, author.productId);
    const values = reviewValues(product, input);
    const verified = await hasPaidOrderFor(tx, author.userId, product.id);
    const [row] = await tx
      .update(reviews)
      .set({ ...values, verified, updatedAt: new Date() })
      .where(and(eq(reviews.productId, product.id), eq(reviews.userId, author.userId)))
      .returning({ id: reviews.id });
    if (!row) throw new ReviewError("reviews.review_not_found", reviewsText("shop.reviews.error.noReviewToEdit"));
    return { id: row.id, verified };
  });
}

/**
 * Counts the user's "helpful" once per review: the vote's primary key (review, user) turns a second
 * vote into nothing. The author's own vote is refused.
 */
export async function markHelpful(db: Db, input: { userId: string; reviewId: number }): Promise<{ counted: boolean; helpfulCount: number }> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: reviews.id, userId: reviews.userId, helpfulCount: reviews.helpfulCount })
      .from(reviews)
      .where(and(eq(reviews.id, input.reviewId), eq(reviews.hidden, false)))
      .limit(1);
    if (!review) throw reviewNotFound();
    if (review.userId === input.userId) throw new ReviewError("reviews.own_review", reviewsText("shop.reviews.error.ownReview"));
    const voted = await tx
      .insert(reviewHelpfulVotes)
      .values({ reviewId: review.id, userId: input.userId })
      .onConflictDoNothing()
      .returning({ reviewId: reviewHelpfulVotes.reviewId });
    if (voted.length === 0) return { counted: false, helpfulCount: review.helpfulCount };
    const [updated] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, review.id))
      .returning({ helpfulCount: reviews.helpfulCount });
    return { counted: true, helpfulCount: updated!.helpfulCount };
  });
}
