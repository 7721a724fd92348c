import { useIntl } from "react-intl";
import type { CartLine } from "../../../core/cart/rules.ts";
import type { OrderAmounts } from "../../../core/orders/rules.ts";
import { useLocale, useT } from "../../i18n/index.ts";
import { storeDateTime, storeTime } from "../../lib/dates.ts";
import { colorLabel, formatCents } from "../../lib/format.ts";
import { Money } from "../product/display-currency.tsx";
import { ProductPicture } from "../product/product-picture.tsx";

export interface ShortLineView {
  variantId: number;
  requested: number;
  available: number;
}

type SummaryLine = Pick<CartLine, "name" | "size" | "color" | "image" | "unitPriceCents" | "quantity"> & {
  variantId?: number;
  photo?: CartLine["photo"];
  event?: CartLine["event"];
  passExpiresAt?: CartLine["passExpiresAt"];
};

/**
 * Lines, subtotal, tax (8%), free shipping and total. A line short of stock says so next to it.
 * `approximate`: before payment, amounts also read in the shopper's currency; after it, only what was charged.
 */
export function OrderSummary({ lines, amounts, short = [], approximate = false }: { lines: readonly SummaryLine[]; amounts: OrderAmounts; short?: readonly ShortLineView[]; approximate?: boolean }) {
  const money = (cents: number) => (approximate ? <Money cents={cents} /> : formatCents(cents));
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  return (
    <>
      <ul className="divide-y divide-line">
        {lines.map((line, i) => {
          const ticket = line.size ? t("cart.line.ticket", { type: line.size }) : t("cart.line.generalTicket");
          const options = line.event ? `${ticket}, ${storeDateTime(line.event.startsAt, locale)}` : [line.size, line.color && colorLabel(t, line.color)].filter(Boolean).join(" / ");
          const shortage = short.find((s) => s.variantId === line.variantId);
          return (
            <li key={line.variantId ?? i} className="flex items-center gap-3 py-3" data-testid="summary-line">
              <ProductPicture image={line.photo ?? null} artSrc={line.image} alt="" sizes="56px" artSize={56} className="h-14 w-14 shrink-0 rounded bg-paper object-contain" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{line.name}</p>
                <p className="text-sm text-muted">
                  {options ? `${options} · ` : ""}
                  {t("checkout.line.qty", { quantity: line.quantity })}
                  {line.quantity > 1 ? <> · {intl.formatMessage({ id: "cart.line.each" }, { price: money(line.unitPriceCents) })}</> : null}
                </p>
                {line.passExpiresAt ? (
                  <p className="mt-1 text-sm font-semibold" data-testid="summary-line-pass">
                    <time dateTime={line.passExpiresAt}>{t("cart.line.passUntil", { time: storeTime(line.passExpiresAt, locale) })}</time>
                  </p>
                ) : null}
                {shortage ? (
                  <p className="mt-1 text-sm font-semibold text-danger">
                    {t("checkout.line.shortage", { requested: shortage.requested, available: Math.max(0, shortage.available) })}
                  </p>
                ) : null}
              </div>
              <p className="text-right font-semibold">{money(line.unitPriceCents * line.quantity)}</p>
            </li>
          );
        })}
      </ul>
      <OrderTotals amounts={amounts} testIdPrefix="summary" approximate={approximate} />
    </>
  );
}

/** Subtotal, tax (8%), shipping ("Free") and total: the checkout, the success page and the order page. */
export function OrderTotals({ amounts, testIdPrefix, approximate = false }: { amounts: OrderAmounts; testIdPrefix: "summary" | "order"; approximate?: boolean }) {
  const money = (cents: number) => (approximate ? <Money cents={cents} /> : formatCents(cents));
  const t = useT();
  return (
    <dl className="mt-4 space-y-2 border-t border-line pt-4">
      <div className="flex justify-between gap-4">
        <dt>{t("checkout.totals.products")}</dt>
        <dd className="text-right" data-testid={`${testIdPrefix}-subtotal`}>{money(amounts.subtotalCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>{t("checkout.totals.tax")}</dt>
        <dd className="text-right" data-testid={`${testIdPrefix}-tax`}>{money(amounts.taxCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>{t("checkout.totals.shipping")}</dt>
        <dd data-testid={`${testIdPrefix}-shipping`}>{amounts.shippingCents === 0 ? t("checkout.totals.free") : money(amounts.shippingCents)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-bold">
        <dt>{t("checkout.totals.total")}</dt>
        <dd className="text-right" data-testid={`${testIdPrefix}-total`}>{money(amounts.totalCents)}</dd>
      </div>
    </dl>
  );
}

/** The spec's error banner. */
export function PaymentErrorBanner({ message }: { message: string }) {
  const t = useT();
  return (
    <div role="alert" className="rounded border border-danger bg-card px-4 py-3" data-testid="payment-error">
      <p className="font-bold text-danger">{t("checkout.paymentError")}</p>
      <p className="mt-1">{message}</p>
    </div>
  );
}
