/**
 * Dates in the store's own time (East Harlem: New York), on every page: orders, reviews, wishlists,
 * accounts and the admin dashboard agree on what day something happened. Built from parts with plain spaces, so the
 * server's and the browser's Intl data render the very same text and hydration never disagrees.
 */
import { INTL_TAG, type Locale } from "./locale.ts";

const STORE_TIME_ZONE = "America/New_York";

const OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
};
const FORMATS: Readonly<Record<Locale, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat(INTL_TAG.en, OPTIONS),
  es: new Intl.DateTimeFormat(INTL_TAG.es, OPTIONS),
};

function parts(value: Date | string, locale: Locale) {
  const found = Object.fromEntries(FORMATS[locale].formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return found as Record<"year" | "month" | "day" | "hour" | "minute" | "dayPeriod", string>;
}

/** "November 22, 2026"; in Spanish "22 de noviembre de 2026" */
export function storeDate(value: Date | string, locale: Locale = "en"): string {
  const p = parts(value, locale);
  return locale === "es" ? `${p.day} de ${p.month} de ${p.year}` : `${p.month} ${p.day}, ${p.year}`;
}

/** "November 22, 2026, 2:05 PM ET"; in Spanish "22 de noviembre de 2026, 2:05 p. m. ET" */
export function storeDateTime(value: Date | string, locale: Locale = "en"): string {
  const p = parts(value, locale);
  // Written out, not taken from Intl: ICU versions differ on "p.m." and "p. m." (with a no-break space).
  if (locale === "es") return `${p.day} de ${p.month} de ${p.year}, ${p.hour}:${p.minute} ${/p/i.test(p.dayPeriod) ? "p. m." : "a. m."} ET`;
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ET`;
}

export function isoString(value: Date | string): string {
  return new Date(value).toISOString();
}

const WEEKDAYS: Readonly<Record<Locale, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat(INTL_TAG.en, { timeZone: STORE_TIME_ZONE, weekday: "long" }),
  es: new Intl.DateTimeFormat(INTL_TAG.es, { timeZone: STORE_TIME_ZONE, weekday: "long" }),
};

/** "Saturday, June 15, 2027"; in Spanish "sábado, 15 de junio de 2027" (an event's day, in mails) */
export function storeWeekdayDate(value: Date | string, locale: Locale = "en"): string {
  const weekday = WEEKDAYS[locale].format(new Date(value));
  return `${weekday}, ${storeDate(value, locale)}`;
}

/** "8:42 PM"; in Spanish "8:42 p. m." (the store's time of day) */
export function storeTime(value: Date | string, locale: Locale = "en"): string {
  const p = parts(value, locale);
  if (locale === "es") return `${p.hour}:${p.minute} ${/p/i.test(p.dayPeriod) ? "p. m." : "a. m."}`;
  return `${p.hour}:${p.minute} ${p.dayPeriod}`;
}
