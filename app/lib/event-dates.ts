/**
 * An event's day and hours in the store's time (New York), in the page's language: "Saturday, June 15, 2027",
 * "June 15", "8:00 PM"; in Spanish "sábado, 15 de junio de 2027", "15 de junio", "8:00 p. m.". The day and the
 * hour are the store's date rules (core/shared/dates.ts), which mails use too.
 */
import { storeMonthDay } from "../../core/events/rules.ts";
import type { Locale } from "../../core/shared/locale.ts";
import { storeDate, storeTime, storeWeekdayDate } from "./dates.ts";

/** "Saturday, June 15, 2027"; "sábado, 15 de junio de 2027". */
export function eventDay(at: Date | string, locale: Locale): string {
  return storeWeekdayDate(at, locale);
}

/** "June 15"; "15 de junio". */
export function eventMonthDay(at: Date | string, locale: Locale): string {
  return locale === "en" ? storeMonthDay(at) : storeDate(at, locale).replace(/ de \d{4}$/, "");
}

/** "8:00 PM"; "8:00 p. m.". */
export function eventTime(at: Date | string, locale: Locale): string {
  return storeTime(at, locale);
}
