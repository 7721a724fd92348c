import { useT } from "../../i18n/index.ts";
import { colorLabel } from "../../lib/format.ts";

/** Every option of the product with its price and stock, folded under "Availability". */
export function AvailabilityTable({ variants }: { variants: { id: number; size: string | null; color: string | null; priceCents: number; available: number }[] }) {
  const t = useT();
  return (
    <details className="mt-6 border-t border-line pt-4">
      <summary className="min-h-11 cursor-pointer font-semibold">{t("shop.product.availability")}</summary>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">{t("shop.product.availability.caption")}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1">{t("shop.product.availability.option")}</th>
            <th scope="col" className="py-1">{t("shop.product.availability.price")}</th>
            <th scope="col" className="py-1">{t("shop.product.availability.stock")}</th>
          </tr>
        </thead>
        <tbody>
          {variants.map((v) => (
            <tr key={v.id} className="border-t border-line">
              <td className="py-1">{[v.size, v.color && colorLabel(t, v.color)].filter(Boolean).join(" / ") || t("shop.product.standard")}</td>
              <td className="py-1">${(v.priceCents / 100).toFixed(2)}</td>
              <td className="py-1">{v.available > 0 ? t("shop.stock.inStock", { count: v.available }) : t("shop.stock.out")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
