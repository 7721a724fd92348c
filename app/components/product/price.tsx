import { formatCents } from "../../lib/format.ts";
import { useT } from "../../i18n/index.ts";

/** The price, with the base price struck through when the chosen variant's price differs from it. */
export function Price({ cents, originalCents, className = "" }: { cents: number; originalCents: number | null; className?: string }) {
  const t = useT();
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="font-display" data-testid="price">{formatCents(cents)}</span>
      {originalCents !== null ? (
        <s className="text-sm text-muted" data-testid="original-price">
          <span className="sr-only">{t("shop.price.original")} </span>
          {formatCents(originalCents)}
        </s>
      ) : null}
    </p>
  );
}
