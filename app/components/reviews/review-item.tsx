import { useFetcher, useLocation } from "react-router";
import { Link, useLocale, useLocalePath, useT } from "../../i18n/index.ts";
import { colorLabel } from "../../lib/format.ts";
import type { ReviewView } from "../../../core/reviews/index.ts";
import { storeDate } from "../../lib/dates.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { ReviewActionResult } from "./types.ts";
import { StarRating } from "../product/star-rating.tsx";
import { FIT_LABEL_ID } from "./types.ts";

function ReviewDate({ date, edited = false }: { date: Date; edited?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const d = new Date(date);
  const day = storeDate(d, locale);
  return <time dateTime={d.toISOString()}>{edited ? t("shop.reviews.edited", { date: day }) : day}</time>;
}

/** The small form posting "Helpful" to the review route. */
function ReviewButton({
  slug,
  reviewId,
  children,
  className,
  describedBy,
}: {
  slug: string;
  reviewId: number;
  children: string;
  className: string;
  /** The review's heading, so a screen reader says which review the button is for. */
  describedBy: string;
}) {
  const fetcher = useFetcher<ReviewActionResult>();
  const t = useT();
  const localePath = useLocalePath();
  const hydrated = useHydrated();
  const location = useLocation();
  const result = fetcher.data?.intent === "helpful" ? fetcher.data : null;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={localePath(`/shop/${slug}/reviews`)} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="helpful" />
      <input type="hidden" name="reviewId" value={reviewId} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      <button type="submit" disabled={busy} className={className} aria-describedby={describedBy}>
        {children}
      </button>
      <span role="status" className="text-sm">
        {result && !result.ok ? (
          <span className="text-danger">
            {result.error}
            {result.signIn ? (
              <>
                {" "}
                <Link to={`/login?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}#reviews`)}`} className="underline">
                  {t("shop.reviews.signIn")}
                </Link>
              </>
            ) : null}
          </span>
        ) : result?.ok ? (
          result.message
        ) : null}
      </span>
    </fetcher.Form>
  );
}

/** A review as text: nothing in it is ever read as markup (React escapes it). */
export function ReviewItem({ review, slug, moderateUrl }: { review: ReviewView; slug: string; moderateUrl: string | null }) {
  const t = useT();
  const headingId = `review-${review.id}-title`;
  const details = [
    review.size ? t("shop.reviews.item.size", { size: review.size }) : null,
    review.color ? t("shop.reviews.item.color", { color: colorLabel(t, review.color) }) : null,
    review.fit ? t("shop.reviews.item.fit", { fit: t(FIT_LABEL_ID[review.fit]) }) : null,
  ].filter((d): d is string => d !== null);
  const people = t("shop.reviews.item.helpfulCount", { count: review.helpfulCount });
  const button = "min-h-11 rounded border border-line px-4 text-sm font-semibold hover:border-ink disabled:opacity-60";

  return (
    <article aria-labelledby={headingId} className="border-t border-line py-5" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating average={review.rating} label={t("shop.reviews.item.rating", { rating: review.rating })} />
        <h3 id={headingId} className="min-w-0 break-words font-bold">
          {review.title || t("shop.reviews.item.untitled", { rating: review.rating })}
        </h3>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-muted">
        <span className="font-semibold text-ink">{review.authorName}</span>
        <span aria-hidden="true">·</span>
        <ReviewDate date={review.createdAt} />
        {review.editedAt ? (
          <>
            <span aria-hidden="true">·</span>
            <ReviewDate date={review.editedAt} edited />
          </>
        ) : null}
        {review.mine ? <span className="rounded-full border border-line px-2 text-xs text-ink">{t("shop.reviews.item.yours")}</span> : null}
      </p>
      {review.verified ? (
        <p className="mt-1 text-sm font-semibold text-ok" data-testid="verified-badge">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className="mr-1 inline-block align-[-2px]">
            <path d="M6.2 11.6 2.6 8l1.1-1.1 2.5 2.5 6.1-6.1L13.4 4.4z" fill="currentColor" />
          </svg>
          {t("shop.reviews.item.verified")}
        </p>
      ) : null}
      {details.length > 0 ? <p className="mt-1 text-sm text-muted">{details.join(" · ")}</p> : null}
      {review.comment ? <p className="mt-2 whitespace-pre-line break-words">{review.comment}</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {review.helpfulCount > 0 ? <p className="text-sm text-muted">{people}</p> : null}
        {review.mine ? null : review.votedHelpful ? (
          <p className="text-sm">{t("shop.reviews.item.votedHelpful")}</p>
        ) : (
          <ReviewButton slug={slug} reviewId={review.id} className={button} describedBy={headingId}>
            {t("shop.reviews.item.helpful")}
          </ReviewButton>
        )}
        {moderateUrl ? (
          // Hiding asks a reason and is audited: it happens on the back office's review screen only.
          <Link to={moderateUrl} className={`${button} inline-flex items-center`} aria-describedby={headingId} data-testid="moderate-review">
            {t("shop.reviews.item.moderate")}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
