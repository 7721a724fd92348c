/**
 * An event's day and hours in the store's time (New York), in the page's language: "Saturday, June 15, 2027",
 * "June 15", "8:00 PM"; in Spanish "sábado, 15 de junio de 2027", "15 de junio", "8:00 p. m.". English is
 * the events core's own wording; Spanish is built from parts with plain spaces, as app/lib/dates.ts does,
 * so the server's and the browser's Intl data agree and hydration never differs.
 */
import { STORE_TIME_ZONE, storeLongDate, storeMonthDay, storeTimeOfDay } from "../../core/events/rules.ts";
import type { Locale } from "../../core/shared/locale.ts";

const SPANISH = new Intl.DateTimeFormat("es-US", {
  timeZone: STORE_TIME_ZONE,
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

function spanishParts(at: Date | string) {
  const found = Object.fromEntries(SPANISH.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return found as Record<"weekday" | "year" | "month" | "day" | "hour" | "minute" | "dayPeriod", string>;
}

/** "Saturday, June 15, 2027"; "sábado, 15 de junio de 2027". */
export function eventDay(at: Date | string, locale: Locale): string {
  if (locale === "en") return storeLongDate(at);
  const p = spanishParts(at);
  return `${p.weekday}, ${p.day} de ${p.month} de ${p.year}`;
}

/** "June 15"; "15 de junio". */
export function eventMonthDay(at: Date | string, locale: Locale): string {
  if (locale === "en") return storeMonthDay(at);
  const p = spanishParts(at);
  return `${p.day} de ${p.month}`;
}

/** "8:00 PM"; "8:00 p. m." (written out: ICU versions differ on "p.m." and "p. m."). */
export function eventTime(at: Date | string, locale: Locale): string {
  if (locale === "en") return storeTimeOfDay(at);
  const p = spanishParts(at);
  return `${p.hour}:${p.minute} ${/p/i.test(p.dayPeriod) ? "p. m." : "a. m."}`;
}
