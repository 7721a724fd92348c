import { Form, Link } from "react-router";
import { isFiltered, REVIEW_SORT_LABEL, REVIEW_SORTS, STARS, type ReviewListValues } from "../../../core/reviews/rules.ts";
import { labelClass } from "../account/page-shell.tsx";
import type { ReviewedProduct } from "./types.ts";

const selectClass = "h-11 w-full rounded border border-line bg-card px-2";

/**
 * Filters (rating, verified, size, colour) and sort as a GET form: every view of the list is a URL on
 * the product page, read on the server. With JavaScript a change applies at once.
 */
export function ReviewFilters({ product, query }: { product: ReviewedProduct; query: ReviewListValues }) {
  const submit = (e: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) => e.currentTarget.form?.requestSubmit();
  return (
    <Form method="get" action={`/shop/${product.slug}#reviews`} preventScrollReset className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Review filters">
      <div>
        <label htmlFor="reviews-rating" className={labelClass}>
          Rating
        </label>
        <select id="reviews-rating" name="rating" defaultValue={query.rating ?? ""} key={`r${query.rating}`} onChange={submit} className={selectClass}>
          <option value="">All ratings</option>
          {STARS.map((s) => (
            <option key={s} value={s}>
              {s === 1 ? "1 star" : `${s} stars`}
            </option>
          ))}
        </select>
      </div>
      {product.sizes.length > 0 ? (
        <div>
          <label htmlFor="reviews-size" className={labelClass}>
            Reviewer's size
          </label>
          <select id="reviews-size" name="size" defaultValue={query.size ?? ""} key={`s${query.size}`} onChange={submit} className={selectClass}>
            <option value="">All sizes</option>
            {product.sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {product.colors.length > 0 ? (
        <div>
          <label htmlFor="reviews-color" className={labelClass}>
            Reviewer's color
          </label>
          <select id="reviews-color" name="color" defaultValue={query.color ?? ""} key={`c${query.color}`} onChange={submit} className={selectClass}>
            <option value="">All colors</option>
            {product.colors.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor="reviews-sort" className={labelClass}>
          Sort reviews
        </label>
        <select id="reviews-sort" name="sort" defaultValue={query.sort} key={`o${query.sort}`} onChange={submit} className={selectClass}>
          {REVIEW_SORTS.map((s) => (
            <option key={s} value={s}>
              {REVIEW_SORT_LABEL[s]}
            </option>
          ))}
        </select>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input type="checkbox" name="verified" value="1" defaultChecked={query.verified} key={`v${query.verified}`} onChange={submit} className="h-5 w-5" />
        Verified purchases only
      </label>
      <div className="flex min-h-11 flex-wrap items-center gap-3">
        <button type="submit" className="h-11 rounded bg-ink px-4 font-semibold text-paper">
          Apply
        </button>
        {isFiltered(query) ? (
          <Link to={`/shop/${product.slug}${query.sort !== "newest" ? `?sort=${query.sort}` : ""}#reviews`} preventScrollReset className="text-sm underline">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
