// The reviews module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { DEFAULT_REVIEW_LIST, FIT_ANSWERS, fitLine, FORMER_CUSTOMER, reviewerLabel, type ReviewTextId, MAX_REVIEW_PAGES, REVIEW_PAGE_SIZE, REVIEW_SORTS, UNNAMED_REVIEWER } from "./rules.ts";
export { parseReviewListQuery, reviewFormSchema, reviewIdSchema, reviewJsonSchema, reviewListQuerySchema, type ReviewListQuery } from "./inputs.ts";
export { ReviewError, reviewsText } from "./errors.ts";
export { getOwnReview, getReviewSummary, listReviews, type OwnReview, type ReviewPage, type ReviewView } from "./queries.ts";
export { createReview, markHelpful, updateReview } from "./commands.ts";
