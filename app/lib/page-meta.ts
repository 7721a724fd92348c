import type { MetaDescriptor } from "react-router";
import type { Locale } from "../../core/shared/locale.ts";
import { localePath, type metaIntl } from "../i18n/index.ts";

type Matches = Parameters<typeof metaIntl>[0];

/** The language a page's meta tags are written in: the root loader's (the page's address decides it). */
export function metaLocale(matches: Matches): Locale {
  const root = matches.find((match) => match?.id === "root")?.data as { locale?: unknown } | undefined;
  return root?.locale === "es" ? "es" : "en";
}

/** Open Graph's names of the store's languages. */
export const OG_LOCALE: Readonly<Record<Locale, string>> = { en: "en_US", es: "es_US" };

/**
 * A page's own address in its language (`path` without the /es prefix), and the tags that name it: the
 * canonical link and og:url point at this language's page, og:locale says its language and
 * og:locale:alternate the other one's.
 */
export function pageAddress(baseUrl: string, path: string, locale: Locale): { url: string; tags: MetaDescriptor[] } {
  const url = baseUrl + localePath(path, locale);
  return {
    url,
    tags: [
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
      { property: "og:locale", content: OG_LOCALE[locale] },
      { property: "og:locale:alternate", content: OG_LOCALE[locale === "en" ? "es" : "en"] },
    ],
  };
}
