import { Link, useT } from "../../i18n/index.ts";
import { FIT_ANSWERS, reviewSearchParams, STARS, type ReviewListValues, type ReviewSummary } from "../../../core/reviews/rules.ts";
import { StarRating } from "../product/star-rating.tsx";
import { FIT_LABEL_ID } from "./types.ts";

/**
 * SPEC section 3's review summary: the average (one decimal) in stars, the count, how many gave each
 * number of stars (each row filters the list), verified purchases, the share who rate it 4 or more,
 * and what buyers say about fit.
 */
export function ReviewSummaryPanel({ summary, query, slug }: { summary: ReviewSummary; query: ReviewListValues; slug: string }) {
  const t = useT();
  const total = summary.totalReviews;
  return (
    <div data-testid="review-summary">
      {total === 0 ? (
        <p className="text-muted">{t("shop.reviews.summary.empty")}</p>
      ) : (
        <>
          <p className="flex items-baseline gap-2">
            <span className="font-display text-5xl" data-testid="review-average">
              {summary.averageRating.toFixed(1)}
            </span>
            <span className="text-muted">{t("shop.reviews.summary.outOf5")}</span>
          </p>
          <div className="mt-1">
            <StarRating average={summary.averageRating} count={total} size={20} />
          </div>
          <p className="mt-1 text-sm" data-testid="review-total">
            {t("shop.reviews.summary.total", { count: total })}
          </p>
          <h3 className="sr-only">{t("shop.reviews.summary.byStars")}</h3>
          <ul className="mt-4 space-y-1" data-testid="review-distribution">
            {STARS.map((stars) => {
              const n = summary.ratingDistribution[stars];
              const percent = total > 0 ? Math.round((n * 100) / total) : 0;
              const label = t("shop.rating.stars", { count: stars });
              const row = (
                <>
                  <span className="w-14 shrink-0">{label}</span>
                  <span className="h-3 min-w-0 flex-1 overflow-hidden rounded-full border border-line bg-paper" aria-hidden="true">
                    <span className="block h-full bg-[#d99a00]" style={{ width: `${percent}%` }} />
                  </span>
                  <span className="w-8 shrink-0 text-right tabular-nums">{n}</span>
                  <span className="sr-only">{t("shop.reviews.summary.rowUnit", { count: n })}</span>
                </>
              );
              return (
                <li key={stars}>
                  {n > 0 ? (
                    <Link
                      to={`/shop/${slug}?${reviewSearchParams({ ...query, rating: stars, page: 1 })}#reviews`}
                      preventScrollReset
                      className="flex min-h-6 items-center gap-2 text-sm hover:underline"
                      aria-current={query.rating === stars ? "true" : undefined}
                    >
                      {row}
                    </Link>
                  ) : (
                    <span className="flex min-h-6 items-center gap-2 text-sm text-muted">{row}</span>
                  )}
                </li>
              );
            })}
          </ul>
          <ul className="mt-4 space-y-1 text-sm">
            <li data-testid="review-recommend">
              {t("shop.reviews.summary.recommend", { percent: summary.recommendationPercentage })}
            </li>
            <li data-testid="review-verified-count">
              {t("shop.reviews.summary.verified", { count: summary.verifiedPurchaseCount })}
            </li>
          </ul>
        </>
      )}
      {summary.fit ? (
        <div className="mt-4 rounded border border-line p-3">
          <p className="font-semibold" data-testid="fit-line">
            {summary.fit.line}
          </p>
          <p className="mt-1 text-sm text-muted">
            {FIT_ANSWERS.map((a) => `${t(FIT_LABEL_ID[a])}: ${summary.fit!.counts[a]}`).join(" · ")}
          </p>
        </div>
      ) : null}
    </div>
  );
}
