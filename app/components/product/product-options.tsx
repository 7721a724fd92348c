import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { Link, useLocalePath, useT } from "../../i18n/index.ts";
import {
  canAddToCart,
  checkMarkColor,
  colorHex,
  isColorAvailable,
  isSizeAvailable,
  MAX_SWATCHES,
  optionValues,
  selectVariant,
} from "../../../core/catalog/rules.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { colorLabel, stockText } from "../../lib/format.ts";
import type { QueueStatus } from "../../../core/queue/index.ts";
import type { CartActionResult } from "../cart/types.ts";
import { useCart } from "../cart/cart-context.tsx";
import { limitOf, type OptionsProduct, type Selection } from "./options-product.ts";

export type { OptionsProduct, Selection } from "./options-product.ts";

export const ADDING_MS = 500;

/**
 * Size, colour and quantity, and the add-to-cart button. Without JavaScript it is a plain form the server
 * resolves to a variant; with JavaScript it shows availability as the shopper chooses and adds in place.
 */
export function ProductOptions({
  product,
  onChange,
  onQueue,
  showAllColors = false,
}: {
  product: OptionsProduct;
  onChange?: (selection: Selection) => void;
  /** An add refused for want of a place in a drop's line took one (ADR 0034): the page shows it in place of the options. */
  onQueue?: (status: QueueStatus) => void;
  showAllColors?: boolean;
}) {
  const uid = useId();
  const t = useT();
  const hydrated = useHydrated();
  const location = useLocation();
  const { open: openCart } = useCart();
  const fetcher = useFetcher<CartActionResult>();
  const localePath = useLocalePath();
  const { sizes, colors } = optionValues(product.variants);
  const [size, setSize] = useState<string | null>(null);
  const [color, setColor] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [allColors, setAllColors] = useState(showAllColors);
  const [adding, setAdding] = useState(false);
  const addingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const variant = selectVariant(product.variants, size, color);
  const maxQuantity = Math.max(1, Math.min(99, variant?.available ?? 99));
  // A guest cannot buy a limited or sign-in-only drop (the server refuses it): the way in is signing in.
  const root = useRouteLoaderData<{ viewer: unknown }>("root");
  const accountOnly = !root?.viewer && (product.signInRequired === true || limitOf(product, variant) !== null);

  // A size or colour chosen on the server's page before the app came alive is taken over as the app's first
  // choice, before the first paint: the button never shows disabled for a moment while a tap may land on it
  // (the page's loader would otherwise set the choice again only after the app is ready, ADR 0030).
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const form = formRef.current;
    const chosen = (name: string) => form?.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"]:checked:not(:disabled)`)?.value ?? null;
    const [sizeOnPage, colorOnPage] = [chosen("size"), chosen("color")];
    if (sizeOnPage) setSize(sizeOnPage);
    if (colorOnPage) setColor(colorOnPage);
  }, []);
  useEffect(() => onChange?.({ size, color, variant }), [size, color, variant, onChange]);
  useEffect(() => () => clearTimeout(addingTimer.current), []);
  const joinedQueue = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.queue : undefined;
  useEffect(() => {
    if (joinedQueue) onQueue?.(joinedQueue);
  }, [joinedQueue, onQueue]);
  // A variant with less stock lowers the quantity: adjusted while rendering, as React advises, not in an effect.
  if (quantity > maxQuantity) setQuantity(maxQuantity);

  const busy = adding || fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // Before JavaScript runs, the server decides; after, the button follows the spec's rule.
  const addEnabled = !hydrated || canAddToCart(product.variants, variant);
  const shownColors = allColors ? colors : colors.slice(0, MAX_SWATCHES);
  const moreColors = colors.length - shownColors.length;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={localePath("/cart")}
      className="space-y-4 narrow-card:space-y-3"
      onSubmit={() => {
        setAdding(true);
        clearTimeout(addingTimer.current);
        addingTimer.current = setTimeout(() => setAdding(false), ADDING_MS);
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}

      {sizes.length > 0 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{t("shop.options.size")}</legend>
          <div className="flex flex-wrap gap-2">
            {sizes.map((s) => {
              const available = isSizeAvailable(product.variants, s, color);
              return (
                <label key={s} className="relative">
                  <input
                    type="radio"
                    name="size"
                    value={s}
                    checked={size === s}
                    disabled={!available}
                    onChange={() => setSize(s)}
                    onClick={() => size === s && setSize(null)}
                    className="peer sr-only"
                  />
                  <span className="flex h-11 min-w-11 cursor-pointer items-center justify-center rounded border border-line px-3 narrow-card:px-2 text-sm font-semibold peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:outline-3 peer-focus-visible:outline-gold peer-disabled:cursor-not-allowed peer-disabled:opacity-40 peer-disabled:line-through">
                    {s}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}

      {colors.length > 0 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">
            {t("shop.options.color")}
            {color ? <span className="font-normal text-muted">: {colorLabel(t, color)}</span> : null}
          </legend>
          <div className="flex flex-wrap items-center gap-2">
            {shownColors.map((c) => {
              const available = isColorAvailable(product.variants, c, size);
              return (
                <label key={c} className="relative" title={colorLabel(t, c)}>
                  <input
                    type="radio"
                    name="color"
                    value={c}
                    checked={color === c}
                    disabled={!available}
                    onChange={() => setColor(c)}
                    onClick={() => color === c && setColor(null)}
                    className="peer sr-only"
                    aria-label={available ? colorLabel(t, c) : t("shop.options.unavailable", { color: colorLabel(t, c) })}
                  />
                  <span
                    className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-full border-2 border-line peer-checked:border-ink peer-checked:ring-2 peer-checked:ring-ink peer-checked:ring-offset-2 peer-checked:[&>svg]:block peer-focus-visible:outline-3 peer-focus-visible:outline-gold peer-disabled:cursor-not-allowed peer-disabled:opacity-30"
                    style={{ backgroundColor: colorHex(c) }}
                    data-swatch={c}
                  >
                    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="hidden" fill="none" stroke={checkMarkColor(c)} strokeWidth="3">
                      <path d="M5 12.5l4.5 4.5L19 7.5" />
                    </svg>
                  </span>
                </label>
              );
            })}
            {moreColors > 0 ? (
              <Link
                to={`/shop/${product.slug}`}
                onClick={(e) => {
                  e.preventDefault();
                  setAllColors(true);
                }}
                className="flex min-h-11 items-center px-1 text-sm font-semibold underline"
                aria-label={t("shop.options.moreColors.label", { count: moreColors })}
              >
                {t("shop.options.moreColors", { count: moreColors })}
              </Link>
            ) : null}
          </div>
        </fieldset>
      ) : null}

      <div className="flex flex-wrap items-end gap-3 narrow-card:gap-2">
        <div>
          <label htmlFor={`${uid}-qty`} className="mb-2 block text-sm font-semibold">
            {t("shop.options.quantity")}
          </label>
          {/* As wide before hydration as after, the field centred where it will sit between the buttons: nothing moves when they appear. */}
          <div className="flex w-[9.5rem] justify-center narrow-card:w-[6.75rem]">
            {hydrated ? (
              <button
                type="button"
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                disabled={quantity <= 1}
                className="h-11 w-11 rounded-l border border-line text-lg disabled:opacity-40 narrow-card:w-8"
                aria-label={t("shop.options.decrease")}
              >
                −
              </button>
            ) : null}
            <input
              id={`${uid}-qty`}
              type="number"
              name="quantity"
              min={1}
              max={maxQuantity}
              step={1}
              inputMode="numeric"
              value={quantity}
              onChange={(e) => {
                const n = Number.parseInt(e.target.value, 10);
                setQuantity(Number.isNaN(n) ? 1 : Math.min(maxQuantity, Math.max(1, n)));
              }}
              className={`h-11 w-16 border border-line bg-card text-center narrow-card:w-11 ${hydrated ? "" : "rounded"}`}
            />
            {hydrated ? (
              <button
                type="button"
                onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
                disabled={quantity >= maxQuantity}
                className="h-11 w-11 rounded-r border border-line text-lg disabled:opacity-40 narrow-card:w-8"
                aria-label={t("shop.options.increase")}
              >
                +
              </button>
            ) : null}
          </div>
        </div>
        <p className="pb-3 text-sm text-muted" aria-live="polite" data-testid="stock-label">
          {stockText(t, variant)}
        </p>
      </div>

      {limitOf(product, variant) ? (
        <p className="text-sm font-semibold" data-testid="limit-per-customer">
          {t("shop.options.limitPerCustomer", { limit: limitOf(product, variant)! })}
        </p>
      ) : null}
      {accountOnly ? (
        <Link
          to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
          className="flex min-h-11 w-full items-center justify-center rounded bg-ink px-4 py-3 font-display text-paper hover:opacity-90 narrow-card:px-2 narrow-card:text-sm"
        >
          {t("shop.options.signInToBuy")}
        </Link>
      ) : (
        <button
          type="submit"
          disabled={!addEnabled || busy}
          className="min-h-11 w-full rounded bg-ink px-4 py-3 font-display text-paper hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-40 narrow-card:px-2 narrow-card:text-sm"
        >
          {busy ? t("shop.options.adding") : t("shop.options.addToCart")}
        </button>
      )}
      <p role="status" className="min-h-5 text-sm">
        {result?.ok ? (
          <span className="text-ok">
            {result.message}.{" "}
            <button type="button" className="underline" onClick={openCart}>
              {t("shop.options.viewCart")}
            </button>
          </span>
        ) : result && !result.ok ? (
          <span className="text-danger">
            {result.error}
            {result.signInTo ? (
              <>
                {" "}
                <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`} className="font-semibold underline">
                  {t("cart.signInToBuy")}
                </Link>
              </>
            ) : null}
          </span>
        ) : null}
      </p>
    </fetcher.Form>
  );
}
