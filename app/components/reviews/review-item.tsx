import { useFetcher, useLocation } from "react-router";
import { Link, useLocalePath } from "../../i18n/index.ts";
import type { ReviewView } from "../../../core/reviews/index.ts";
import { FIT_LABEL } from "../../../core/reviews/rules.ts";
import { storeDate } from "../../lib/dates.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { ReviewActionResult } from "../../routes/product-reviews.tsx";
import { StarRating } from "../product/star-rating.tsx";

function ReviewDate({ date, prefix = "" }: { date: Date; prefix?: string }) {
  const d = new Date(date);
  return (
    <time dateTime={d.toISOString()}>
      {prefix}
      {storeDate(d)}
    </time>
  );
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
                  Sign in
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
  const headingId = `review-${review.id}-title`;
  const details = [
    review.size ? `Size: ${review.size}` : null,
    review.color ? `Color: ${review.color}` : null,
    review.fit ? `Fit: ${FIT_LABEL[review.fit]}` : null,
  ].filter((d): d is string => d !== null);
  const people = review.helpfulCount === 1 ? "1 person found this helpful" : `${review.helpfulCount} people found this helpful`;
  const button = "min-h-11 rounded border border-line px-4 text-sm font-semibold hover:border-ink disabled:opacity-60";

  return (
    <article aria-labelledby={headingId} className="border-t border-line py-5" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating average={review.rating} label={`${review.rating} out of 5 stars`} />
        <h3 id={headingId} className="min-w-0 break-words font-bold">
          {review.title || `${review.rating}-star review`}
        </h3>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-muted">
        <span className="font-semibold text-ink">{review.authorName}</span>
        <span aria-hidden="true">·</span>
        <ReviewDate date={review.createdAt} />
        {review.editedAt ? (
          <>
            <span aria-hidden="true">·</span>
            <ReviewDate date={review.editedAt} prefix="Edited " />
          </>
        ) : null}
        {review.mine ? <span className="rounded-full border border-line px-2 text-xs text-ink">Your review</span> : null}
      </p>
      {review.verified ? (
        <p className="mt-1 text-sm font-semibold text-ok" data-testid="verified-badge">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className="mr-1 inline-block align-[-2px]">
            <path d="M6.2 11.6 2.6 8l1.1-1.1 2.5 2.5 6.1-6.1L13.4 4.4z" fill="currentColor" />
          </svg>
          Verified purchase
        </p>
      ) : null}
      {details.length > 0 ? <p className="mt-1 text-sm text-muted">{details.join(" · ")}</p> : null}
      {review.comment ? <p className="mt-2 whitespace-pre-line break-words">{review.comment}</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {review.helpfulCount > 0 ? <p className="text-sm text-muted">{people}</p> : null}
        {review.mine ? null : review.votedHelpful ? (
          <p className="text-sm">You found this helpful</p>
        ) : (
          <ReviewButton slug={slug} reviewId={review.id} className={button} describedBy={headingId}>
            Helpful
          </ReviewButton>
        )}
        {moderateUrl ? (
          // Hiding asks a reason and is audited: it happens on the back office's review screen only.
          <Link to={moderateUrl} className={`${button} inline-flex items-center`} aria-describedby={headingId} data-testid="moderate-review">
            Moderate review
          </Link>
        ) : null}
      </div>
    </article>
  );
}
