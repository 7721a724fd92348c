/**
 * Dates in the store's own time (East Harlem: New York), on every page: orders, reviews, wishlists,
 * accounts and the admin dashboard agree on what day something happened. Built from parts with plain spaces, so the
 * server's and the browser's Intl data render the very same text and hydration never disagrees.
 */
const STORE_TIME_ZONE = "America/New_York";

const dateTime = new Intl.DateTimeFormat("en-US", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

function parts(value: Date | string) {
  const found = Object.fromEntries(dateTime.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return found as Record<"year" | "month" | "day" | "hour" | "minute" | "dayPeriod", string>;
}

/** "November 22, 2026" */
export function storeDate(value: Date | string): string {
  const p = parts(value);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** "November 22, 2026, 2:05 PM ET" */
export function storeDateTime(value: Date | string): string {
  const p = parts(value);
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ET`;
}

export function isoString(value: Date | string): string {
  return new Date(value).toISOString();
}
