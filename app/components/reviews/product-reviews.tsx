import { Link, useT } from "../../i18n/index.ts";
import { isFiltered, REVIEW_PAGE_SIZE, reviewSearchParams } from "../../../core/reviews/rules.ts";
import { ReviewFilters } from "./review-filters.tsx";
import { ReviewForm } from "./review-form.tsx";
import { ReviewItem } from "./review-item.tsx";
import { ReviewSummaryPanel } from "./review-summary.tsx";
import type { ReviewedProduct, ReviewSectionData } from "./types.ts";

/** The review form's starting values: the viewer's review when editing. */
function formValues(own: ReviewSectionData["own"]): Record<string, string> {
  if (!own) return {};
  return { rating: String(own.rating), title: own.title, comment: own.comment, size: own.size ?? "", color: own.color ?? "", fit: own.fit ?? "" };
}

/** The product page's reviews: summary, the viewer's form, filters and sort, and the list with "see more". */
export function ProductReviews({ product, data }: { product: ReviewedProduct; data: ReviewSectionData }) {
  const t = useT();
  const { summary, list, query, own, viewer } = data;
  const shown = list.reviews.length;
  const here = `/shop/${product.slug}`;
  const nextPage = list.page + 1;

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12 scroll-mt-4 border-t border-line pt-8">
      <h2 id="reviews-heading" className="font-display text-h2">
        {t("shop.reviews.heading")}
      </h2>
      <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          <ReviewSummaryPanel summary={summary} query={query} slug={product.slug} />
          <div className="rounded-lg border border-line bg-card p-4">
            {viewer ? (
              <details>
                <summary className="flex min-h-11 cursor-pointer items-center font-semibold">{own ? t("shop.reviews.edit") : t("shop.reviews.write")}</summary>
                {own?.hidden ? (
                  <p className="mt-2 rounded border border-line px-3 py-2 text-sm">{t("shop.reviews.hidden")}</p>
                ) : null}
                <div className="mt-3">
                  <ReviewForm product={product} intent={own ? "update" : "create"} values={formValues(own)} />
                </div>
              </details>
            ) : (
              <p>
                <Link to={`/login?redirectTo=${encodeURIComponent(`${here}#reviews`)}`} className="font-semibold underline">
                  {t("shop.reviews.signInToWrite")}
                </Link>
              </p>
            )}
          </div>
        </div>

        <div className="min-w-0">
          {summary.totalReviews > 0 ? <ReviewFilters product={product} query={query} /> : null}
          <p className="mt-4 text-sm text-muted" aria-live="polite" data-testid="review-count">
            {summary.totalReviews === 0
              ? ""
              : list.total === 0
                ? t("shop.reviews.noneMatch")
                : isFiltered(query)
                  ? t("shop.reviews.showingFiltered", { shown, total: list.total })
                  : t("shop.reviews.showing", { shown, total: list.total })}
          </p>
          {shown > 0 ? (
            <ol className="mt-2" aria-label={t("shop.reviews.heading")}>
              {list.reviews.map((review, i) => (
                // The first review of each further page is where "see more" lands.
                <li key={review.id} id={i > 0 && i % REVIEW_PAGE_SIZE === 0 ? `reviews-page-${i / REVIEW_PAGE_SIZE + 1}` : undefined} className="scroll-mt-4">
                  <ReviewItem review={review} slug={product.slug} moderateUrl={viewer?.moderateUrl ?? null} />
                </li>
              ))}
            </ol>
          ) : null}
          {list.hasMore ? (
            <p className="mt-4">
              <Link
                to={`${here}?${reviewSearchParams({ ...query, page: nextPage })}#reviews-page-${nextPage}`}
                className="inline-flex min-h-11 items-center rounded border border-ink px-5 font-semibold"
                data-testid="see-more-reviews"
              >
                {t("shop.reviews.seeMore")}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
