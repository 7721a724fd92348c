import { Fragment, useId } from "react";
import { starParts } from "../../../core/catalog/rules.ts";
import { useT } from "../../i18n/index.ts";

const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/**
 * Read-only stars with halves (SPEC section 5); the count and average are given in text for screen
 * readers. With `label` it shows one rating (a review's) and says only that.
 */
export function StarRating({
  average,
  count = 0,
  size = 16,
  label,
  wrap = false,
}: {
  average: number;
  count?: number;
  size?: number;
  label?: string;
  /** Let the count go under the stars when the line is too narrow (a card on a phone). */
  wrap?: boolean;
}) {
  const id = useId();
  const t = useT();
  const { full, half, empty } = starParts(average);
  const summary = count > 0 ? t("shop.rating.summary", { average: average.toFixed(1), count }) : t("shop.rating.none");
  const kinds = [...Array(full).fill("full"), ...(half ? ["half"] : []), ...Array(empty).fill("empty")] as string[];
  return (
    <div className={`flex items-center gap-1 ${wrap ? "flex-wrap" : ""}`} role="img" aria-label={label ?? summary}>
      <svg width={size * 5} height={size} viewBox="0 0 120 24" aria-hidden="true" className="shrink-0">
        <defs>
          <linearGradient id={`${id}-half`}>
            <stop offset="50%" stopColor="#d99a00" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
        {kinds.map((kind, i) => (
          <path
            key={i}
            d={STAR}
            transform={`translate(${i * 24} 0)`}
            fill={kind === "full" ? "#d99a00" : kind === "half" ? `url(#${id}-half)` : "transparent"}
            stroke="#a87600"
            strokeWidth="1.2"
            data-star={kind}
          />
        ))}
      </svg>
      {label ? null : (
        <span className="text-xs text-muted" aria-hidden="true">
          {count > 0 ? `${average.toFixed(1)} (${count})` : t("shop.rating.none")}
        </span>
      )}
    </div>
  );
}

/**
 * The interactive stars: five radios (1 to 5 stars), one required, that work without JavaScript.
 * The radios come in the DOM from 5 down to 1 and are laid out reversed, so "a checked radio and every
 * label after it" are the chosen star and the ones to its left: CSS alone fills them.
 */
export function StarRatingInput({
  name,
  legend,
  defaultValue,
  error,
}: {
  name: string;
  legend: string;
  defaultValue?: number | null;
  error?: string | undefined;
}) {
  const id = useId();
  const t = useT();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold">
        {legend}
        <span aria-hidden="true"> *</span>
      </legend>
      <div
        className={[
          "inline-flex flex-row-reverse justify-end gap-1",
          "[&_path]:fill-transparent",
          "[&_input:checked~label_path]:fill-[#d99a00]",
          "[&_label:hover_path]:fill-[#f5c84c] [&_label:hover~label_path]:fill-[#f5c84c]",
          "[&_input:focus-visible+label]:outline-3 [&_input:focus-visible+label]:outline-gold",
        ].join(" ")}
      >
        {[5, 4, 3, 2, 1].map((n) => (
          <Fragment key={n}>
            <input
              type="radio"
              id={`${id}-${n}`}
              name={name}
              value={n}
              defaultChecked={defaultValue === n}
              required
              aria-invalid={error ? true : undefined}
              className="sr-only"
            />
            <label htmlFor={`${id}-${n}`} className="flex h-11 w-11 cursor-pointer items-center justify-center rounded">
              <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true">
                <path d={STAR} stroke="#a87600" strokeWidth="1.2" />
              </svg>
              <span className="sr-only">{t("shop.rating.stars", { count: n })}</span>
            </label>
          </Fragment>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
