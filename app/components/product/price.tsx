import { formatApproximate, formatCents } from "../../lib/format.ts";
import { useCurrency } from "./display-currency.tsx";
import { useT } from "../../i18n/index.ts";

/**
 * The price, with the base price struck through when the chosen variant's price differs from it. In a
 * currency other than dollars the price reads "≈ €50.60" with the dollar price beside it in small type.
 */
export function Price({ cents, originalCents, className = "" }: { cents: number; originalCents: number | null; className?: string }) {
  const { shown } = useCurrency();
  const read = (c: number) => (shown ? formatApproximate(c, shown) : formatCents(c));
  const t = useT();
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="font-display" data-testid="price">{read(cents)}</span>
      {shown ? (
        <span className="text-sm whitespace-nowrap text-muted" data-testid="price-usd">
          {formatCents(cents)}
        </span>
      ) : null}
      {originalCents !== null ? (
        <s className="text-sm text-muted" data-testid="original-price">
          <span className="sr-only">{t("shop.price.original")} </span>
          {read(originalCents)}
        </s>
      ) : null}
    </p>
  );
}
