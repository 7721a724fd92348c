import type { OwnReview, ReviewPage } from "../../../core/reviews/index.ts";
import type { ReviewListValues, ReviewSummary } from "../../../core/reviews/rules.ts";

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
