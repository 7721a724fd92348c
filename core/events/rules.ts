/** Pure event rules: the store's clock (New York), when an event is past, and how an RSVP waitlist moves up. */

import { STORE_TIME_ZONE, storeLocalToInstant, storeWallClock } from "../shared/dates.ts";

export { instantToStoreLocal, STORE_TIME_ZONE, storeLocalToInstant, storeWallClock } from "../shared/dates.ts";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The next time a yearly date (month, day, time in New York) comes after `now`: this year's if it starts
 * later than now, else next year's. The seeded events use it so a fresh store never shows them as past.
 */
export function nextYearlyOccurrence(now: Date, month: number, day: number, time: string): Date {
  const year = storeWallClock(now).year;
  for (const y of [year, year + 1]) {
    const at = storeLocalToInstant(`${y}-${pad(month)}-${pad(day)}T${time}`);
    if (at.getTime() > now.getTime()) return at;
  }
  throw new Error("unreachable");
}

/** An event is past once it has ended: nothing can be bought or reserved for it after that. */
export function isPast(event: { endsAt: Date | string }, now = new Date()): boolean {
  return new Date(event.endsAt).getTime() <= now.getTime();
}

export interface QueuedParty {
  id: number;
  partySize: number;
}

/**
 * Which waitlisted parties move up when `free` places open: in their order, every whole party that still
 * fits (a party too big for what is left waits, and a smaller one behind it may go ahead).
 */
export function partiesToPromote(waitlist: readonly QueuedParty[], free: number): number[] {
  const promoted: number[] = [];
  let left = free;
  for (const party of waitlist) {
    if (party.partySize <= left) {
      promoted.push(party.id);
      left -= party.partySize;
    }
  }
  return promoted;
}

/** "8:42 PM" in New York time. */
export function storeTimeOfDay(at: Date | string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: STORE_TIME_ZONE, hour: "numeric", minute: "2-digit", hour12: true })
    .formatToParts(new Date(at))
    // Plain spaces (ICU puts a narrow no-break space before AM/PM), so server and browser render the same text.
    .map((p) => (p.type === "literal" ? p.value.replace(/\s/gu, " ") : p.value))
    .join("");
}

/** "Saturday, June 15, 2027" in New York time. */
export function storeLongDate(at: Date | string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: STORE_TIME_ZONE, weekday: "long", year: "numeric", month: "long", day: "numeric" })
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  );
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
}

/** "June 15" in New York time. */
export function storeMonthDay(at: Date | string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: STORE_TIME_ZONE, month: "long", day: "numeric" }).formatToParts(new Date(at)).map((x) => [x.type, x.value]),
  );
  return `${p.month} ${p.day}`;
}

/** What a check-in attempt says at the door. */
export function checkInMessage(result: { kind: "checked_in" | "already" | "void" | "unknown"; at?: Date | string | null; typeName?: string; eventTitle?: string }): string {
  switch (result.kind) {
    case "checked_in":
      return `Checked in: ${result.typeName ?? "ticket"} for ${result.eventTitle ?? "the event"}.`;
    case "already":
      return `Already checked in at ${result.at ? storeTimeOfDay(result.at) : "an earlier time"}${result.at ? ` on ${storeMonthDay(result.at)}` : ""}.`;
    case "void":
      return "This ticket was voided (its order was cancelled or refunded). Do not admit.";
    case "unknown":
      return "No ticket has this code. Check it and try again.";
  }
}

/** Groups a ticket code for reading aloud and typing: ABCD-EFGH-JKLM-NPQR. */
export function formatTicketCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** RSVPs from one client address: enough for a family sharing a connection, not for filling an event by script. */
export const RSVP_THROTTLE = { limit: 5, windowMs: 10 * 60_000 } as const;
export const rsvpThrottleKey = (clientIp: string) => `rsvp:${clientIp}`;
