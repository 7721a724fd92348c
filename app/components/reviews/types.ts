import type { OwnReview, ReviewPage } from "../../../core/reviews/index.ts";
import type { FitAnswer, ReviewListValues, ReviewSort, ReviewSummary } from "../../../core/reviews/rules.ts";
import type { MessageId } from "../../i18n/index.ts";

/** The review texts core names in English (FIT_LABEL, REVIEW_SORT_LABEL), by id. */
export const FIT_LABEL_ID: Readonly<Record<FitAnswer, MessageId>> = {
  small: "shop.reviews.fit.small",
  true: "shop.reviews.fit.true",
  large: "shop.reviews.fit.large",
};
export const REVIEW_SORT_LABEL_ID: Readonly<Record<ReviewSort, MessageId>> = {
  newest: "shop.reviews.sort.newest",
  oldest: "shop.reviews.sort.oldest",
  highest: "shop.reviews.sort.highest",
  lowest: "shop.reviews.sort.lowest",
  helpful: "shop.reviews.sort.helpful",
};

/** What the product page's loader gives the reviews section. */
export interface ReviewSectionData {
  query: ReviewListValues;
  summary: ReviewSummary;
  list: ReviewPage;
  /** The viewer's own review (for the edit form), or null. */
  own: OwnReview | null;
  /**
   * Null for guests. moderateUrl: for viewers who may moderate reviews, the back office's review screen
   * filtered to this product (hiding asks a reason there and is audited); null for everyone else.
   */
  viewer: { moderateUrl: string | null } | null;
}

/** The product, as far as its reviews need it. */
export interface ReviewedProduct {
  slug: string;
  name: string;
  category: string;
  sizes: string[];
  colors: string[];
}

type WriteIntent = "create" | "update";

/** What a review action answers. A failed write brings back what was typed, and the message for each field. */
export type ReviewActionResult =
  | { intent: WriteIntent; ok: true; message: string }
  | {
      intent: WriteIntent;
      ok: false;
      error: string;
      fieldErrors: Record<string, string>;
      fields: Record<string, string>;
      signIn: boolean;
      product: ReviewedProduct;
    }
  | { intent: "helpful"; reviewId: number | null; ok: true; counted: boolean; helpfulCount: number; message: string }
  | { intent: "helpful" | "unknown"; reviewId: number | null; ok: false; error: string; signIn: boolean; product: ReviewedProduct };
