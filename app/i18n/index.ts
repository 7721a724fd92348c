/** The storefront's languages: texts, addresses and links in the page's language (ADR 0025). */
export { I18nProvider, Form, Link, NavLink, useLocale, useLocaleNavigate, useLocalePath, useT } from "./react.tsx";
export { ensureMessages, intlFor, metaIntl, registerMessages, type MessageId, type Messages } from "./catalog.ts";
export { isLocalizedPath, localePath, splitLocale } from "./paths.ts";
