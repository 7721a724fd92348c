import { can } from "../../core/admin/index.ts";
import { fitLine, parseReviewListQuery, reviewerLabel } from "../../core/reviews/index.ts";
import type { StoreContext } from "../context.ts";
import type { ReviewSectionData } from "../components/reviews/types.ts";
import { requestLocale, serverT } from "./i18n.server.ts";
import { getViewer } from "./session.server.ts";

export { fitLine, reviewerLabel };

/** The product page's reviews: summary, the list as the URL filters and sorts it, and the viewer's own review. */
export async function loadReviewSection(request: Request, context: StoreContext, productId: number): Promise<ReviewSectionData> {
  const query = parseReviewListQuery(new URL(request.url).searchParams);
  const viewer = await getViewer(request, context);
  const [summary, list, own] = await Promise.all([
    context.useCases.reviews.getReviewSummary(productId),
    context.useCases.reviews.listReviews(productId, query, viewer?.id ?? null),
    viewer ? context.useCases.reviews.getOwnReview(productId, viewer.id) : null,
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
