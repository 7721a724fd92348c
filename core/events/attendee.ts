/** What an attendee sees of their own: an order's tickets, the account's tickets and its RSVPs, in a language. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { events, eventTranslations, orders, rsvps, tickets, ticketTypeTranslations, type RsvpStatus, type TicketStatus } from "../../db/schema/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";

export interface TicketView {
  code: string;
  typeName: string;
  status: TicketStatus;
  checkedInAt: Date | null;
  eventTitle: string;
  eventSlug: string;
  startsAt: Date;
  endsAt: Date;
  venue: string;
}

/** A ticket as its holder sees it, in a language: the columns, read with the translation joins below. */
const ticketViewColumns = {
  code: tickets.code,
  typeName: sql<string>`coalesce(${ticketTypeTranslations.name}, ${tickets.typeName})`,
  status: tickets.status,
  checkedInAt: tickets.checkedInAt,
  eventTitle: sql<string>`coalesce(${eventTranslations.title}, ${events.title})`,
  eventSlug: events.slug,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  venue: sql<string>`coalesce(${eventTranslations.venue}, ${events.venue})`,
};

/**
 * The tickets an order bought, in issue order, as the order's page in a language shows them: the event's
 * title and venue and the ticket type's name in that language where they have one (a ticket keeps the
 * English type name it was issued under; the check-in desk reads that one).
 */
export async function ticketsOfOrder(db: Db, orderId: string, locale: Locale = DEFAULT_LOCALE): Promise<TicketView[]> {
  return db
    .select(ticketViewColumns)
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(eventTranslations, and(eq(eventTranslations.eventId, events.id), eq(eventTranslations.locale, locale)))
    .leftJoin(ticketTypeTranslations, and(eq(ticketTypeTranslations.variantId, tickets.variantId), eq(ticketTypeTranslations.locale, locale)))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.id));
}

/** The tickets of the account's orders, the soonest event first, as an order's page shows them. */
export async function ticketsOfUser(db: Db, userId: string, locale: Locale = DEFAULT_LOCALE): Promise<(TicketView & { orderId: string })[]> {
  return db
    .select({ ...ticketViewColumns, orderId: tickets.orderId })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(eventTranslations, and(eq(eventTranslations.eventId, events.id), eq(eventTranslations.locale, locale)))
    .leftJoin(ticketTypeTranslations, and(eq(ticketTypeTranslations.variantId, tickets.variantId), eq(ticketTypeTranslations.locale, locale)))
    .where(eq(orders.userId, userId))
    .orderBy(asc(events.startsAt), asc(tickets.id));
}

/** One of the account's RSVPs as its owner sees it. */
export interface OwnRsvp {
  id: number;
  status: RsvpStatus;
  partySize: number;
  name: string;
  createdAt: Date;
  confirmedAt: Date | null;
  eventSlug: string;
  eventTitle: string;
  startsAt: Date;
  endsAt: Date;
  venue: string;
}

/** The RSVPs the account made signed in (its own email), the soonest event first; `rsvpId` narrows to one. */
export async function rsvpsOfUser(db: Db, userId: string, locale: Locale = DEFAULT_LOCALE, rsvpId?: number): Promise<OwnRsvp[]> {
  return db
    .select({
      id: rsvps.id,
      status: rsvps.status,
      partySize: rsvps.partySize,
      name: rsvps.name,
      createdAt: rsvps.createdAt,
      confirmedAt: rsvps.confirmedAt,
      eventSlug: events.slug,
      eventTitle: sql<string>`coalesce(${eventTranslations.title}, ${events.title})`,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      venue: sql<string>`coalesce(${eventTranslations.venue}, ${events.venue})`,
    })
    .from(rsvps)
    .innerJoin(events, eq(events.id, rsvps.eventId))
    .leftJoin(eventTranslations, and(eq(eventTranslations.eventId, events.id), eq(eventTranslations.locale, locale)))
    .where(rsvpId === undefined ? eq(rsvps.userId, userId) : and(eq(rsvps.userId, userId), eq(rsvps.id, rsvpId)))
    .orderBy(asc(events.startsAt), asc(rsvps.id));
}
