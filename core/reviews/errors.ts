import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type ReviewErrorCode =
  | "reviews.unauthenticated"
  | "reviews.product_not_found"
  | "reviews.review_not_found"
  | "reviews.review_exists"
  | "reviews.invalid_option"
  | "reviews.own_review";

export class ReviewError extends errorsOf<ReviewErrorCode>({
  "reviews.unauthenticated": 401,
  "reviews.product_not_found": 404,
  "reviews.review_not_found": 404,
  "reviews.review_exists": 409,
  "reviews.invalid_option": 400,
  "reviews.own_review": 400,
}) {}

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const reviewsText = textsOf({
  "shop.reviews.error.unknownSize": [],
  "shop.reviews.error.unknownColor": [],
  "shop.reviews.error.alreadyReviewed": [],
  "shop.reviews.error.noReviewToEdit": [],
  "shop.reviews.error.ownReview": [],
  "shop.reviews.error.productNotFound": [],
  "shop.reviews.error.reviewNotFound": [],
  // The doors' own refusals (a visitor signed out, an unknown action).
  "shop.reviews.error.signInToReview": [],
  "shop.reviews.error.signInForHelpful": [],
  "shop.reviews.error.unknownAction": [],
  "shop.reviews.error.check": [],
});

export const productNotFound = () => new ReviewError("reviews.product_not_found", reviewsText("shop.reviews.error.productNotFound"));
export const reviewNotFound = () => new ReviewError("reviews.review_not_found", reviewsText("shop.reviews.error.reviewNotFound"));
