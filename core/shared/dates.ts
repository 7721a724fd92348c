/**
 * Dates in the store's own time (East Harlem: New York), on every page: orders, reviews, wishlists,
 * accounts and the admin dashboard agree on what day something happened. Built from parts with plain spaces, so the
 * server's and the browser's Intl data render the very same text and hydration never disagrees.
 */
import { INTL_TAG, type Locale } from "./locale.ts";

export const STORE_TIME_ZONE = "America/New_York";


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

/* Wall-clock times in New York: the back office's date-time fields (events, timed releases). */

const zoneParts = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The wall-clock reading in New York of an instant, as numbers. */
export function storeWallClock(at: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const p = Object.fromEntries(zoneParts.formatToParts(at).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour) % 24, minute: Number(p.minute), second: Number(p.second) };
}

/** New York's offset from UTC at an instant, in minutes (-240 in summer, -300 in winter). */
function offsetMinutes(at: Date): number {
  const w = storeWallClock(at);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a New York wall-clock time ("2027-06-15T20:00", or with seconds "2027-06-15T20:00:30") names. */
export function storeLocalToInstant(local: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) throw new Error(`not a local date-time: ${local}`);
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  // Two passes settle the offset on either side of a daylight-saving change.
  let at = new Date(guess - offsetMinutes(new Date(guess)) * 60_000);
  at = new Date(guess - offsetMinutes(at) * 60_000);
  return at;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The value of an <input type="datetime-local"> showing this instant in New York time (its seconds only when it has some). */
export function instantToStoreLocal(at: Date): string {
  const w = storeWallClock(at);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}${w.second ? `:${pad(w.second)}` : ""}`;
}
