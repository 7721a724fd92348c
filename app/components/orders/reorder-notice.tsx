import { useIntl } from "react-intl";
import { Link, useT } from "../../i18n/index.ts";
import type { ReorderResult } from "../../../core/orders/index.ts";
import { Notice } from "../account/page-shell.tsx";

/** A reorder's answer: each line's message in the page's language. */
type ReorderAnswer = Omit<ReorderResult, "outcomes"> & { outcomes: (Omit<ReorderResult["outcomes"][number], "message"> & { message: string | null })[] };

export type OrderActionData = ({ kind: "reordered" } & ReorderAnswer) | { kind: "error"; message: string };

export function ReorderNotice({ result }: { result: OrderActionData }) {
  const t = useT();
  const intl = useIntl();
  if (result.kind === "error") return <Notice tone="error">{result.message}</Notice>;
  const notAdded = result.outcomes.filter((o) => o.message);
  const units = result.addedUnits;
  return (
    <div role={units > 0 ? "status" : "alert"} className={`rounded border px-4 py-3 ${units > 0 ? "border-ok" : "border-danger"}`} data-testid="reorder-result">
      <p className={`font-semibold ${units > 0 ? "text-ok" : "text-danger"}`}>
        {units > 0 ? t("orders.reorder.added", { units }) : t("orders.reorder.nothing")}
      </p>
      {notAdded.length > 0 ? (
        <>
          <p className="mt-2">{units > 0 ? t("orders.reorder.partial") : t("orders.reorder.noneBuyable")}</p>
          <ul className="mt-1 list-disc pl-5">
            {notAdded.map((o, i) => (
              <li key={`${o.variantId ?? "gone"}-${i}`}>{o.message}</li>
            ))}
          </ul>
        </>
      ) : null}
      {units > 0 ? (
        <p className="mt-2">
          {intl.formatMessage(
            { id: "orders.reorder.prices" },
            {
              cart: (chunks) => (
                <Link to="/cart" className="font-semibold underline">
                  {chunks}
                </Link>
              ),
              checkout: (chunks) => (
                <Link to="/checkout" className="font-semibold underline">
                  {chunks}
                </Link>
              ),
            },
          )}
        </p>
      ) : null}
    </div>
  );
}
