/**
 * The store's languages: English, and the Spanish of El Barrio. Numbers, money and dates are formatted
 * as in the United States in both (US Spanish: "$55.00", "24 de noviembre de 2026").
 */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The BCP 47 tag each language formats with. */
export const INTL_TAG: Readonly<Record<Locale, string>> = { en: "en-US", es: "es-US" };

/** Each language's name in itself, as a switcher shows it. */
export const LOCALE_NAME: Readonly<Record<Locale, string>> = { en: "English", es: "Español" };

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "es";
}
