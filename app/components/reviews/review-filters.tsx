import { Form, Link, useT } from "../../i18n/index.ts";
import { colorLabel } from "../../lib/format.ts";
import { isFiltered, REVIEW_SORTS, STARS, type ReviewListValues } from "../../../core/reviews/rules.ts";
import { AUTO_SUBMIT } from "../../lib/app-on-interaction.ts";
import { labelClass } from "../account/page-shell.tsx";
import { REVIEW_SORT_LABEL_ID, type ReviewedProduct } from "./types.ts";

const selectClass = "h-11 w-full rounded border border-line bg-card px-2";

/**
 * One select of the filter form. `all` is the first choice, which filters nothing. Keyed by its value, so
 * it shows the URL's choice again after a navigation (a default value is read only once).
 */
function FilterSelect({
  name,
  label,
  value,
  all,
  options,
}: {
  name: string;
  label: string;
  value: string | number | null | undefined;
  all?: string;
  options: [value: string, label: string][];
}) {
  const id = `reviews-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} key={`${name}-${value}`} className={selectClass} {...AUTO_SUBMIT}>
        {all ? <option value="">{all}</option> : null}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Filters (rating, verified, size, colour) and sort as a GET form: every view of the list is a URL on
 * the product page, read on the server. With JavaScript a change applies at once, even before the app is
 * alive (AUTO_SUBMIT); without it, Apply sends the form.
 */
export function ReviewFilters({ product, query }: { product: ReviewedProduct; query: ReviewListValues }) {
  const t = useT();
  return (
    <Form method="get" action={`/shop/${product.slug}#reviews`} preventScrollReset className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label={t("shop.reviews.filters")}>
      <FilterSelect
        name="rating"
        label={t("shop.reviews.filters.rating")}
        value={query.rating}
        all={t("shop.reviews.filters.allRatings")}
        options={STARS.map((s) => [String(s), t("shop.rating.stars", { count: s })])}
      />
      {product.sizes.length > 0 ? (
        <FilterSelect name="size" label={t("shop.reviews.filters.size")} value={query.size} all={t("shop.reviews.filters.allSizes")} options={product.sizes.map((s) => [s, s])} />
      ) : null}
      {product.colors.length > 0 ? (
        <FilterSelect name="color" label={t("shop.reviews.filters.color")} value={query.color} all={t("shop.reviews.filters.allColors")} options={product.colors.map((c) => [c, colorLabel(t, c)])} />
      ) : null}
      <FilterSelect name="sort" label={t("shop.reviews.filters.sort")} value={query.sort} options={REVIEW_SORTS.map((s) => [s, t(REVIEW_SORT_LABEL_ID[s])])} />
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input type="checkbox" name="verified" value="1" defaultChecked={query.verified} key={`v${query.verified}`} className="h-5 w-5" {...AUTO_SUBMIT} />
        {t("shop.reviews.filters.verified")}
      </label>
      <div className="flex min-h-11 flex-wrap items-center gap-3">
        <button type="submit" className="h-11 rounded bg-ink px-4 font-semibold text-paper">
          {t("shop.apply")}
        </button>
        {isFiltered(query) ? (
          <Link to={`/shop/${product.slug}${query.sort !== "newest" ? `?sort=${query.sort}` : ""}#reviews`} preventScrollReset className="text-sm underline">
            {t("shop.reviews.filters.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
