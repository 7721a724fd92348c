import { createContext, useCallback, useContext, type ReactNode } from "react";
import { RawIntlProvider, useIntl } from "react-intl";
import {
  Form as RouterForm,
  Link as RouterLink,
  NavLink as RouterNavLink,
  useFormAction,
  useNavigate,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
  type NavigateOptions,
  type To,
} from "react-router";
import { DEFAULT_LOCALE, type Locale } from "../../core/shared/locale.ts";
import { intlFor, type MessageId } from "./catalog.ts";
import { localePath } from "./paths.ts";
import { withoutDone } from "../lib/done.ts";

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <LocaleContext.Provider value={locale}>
      {/* The process's intl for the language, kept with its compiled messages and formatters (a new
          IntlProvider per render made them again for every page). */}
      <RawIntlProvider value={intlFor(locale)}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

type Values = Record<string, string | number | Date | null | undefined>;

/** `t("cart.empty")`, `t("shop.results", { count })`: the page's language, ICU plurals and selects. */
export function useT(): (id: MessageId, values?: Values) => string {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: Values) => intl.formatMessage({ id }, values), [intl]);
}

/** Addresses on this site, in the page's language. */
export function useLocalePath(): (to: string) => string {
  const locale = useLocale();
  return useCallback((to: string) => localePath(to, locale), [locale]);
}

function localizeTo(to: To, locale: Locale): To {
  if (typeof to === "string") return localePath(to, locale);
  return to.pathname ? { ...to, pathname: localePath(to.pathname, locale) } : to;
}

/** React Router's Link, keeping the page's language. */
export function Link({ to, ...props }: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  return <RouterLink to={localizeTo(to, useLocale())} {...props} />;
}

/** React Router's NavLink, keeping the page's language. */
export function NavLink({ to, ...props }: NavLinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  return <RouterNavLink to={localizeTo(to, useLocale())} {...props} />;
}

/**
 * React Router's Form; an explicit action keeps the page's language. A form without one posts to its page
 * as React Router does, less the success banner's parameter (app/lib/done.ts): after "The variant was added.", a refused
 * submission answers with its refusal alone (a successful one redirects to its own banner), with or
 * without JavaScript.
 */
export function Form({ action, ...props }: FormProps & { ref?: React.Ref<HTMLFormElement> }) {
  const locale = useLocale();
  const here = useFormAction();
  const method = (props.method ?? "get").toLowerCase();
  const target = action !== undefined ? localePath(action, locale) : method === "get" ? undefined : withoutDone(here);
  return <RouterForm action={target} {...props} />;
}

export function useLocaleNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const locale = useLocale();
  return useCallback((to: string, options?: NavigateOptions) => void navigate(localePath(to, locale), options), [navigate, locale]);
}
