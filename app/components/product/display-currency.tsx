import { createContext, useCallback, useContext, type ReactNode } from "react";
import type { DisplayCurrency, ShownCurrency } from "../../../core/currency/rules.ts";
import { useT } from "../../i18n/index.ts";
import { formatApproximate, formatCents } from "../../lib/format.ts";

/**
 * The currency prices are shown in, from the root loader: `shown` is null for US dollars, else the chosen
 * currency and its rate. Prices stay US cents everywhere; only these components read them in another
 * currency, always marked approximate with the dollar price beside. Orders and receipts do not use this:
 * they show what was charged.
 */
export interface CurrencyView {
  shown: ShownCurrency | null;
  /** The choice in effect (USD when the chosen currency has no rate). */
  chosen: DisplayCurrency;
  /** USD and each currency with a rate. */
  offered: DisplayCurrency[];
}

export const USD_VIEW: CurrencyView = { shown: null, chosen: "USD", offered: ["USD"] };

const CurrencyContext = createContext<CurrencyView>(USD_VIEW);

export function CurrencyProvider({ value, children }: { value: CurrencyView; children: ReactNode }) {
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyView {
  return useContext(CurrencyContext);
}

/** A price as plain text, for places that take no markup (a select's options): "$55.00" or "≈ €50.60 ($55.00)". */
export function useMoneyText(): (usdCents: number) => string {
  const { shown } = useCurrency();
  return useCallback((usdCents: number) => (shown ? `${formatApproximate(usdCents, shown)} (${formatCents(usdCents)})` : formatCents(usdCents)), [shown]);
}

/**
 * A price inside the element that styles it: "$55.00" in dollars; in another currency the approximate
 * amount ("≈ €50.60") followed by the dollar price in small type.
 */
export function Money({ cents }: { cents: number }) {
  const { shown } = useCurrency();
  if (!shown) return <>{formatCents(cents)}</>;
  return (
    <>
      {formatApproximate(cents, shown)} <span className="text-xs font-normal whitespace-nowrap text-muted">{formatCents(cents)}</span>
    </>
  );
}

/** Said wherever converted prices add up to something to pay (the cart). */
export function CurrencyNote({ code }: { code: DisplayCurrency }) {
  const t = useT();
  return (
    <p className="mt-1 text-sm text-muted" data-testid="currency-note">
      {t("currency.cartNote", { code })}
    </p>
  );
}
