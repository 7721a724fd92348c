import { can } from "../../core/admin/index.ts";
import { FORMER_CUSTOMER, getOwnReview, getReviewSummary, listReviews, parseReviewListQuery, UNNAMED_REVIEWER } from "../../core/reviews/index.ts";
import { FIT_MIN_ANSWERS, type FitSummary } from "../../core/reviews/rules.ts";
import type { StoreContext } from "../../server/context.ts";
import type { ReviewSectionData } from "../components/reviews/types.ts";
import type { MessageId } from "../i18n/index.ts";
import { requestLocale, serverT } from "./i18n.server.ts";
import { getViewer } from "./session.server.ts";

/** The names core's reviewerName gives that are not a person's, and their messages. */
const STORE_NAMES = new Map<string, MessageId>([
  [UNNAMED_REVIEWER, "shop.reviews.unnamed"],
  [FORMER_CUSTOMER, "shop.reviews.formerCustomer"],
]);

/** A reviewer's name in the request's language: a person's as it is ("constructor" too), the store's own ("Former customer") translated. */
export function reviewerLabel(t: (id: MessageId) => string, name: string): string {
  const id = STORE_NAMES.get(name);
  return id ? t(id) : name;
}

/**
 * Core's fit line in the request's language, said the same way: most buyers (FIT_MIN_ANSWERS answers or
 * more, over half agreeing), a count of buyers who all agree, or split.
 */
export function fitLine(t: ReturnType<typeof serverT>, fit: FitSummary): string {
  if (!fit.verdict) return t("shop.reviews.fitLine.split");
  if (fit.total >= FIT_MIN_ANSWERS) return t("shop.reviews.fitLine.most", { fit: fit.verdict });
  return t("shop.reviews.fitLine.count", { count: fit.total, fit: fit.verdict });
}

/** The product page's reviews: summary, the list as the URL filters and sorts it, and the viewer's own review. */
export async function loadReviewSection(request: Request, context: StoreContext, productId: number): Promise<ReviewSectionData> {
  const query = parseReviewListQuery(new URL(request.url).searchParams);
  const viewer = await getViewer(request, context);
  const [summary, list, own] = await Promise.all([
    getReviewSummary(context.db, productId),
    listReviews(context.db, productId, query, viewer?.id ?? null),
    viewer ? getOwnReview(context.db, productId, viewer.id) : null,
  ]);
  // Moderation happens in the back office only, where a reason is asked and the audit log written.
  const moderateUrl = viewer && can(viewer.role, "reviews", "update") ? `/admin/reviews?${new URLSearchParams({ product: String(productId) })}` : null;
  if (requestLocale(request) !== "en") {
    const t = serverT(request);
    if (summary.fit) summary.fit = { ...summary.fit, line: fitLine(t, summary.fit) };
    for (const review of list.reviews) review.authorName = reviewerLabel(t, review.authorName);
  }
  return { query, summary, list, own, viewer: viewer ? { moderateUrl } : null };
}
