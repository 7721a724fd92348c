import { averageRating } from "../catalog/rules.ts";
/**
 * Pure review rules: the summary's arithmetic, the fit line, how a reviewer is named, the list's
 * parameters and their canonical URL. No database, no zod: the browser imports this file.
 */

/** SPEC section 9: reviews are listed 10 at a time. */
export const REVIEW_PAGE_SIZE = 10;
/** "See more" grows the list a page at a time; this bounds how many pages one request may show. */
export const MAX_REVIEW_PAGES = 50;

export const REVIEW_SORTS = ["newest", "oldest", "highest", "lowest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABEL: Record<ReviewSort, string> = {
  newest: "Newest",
  oldest: "Oldest",
  highest: "Highest rated",
  lowest: "Lowest rated",
  helpful: "Most helpful",
};

export const FIT_ANSWERS = ["small", "true", "large"] as const;
export type FitAnswer = (typeof FIT_ANSWERS)[number];
export const FIT_LABEL: Record<FitAnswer, string> = {
  small: "Runs small",
  true: "True to size",
  large: "Runs large",
};
const FIT_PHRASE: Record<FitAnswer, string> = {
  small: "runs small",
  true: "runs true to size",
  large: "runs large",
};

/** Fit is asked of clothing only (not of caps, prints or records). */
export function asksFit(category: string): boolean {
  return category === "apparel";
}

export const TITLE_MAX = 120;
export const COMMENT_MAX = 4000;

export type Stars = 1 | 2 | 3 | 4 | 5;
export const STARS: readonly Stars[] = [5, 4, 3, 2, 1];

/** What the database counts for one product's visible (not hidden) reviews. */
export interface ReviewCounts {
  /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
  distribution: Record<Stars, number>;
  verified: number;
  fit: Record<FitAnswer, number>;
}

/** SPEC section 3, Review summary. */
export interface ReviewSummary {
  /** One decimal; 0 while there are no reviews. */
  averageRating: number;
  totalReviews: number;
  ratingDistribution: Record<Stars, number>;
  verifiedPurchaseCount: number;
  /** Whole percent of ratings of 4 or 5 stars; 0 while there are no reviews. */
  recommendationPercentage: number;
  fit: FitSummary | null;
}

export const emptyDistribution = (): Record<Stars, number> => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });

/** The share of ratings of 4 or more, in whole percent, halves rounded up. */
export function recommendationPercentage(distribution: Record<Stars, number>): number {
  const total = STARS.reduce((n, s) => n + distribution[s], 0);
  if (total === 0) return 0;
  return Math.round(((distribution[4] + distribution[5]) * 100) / total);
}

export function summarize(counts: ReviewCounts): ReviewSummary {
  const { distribution } = counts;
  const totalReviews = STARS.reduce((n, s) => n + distribution[s], 0);
  const sum = STARS.reduce((n, s) => n + s * distribution[s], 0);
  return {
    averageRating: averageRating(sum, totalReviews),
    totalReviews,
    ratingDistribution: { ...distribution },
    verifiedPurchaseCount: counts.verified,
    recommendationPercentage: recommendationPercentage(distribution),
    fit: fitSummary(counts.fit),
  };
}

/** Below this many fit answers no claim is made about "most buyers": the answers are counted instead. */
export const FIT_MIN_ANSWERS = 3;

export interface FitSummary {
  /** The sentence shown on the product page. */
  line: string;
  /** The answer that carries the line, or null when buyers disagree. */
  verdict: FitAnswer | null;
  counts: Record<FitAnswer, number>;
  total: number;
}

/**
 * The fit line: what buyers say about how the garment fits.
 *
 * - No answers: no line.
 * - One answer given by more than half of at least FIT_MIN_ANSWERS buyers:
 *   "Most buyers say it runs small" (or true to size, or runs large).
 * - Fewer than FIT_MIN_ANSWERS answers, all the same: the answers are counted, not generalised:
 *   "1 buyer says it runs small", "2 buyers say it runs large".
 * - Anything else (a tie, or no answer above half): "Buyers are split on fit". A tie is never broken
 *   in favour of one answer, and a plurality is not called "most".
 * The counts per answer are always given beside the line.
 */
export function fitSummary(counts: Record<FitAnswer, number>): FitSummary | null {
  const total = FIT_ANSWERS.reduce((n, a) => n + counts[a], 0);
  if (total === 0) return null;
  const leader = FIT_ANSWERS.find((a) => counts[a] * 2 > total) ?? null;
  let line: string;
  let verdict: FitAnswer | null = null;
  if (leader && total >= FIT_MIN_ANSWERS) {
    verdict = leader;
    line = `Most buyers say it ${FIT_PHRASE[leader]}`;
  } else if (leader && counts[leader] === total) {
    verdict = leader;
    line = total === 1 ? `1 buyer says it ${FIT_PHRASE[leader]}` : `${total} buyers say it ${FIT_PHRASE[leader]}`;
  } else {
    line = "Buyers are split on fit";
  }
  return { line, verdict, counts: { ...counts }, total };
}

/** What a reviewer without a usable display name is called (never a real name: those end "X."). */
export const UNNAMED_REVIEWER = "East Harlem shopper";
/** What the author of a review is called once their account is deleted: the review stays, the name goes. */
export const FORMER_CUSTOMER = "Former customer";

/**
 * How a reviewer is named in public: first name and the initial of the last ("Ana R."). An account
 * without a display name is named after its email; that part of an address is never shown. A deleted
 * account's reviews are by a "Former customer", whatever its row still holds.
 */
export function reviewerName(displayName: string | null | undefined, email: string, deletedAt: Date | null = null): string {
  if (deletedAt) return FORMER_CUSTOMER;
  const name = (displayName ?? "").trim();
  const local = email.split("@")[0] ?? "";
  if (!name || name.toLowerCase() === local.toLowerCase() || name.includes("@")) return UNNAMED_REVIEWER;
  const words = name.split(/\s+/);
  const first = words[0]!;
  if (words.length === 1) return first;
  const last = [...words[words.length - 1]!][0]!;
  return `${first} ${last.toUpperCase()}.`;
}

/** The list's parameters as the product page's URL carries them. */
export interface ReviewListValues {
  rating: Stars | null;
  verified: boolean;
  size: string | null;
  color: string | null;
  sort: ReviewSort;
  /** The list shows pages 1 to `page` ("see more" adds one). */
  page: number;
}

export const DEFAULT_REVIEW_LIST: ReviewListValues = { rating: null, verified: false, size: null, color: null, sort: "newest", page: 1 };

/** The canonical query string of a review list: defaults left out, so each view has one URL. */
export function reviewSearchParams(values: Partial<ReviewListValues>): URLSearchParams {
  const out = new URLSearchParams();
  if (values.rating) out.set("rating", String(values.rating));
  if (values.verified) out.set("verified", "1");
  if (values.size) out.set("size", values.size);
  if (values.color) out.set("color", values.color);
  if (values.sort && values.sort !== "newest") out.set("sort", values.sort);
  if (values.page && values.page > 1) out.set("page", String(values.page));
  return out;
}

/** True when any filter narrows the list (the sort and page do not). */
export function isFiltered(values: ReviewListValues): boolean {
  return values.rating !== null || values.verified || values.size !== null || values.color !== null;
}

/** The message ids of the review texts the store words itself (its own reviewer names, the fit line), in the catalogues of app/i18n. */
export type ReviewTextId = "shop.reviews.unnamed" | "shop.reviews.formerCustomer" | "shop.reviews.fitLine.split" | "shop.reviews.fitLine.most" | "shop.reviews.fitLine.count";

/** The names reviewerName gives that are not a person's, and their messages. */
const STORE_NAMES = new Map<string, ReviewTextId>([
  [UNNAMED_REVIEWER, "shop.reviews.unnamed"],
  [FORMER_CUSTOMER, "shop.reviews.formerCustomer"],
]);

/** A reviewer's name in the request's language: a person's as it is ("constructor" too), the store's own ("Former customer") translated. */
export function reviewerLabel(t: (id: ReviewTextId) => string, name: string): string {
  const id = STORE_NAMES.get(name);
  return id ? t(id) : name;
}

/**
 * The fit line in the request's language, said the same way: most buyers (FIT_MIN_ANSWERS answers or more,
 * over half agreeing), a count of buyers who all agree, or split.
 */
export function fitLine(t: (id: ReviewTextId, values?: Record<string, string | number>) => string, fit: FitSummary): string {
  if (!fit.verdict) return t("shop.reviews.fitLine.split");
  if (fit.total >= FIT_MIN_ANSWERS) return t("shop.reviews.fitLine.most", { fit: fit.verdict });
  return t("shop.reviews.fitLine.count", { count: fit.total, fit: fit.verdict });
}
