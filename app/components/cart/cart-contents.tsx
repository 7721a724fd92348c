import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { useFetcher, useLocation } from "react-router";
import { Link, useLocale, useLocalePath, useT } from "../../i18n/index.ts";
import type { CartLine } from "../../../core/cart/rules.ts";
import { storeDateTime, storeTime } from "../../lib/dates.ts";
import { categoryLabel, colorLabel } from "../../lib/format.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { CartActionResult } from "./types.ts";
import { useCart } from "./cart-context.tsx";
import { CurrencyNote, Money, useCurrency } from "../product/display-currency.tsx";
import { ProductPicture } from "../product/product-picture.tsx";

function ReturnHere() {
  // Without JavaScript the form posts as a page; the server sends the shopper back here.
  const location = useLocation();
  const hydrated = useHydrated();
  return hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />;
}

function CartRow({ line, onNavigate }: { line: CartLine; onNavigate?: () => void }) {
  const fetcher = useFetcher<CartActionResult>({ key: `cart-line-${line.variantId}` });
  const localePath = useLocalePath();
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  const pending = fetcher.state !== "idle";
  // Show the quantity being saved straight away.
  const pendingQuantity = fetcher.formData?.get("intent") === "set" ? Number(fetcher.formData.get("quantity")) : null;
  const quantity = pendingQuantity ?? line.quantity;
  const options = line.event ? (line.size ? t("cart.line.ticket", { type: line.size }) : t("cart.line.generalTicket")) : [line.size, line.color && colorLabel(t, line.color)].filter(Boolean).join(" / ");
  const item = `${line.name}${options ? ` (${options})` : ""}`;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <li className="flex gap-3 border-b border-line py-4" aria-busy={pending}>
      <ProductPicture
        image={line.photo}
        artSrc={line.image}
        alt={line.color ? t("cart.line.alt", { name: line.name, color: colorLabel(t, line.color) }) : line.name}
        sizes="64px"
        artSize={64}
        className="h-16 w-16 shrink-0 rounded bg-card object-contain"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={line.event ? `/events/${line.event.slug}` : `/shop/${line.slug}`} onClick={onNavigate} className="font-semibold hover:underline">
              {line.name}
            </Link>
            <p className="text-sm text-muted">{line.event ? storeDateTime(line.event.startsAt, locale) : categoryLabel(t, line.category)}</p>
            {options ? <p className="text-sm text-muted">{options}</p> : null}
            {line.passExpiresAt ? (
              <p className="text-sm font-semibold" data-testid="line-pass">
                <time dateTime={line.passExpiresAt}>{t("cart.line.passUntil", { time: storeTime(line.passExpiresAt, locale) })}</time>
              </p>
            ) : null}
          </div>
          <div className="text-right">
            <p className="font-semibold" data-testid="line-total">
              <Money cents={line.unitPriceCents * quantity} />
            </p>
            {quantity > 1 ? (
              <p className="text-xs text-muted">{intl.formatMessage({ id: "cart.line.each" }, { price: <Money cents={line.unitPriceCents} /> })}</p>
            ) : null}
          </div>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <fetcher.Form method="post" action={localePath("/cart")} className="flex items-center" aria-label={t("cart.line.quantityOf", { item })}>
            <input type="hidden" name="intent" value="set" />
            <input type="hidden" name="variantId" value={line.variantId} />
            <ReturnHere />
            <button
              type="submit"
              name="quantity"
              value={quantity - 1}
              disabled={quantity <= 1}
              aria-label={t("cart.line.decrease")}
              className="h-11 w-11 rounded-l border border-line text-lg disabled:opacity-40"
            >
              −
            </button>
            <output className="flex h-11 min-w-10 items-center justify-center border-y border-line px-2" aria-live="polite" aria-label={t("cart.line.quantity")}>
              {quantity}
            </output>
            <button
              type="submit"
              name="quantity"
              value={quantity + 1}
              disabled={quantity >= Math.min(99, line.available)}
              aria-label={t("cart.line.increase")}
              className="h-11 w-11 rounded-r border border-line text-lg disabled:opacity-40"
            >
              +
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" action={localePath("/cart")}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="variantId" value={line.variantId} />
            <ReturnHere />
            <button type="submit" className="min-h-11 px-1 text-sm underline" aria-label={t("cart.line.removeItem", { item })}>
              {t("cart.line.remove")}
            </button>
          </fetcher.Form>
        </div>
        {error ? (
          <p role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** The cart's lines, total and actions: shown in the slide-in panel and on the /cart page. */
export function CartContents({ onNavigate }: { onNavigate?: () => void }) {
  const { cart } = useCart();
  const { shown } = useCurrency();
  const t = useT();
  if (cart.lines.length === 0) {
    return (
      <div className="py-10 text-center">
        <p className="font-display text-xl">{t("cart.empty")}</p>
        <p className="mt-2 text-muted">{t("cart.empty.hint")}</p>
      </div>
    );
  }
  return (
    <div>
      <ul aria-label={t("cart.lines.label")}>
        {cart.lines.map((line) => (
          <CartRow key={line.variantId} line={line} onNavigate={onNavigate} />
        ))}
      </ul>
      <div className="mt-4 flex items-center justify-between text-lg">
        <span className="font-semibold">{t("cart.total")}</span>
        <span className="font-display text-right" data-testid="cart-total">
          <Money cents={cart.subtotalCents} />
        </span>
      </div>
      {shown ? <CurrencyNote code={shown.code} /> : null}
      <Link
        to="/checkout"
        onClick={onNavigate}
        className="mt-4 block rounded bg-ink px-4 py-3 text-center font-semibold text-paper hover:opacity-90"
      >
        {t("cart.proceed")}
      </Link>
      <ClearCart count={cart.itemCount} />
    </div>
  );
}

/**
 * Clear Cart, right under Proceed to Checkout, asks before it empties the cart. With JavaScript the question
 * opens in place (focus on "Keep my items"; Escape keeps them too) and only "Yes, clear cart" posts, with
 * confirm=yes. Without JavaScript the button posts without it, and the server answers with the question as a
 * page (/cart?clear=confirm): either way nothing is removed until the shopper says yes.
 */
function ClearCart({ count }: { count: number }) {
  const clear = useFetcher<CartActionResult>({ key: "cart-clear" });
  const localePath = useLocalePath();
  const hydrated = useHydrated();
  const t = useT();
  const [asking, setAsking] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const questionId = useId();
  useEffect(() => {
    if (asking) keepRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      clearRef.current?.focus();
    }
  }, [asking]);
  const keep = () => {
    returnFocus.current = true;
    setAsking(false);
  };
  const busy = clear.state !== "idle";
  if (asking || busy) {
    return (
      <div
        role="group"
        aria-labelledby={questionId}
        className="mt-2 rounded border-2 border-ink p-3"
        data-testid="clear-cart-question"
        onKeyDown={(e) => {
          if (e.key !== "Escape" || busy) return;
          // Escape answers the question (keeps the items) and leaves the cart panel open (it skips a handled Escape).
          e.preventDefault();
          keep();
        }}
      >
        <p id={questionId} className="font-semibold">
          {t("cart.clear.question", { count })}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <clear.Form method="post" action={localePath("/cart")} onSubmit={() => setAsking(false)}>
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" disabled={busy} className="min-h-11 rounded bg-ink px-4 py-2 font-semibold text-paper">
              {busy ? t("cart.clearing") : t("cart.clear.confirm")}
            </button>
          </clear.Form>
          {busy ? null : (
            <button ref={keepRef} type="button" onClick={keep} className="min-h-11 rounded border border-line px-4 py-2 font-semibold">
              {t("cart.clear.keep")}
            </button>
          )}
        </div>
      </div>
    );
  }
  return (
    <clear.Form method="post" action={localePath("/cart")} className="mt-2">
      <input type="hidden" name="intent" value="clear" />
      <ReturnHere />
      <button
        ref={clearRef}
        type={hydrated ? "button" : "submit"}
        onClick={hydrated ? () => setAsking(true) : undefined}
        className="min-h-11 w-full rounded border border-line px-4 py-2"
      >
        {t("cart.clear")}
      </button>
      {clear.data && !clear.data.ok ? (
        <p role="alert" className="mt-1 text-sm text-danger">
          {clear.data.error}
        </p>
      ) : null}
    </clear.Form>
  );
}
