import type { CartLine } from "../../../core/cart/rules.ts";
import type { OrderAmounts } from "../../../core/orders/rules.ts";
import { storeDateTime } from "../../lib/dates.ts";
import { formatCents } from "../../lib/format.ts";
import { ProductPicture } from "../product/product-picture.tsx";

export interface ShortLineView {
  variantId: number;
  requested: number;
  available: number;
}

type SummaryLine = Pick<CartLine, "name" | "size" | "color" | "image" | "unitPriceCents" | "quantity"> & { variantId?: number; photo?: CartLine["photo"]; event?: CartLine["event"] };

/** Lines, subtotal, tax (8%), free shipping and total. A line short of stock says so next to it. */
export function OrderSummary({ lines, amounts, short = [] }: { lines: readonly SummaryLine[]; amounts: OrderAmounts; short?: readonly ShortLineView[] }) {
  return (
    <>
      <ul className="divide-y divide-line">
        {lines.map((line, i) => {
          const options = line.event ? `${line.size ?? "General"} ticket, ${storeDateTime(line.event.startsAt)}` : [line.size, line.color].filter(Boolean).join(" / ");
          const shortage = short.find((s) => s.variantId === line.variantId);
          return (
            <li key={line.variantId ?? i} className="flex items-center gap-3 py-3" data-testid="summary-line">
              <ProductPicture image={line.photo ?? null} artSrc={line.image} alt="" sizes="56px" artSize={56} className="h-14 w-14 shrink-0 rounded bg-paper object-contain" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{line.name}</p>
                <p className="text-sm text-muted">
                  {options ? `${options} · ` : ""}Qty {line.quantity}
                  {line.quantity > 1 ? ` · ${formatCents(line.unitPriceCents)} each` : ""}
                </p>
                {shortage ? (
                  <p className="mt-1 text-sm font-semibold text-danger">
                    Insufficient stock: you asked for {shortage.requested}, {shortage.available > 0 ? `only ${shortage.available} available` : "none left"}.
                  </p>
                ) : null}
              </div>
              <p className="font-semibold">{formatCents(line.unitPriceCents * line.quantity)}</p>
            </li>
          );
        })}
      </ul>
      <OrderTotals amounts={amounts} testIdPrefix="summary" />
    </>
  );
}

/** Subtotal, tax (8%), shipping ("Free") and total: the checkout, the success page and the order page. */
export function OrderTotals({ amounts, testIdPrefix }: { amounts: OrderAmounts; testIdPrefix: "summary" | "order" }) {
  return (
    <dl className="mt-4 space-y-2 border-t border-line pt-4">
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd data-testid={`${testIdPrefix}-subtotal`}>{formatCents(amounts.subtotalCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Tax (8%)</dt>
        <dd data-testid={`${testIdPrefix}-tax`}>{formatCents(amounts.taxCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Shipping</dt>
        <dd data-testid={`${testIdPrefix}-shipping`}>{amounts.shippingCents === 0 ? "Free" : formatCents(amounts.shippingCents)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-bold">
        <dt>Total</dt>
        <dd data-testid={`${testIdPrefix}-total`}>{formatCents(amounts.totalCents)}</dd>
      </div>
    </dl>
  );
}

/** The spec's error banner. */
export function PaymentErrorBanner({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded border border-danger bg-card px-4 py-3" data-testid="payment-error">
      <p className="font-bold text-danger">Payment Error</p>
      <p className="mt-1">{message}</p>
    </div>
  );
}
