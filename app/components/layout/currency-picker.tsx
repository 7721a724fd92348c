import { useLocation } from "react-router";
import { Form, useT } from "../../i18n/index.ts";
import { useCurrency } from "../product/display-currency.tsx";

/**
 * The footer's currency chooser, for guests and signed-in shoppers alike (a plain form to /currency, which
 * sends the shopper back to this page). Shown only when a currency other than dollars has a rate.
 */
export function CurrencyPicker() {
  const { chosen, offered } = useCurrency();
  const location = useLocation();
  const t = useT();
  if (offered.length < 2) return null;
  return (
    <Form method="post" action="/currency" className="mt-4 flex flex-wrap items-end gap-2" aria-label={t("currency.title")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div className="min-w-0">
        <label htmlFor="footer-currency" className="block text-sm">
          {t("currency.showIn")}
        </label>
        {/* Keyed by the choice, so a new choice made elsewhere (Settings) shows here too. */}
        <select key={chosen} id="footer-currency" name="currency" defaultValue={chosen} className="mt-1 h-11 rounded border border-paper/60 bg-ink px-2 text-paper">
          {offered.map((code) => (
            <option key={code} value={code}>
              {t("currency.option", { code, name: t(`currency.name.${code}`) })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="h-11 rounded border border-paper/60 px-4 font-semibold">
        {t("currency.set")}
      </button>
      <p className="basis-full text-sm opacity-80">{t("currency.footerNote")}</p>
    </Form>
  );
}
