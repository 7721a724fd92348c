import type { Locale } from "../../core/shared/locale.ts";

/** A shared page's language for Open Graph (en_US, es_US), with the other one as its alternate. */
export const OG_LOCALE: Readonly<Record<Locale, { property: string; content: string }[]>> = {
  en: [
    { property: "og:locale", content: "en_US" },
    { property: "og:locale:alternate", content: "es_US" },
  ],
  es: [
    { property: "og:locale", content: "es_US" },
    { property: "og:locale:alternate", content: "en_US" },
  ],
};
