import { useLocation } from "react-router";
import { LOCALE_NAME } from "../../../core/shared/locale.ts";
import { splitLocale, useLocale } from "../../i18n/index.ts";

/**
 * Offers the other language: a plain form to /language (no JavaScript needed), which keeps the choice and
 * opens this same page in it. The name is written in its own language, and marked so for screen readers.
 */
export function LanguageSwitcher({ className }: { className: string }) {
  const locale = useLocale();
  const location = useLocation();
  const other = locale === "en" ? "es" : "en";
  const here = splitLocale(location.pathname).path + location.search;
  return (
    <form method="post" action="/language" className="contents">
      <input type="hidden" name="lang" value={other} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" lang={other} className={className}>
        {LOCALE_NAME[other]}
      </button>
    </form>
  );
}
