import { DomainError } from "../shared/errors.ts";

/**
 * "unauthenticated" and "forbidden" are the shared codes (401 and 403); "conflict.*" answers 409
 * (core/shared/errors.ts maps them).
 */
export type ReviewErrorCode =
  | "unauthenticated"
  | "forbidden"
  | "reviews.product_not_found"
  | "reviews.review_not_found"
  | "conflict.review_exists"
  | "reviews.invalid_option"
  | "reviews.own_review";

export class ReviewError extends DomainError<ReviewErrorCode> {}

export const REVIEW_MESSAGES = {
  signInToReview: "Please sign in to write a review.",
  signInForHelpful: "Please sign in to mark reviews as helpful.",
  alreadyReviewed: "You have already reviewed this product. You can edit your review instead.",
  noReviewToEdit: "You haven't reviewed this product yet.",
  productNotFound: "This product is no longer available.",
  reviewNotFound: "This review is no longer available.",
  ownReview: "You can't mark your own review as helpful.",
  adminsOnly: "Only administrators can hide reviews.",
  unknownSize: "Please choose one of this product's sizes.",
  unknownColor: "Please choose one of this product's colors.",
} as const;

export const productNotFound = () => new ReviewError("reviews.product_not_found", REVIEW_MESSAGES.productNotFound);
export const reviewNotFound = () => new ReviewError("reviews.review_not_found", REVIEW_MESSAGES.reviewNotFound);
