import { useFetcher, useLocation } from "react-router";
import { asksFit, COMMENT_MAX, FIT_ANSWERS, TITLE_MAX, type FitAnswer } from "../../../core/reviews/rules.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { ReviewActionResult } from "./types.ts";
import { inputClass, labelClass } from "../account/page-shell.tsx";
import { StarRatingInput } from "../product/star-rating.tsx";
import { FIT_LABEL_ID, type ReviewedProduct } from "./types.ts";
import { useLocalePath, useT } from "../../i18n/index.ts";
import { colorLabel } from "../../lib/format.ts";

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-danger">
      {error}
    </p>
  ) : null;
}

/** The size or colour the reviewer has: optional, one of the product's own. */
function OwnedOption({
  field,
  label,
  choices,
  value,
  error,
}: {
  field: "size" | "color";
  label: string;
  choices: string[];
  value: string | null | undefined;
  error: string | undefined;
}) {
  const id = `review-${field}`;
  const t = useT();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label} <span className="font-normal text-muted">{t("shop.reviews.form.optional")}</span>
      </label>
      <select
        id={id}
        name={field}
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      >
        <option value="">{t("shop.reviews.form.notSaying")}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {field === "color" ? colorLabel(t, choice) : choice}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * Writing or editing the viewer's review: rating (required), title, comment, the size and colour they
 * have (from the product's options) and, for clothing, the fit. Posted to /shop/:slug/reviews; without
 * JavaScript it is a plain form that comes back to the page.
 */
export function ReviewForm({
  product,
  intent,
  values,
  errors = {},
  redirectTo,
}: {
  product: ReviewedProduct;
  intent: "create" | "update";
  values: Record<string, string>;
  errors?: Record<string, string>;
  /** Where a plain (no-JavaScript) post returns; by default the page the form is on. */
  redirectTo?: string;
}) {
  const fetcher = useFetcher<ReviewActionResult>();
  const t = useT();
  const localePath = useLocalePath();
  const hydrated = useHydrated();
  const location = useLocation();
  const result = fetcher.data && (fetcher.data.intent === "create" || fetcher.data.intent === "update") ? fetcher.data : null;
  const shownErrors = result && !result.ok ? result.fieldErrors : errors;
  const busy = fetcher.state !== "idle";
  const back = redirectTo ?? (hydrated ? null : location.pathname + location.search);
  const idFor = (field: string) => `review-${field}`;
  const describe = (field: string) => (shownErrors[field] ? `${idFor(field)}-error` : undefined);

  return (
    <fetcher.Form method="post" action={localePath(`/shop/${product.slug}/reviews`)} className="space-y-4" data-testid="review-form">
      <input type="hidden" name="intent" value={intent} />
      {back ? <input type="hidden" name="redirectTo" value={back} /> : null}

      <StarRatingInput name="rating" legend={t("shop.reviews.form.rating")} defaultValue={values.rating ? Number(values.rating) : null} error={shownErrors.rating} />

      <div>
        <label htmlFor={idFor("title")} className={labelClass}>
          {t("shop.reviews.form.title")} <span className="font-normal text-muted">{t("shop.reviews.form.optional")}</span>
        </label>
        <input
          id={idFor("title")}
          name="title"
          defaultValue={values.title ?? ""}
          maxLength={TITLE_MAX}
          aria-invalid={shownErrors.title ? true : undefined}
          aria-describedby={describe("title")}
          className={inputClass}
        />
        <FieldError id={`${idFor("title")}-error`} error={shownErrors.title} />
      </div>

      <div>
        <label htmlFor={idFor("comment")} className={labelClass}>
          {t("shop.reviews.form.comment")} <span className="font-normal text-muted">{t("shop.reviews.form.optional")}</span>
        </label>
        <textarea
          id={idFor("comment")}
          name="comment"
          rows={5}
          defaultValue={values.comment ?? ""}
          maxLength={COMMENT_MAX}
          aria-invalid={shownErrors.comment ? true : undefined}
          aria-describedby={describe("comment")}
          className="w-full rounded border border-line bg-card px-3 py-2"
        />
        <FieldError id={`${idFor("comment")}-error`} error={shownErrors.comment} />
      </div>

      {product.sizes.length > 0 || product.colors.length > 0 ? (
        <div className="grid gap-4">
          {product.sizes.length > 0 ? (
            <OwnedOption field="size" label={t("shop.reviews.form.size")} choices={product.sizes} value={values.size} error={shownErrors.size} />
          ) : null}
          {product.colors.length > 0 ? (
            <OwnedOption field="color" label={t("shop.reviews.form.color")} choices={product.colors} value={values.color} error={shownErrors.color} />
          ) : null}
        </div>
      ) : null}

      {asksFit(product.category) ? (
        <fieldset aria-describedby={describe("fit")}>
          <legend className={labelClass}>
            {t("shop.reviews.form.fit")} <span className="font-normal text-muted">{t("shop.reviews.form.optional")}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {[...FIT_ANSWERS, ""].map((fit) => (
              <label key={fit || "none"} className="relative">
                <input type="radio" name="fit" value={fit} defaultChecked={(values.fit ?? "") === fit} className="peer sr-only" />
                <span className="flex min-h-11 cursor-pointer items-center rounded border border-line px-3 text-sm font-semibold peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:outline-3 peer-focus-visible:outline-gold">
                  {fit ? t(FIT_LABEL_ID[fit as FitAnswer]) : t("shop.reviews.form.notSure")}
                </span>
              </label>
            ))}
          </div>
          <FieldError id={`${idFor("fit")}-error`} error={shownErrors.fit} />
        </fieldset>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className="min-h-11 rounded bg-ink px-5 font-semibold text-paper disabled:opacity-60">
          {busy ? t("shop.reviews.form.saving") : intent === "create" ? t("shop.reviews.form.submit") : t("shop.reviews.form.update")}
        </button>
        <p role="status" className={result?.ok ? "text-sm text-ok" : "sr-only"}>
          {result?.ok ? result.message : ""}
        </p>
      </div>
      {result && !result.ok ? (
        <p role="alert" className="rounded border border-danger px-3 py-2 text-sm text-danger">
          {result.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
