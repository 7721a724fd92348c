import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import { INTL_TAG, type Locale } from "../../core/shared/locale.ts";
import type { MessageId, Messages } from "../../texts/ids.ts";

/** Every text of the storefront, by id (the catalogues are in texts/messages). */
export type { MessageId, Messages };

/**
 * The catalogues this process holds: the server registers both at start (messages.server.ts); the browser
 * fetches the page's own before it hydrates (entry.client.tsx) and another one when a page in the other
 * language is opened without a reload (root clientLoader).
 */
const loaded = new Map<Locale, Record<string, string>>();
const intls = new Map<Locale, IntlShape>();
const cache = createIntlCache();

export function registerMessages(locale: Locale, messages: Record<string, string>): void {
  loaded.set(locale, messages);
  intls.delete(locale);
}

export function loadedMessages(locale: Locale): Record<string, string> | undefined {
  return loaded.get(locale);
}

export async function ensureMessages(locale: Locale, url: string): Promise<void> {
  if (loaded.has(locale)) return;
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`The ${locale} texts did not load (${response.status})`);
  registerMessages(locale, (await response.json()) as Record<string, string>);
}

/** An intl object for code outside React (meta functions, the server's form errors). */
export function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale: INTL_TAG[locale], messages: loaded.get(locale) ?? {}, defaultLocale: "en-US", onError: reportMissing }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** A missing text is a defect the catalogue test catches; at run time it shows its id rather than crash. */
export function reportMissing(error: { code?: string; message: string }): void {
  if (error.code === "MISSING_TRANSLATION") return;
  console.error(error.message);
}

/**
 * For meta functions: the page's intl, from the root's loader data (its `locale`) among the matches.
 * `metaIntl(matches).formatMessage({ id: "shop.title" })`.
 */
export function metaIntl(matches: readonly ({ id: string; data?: unknown } | undefined)[]): IntlShape {
  const root = matches.find((match) => match?.id === "root")?.data as { locale?: unknown } | undefined;
  return intlFor(root?.locale === "es" ? "es" : "en");
}
