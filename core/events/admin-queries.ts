/** The back office's reads of events: the list with sales and RSVP figures, an event for its editor, an event's RSVPs. */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { events, rsvps, tickets, ticketTypeTranslations, variants, type RsvpStatus } from "../../db/schema/index.ts";
import { DEFAULT_LOCALE } from "../shared/locale.ts";
import { eventTranslation, placesTaken, withDetails, type EventSpanish, type EventView, type TicketTypeView } from "./queries.ts";

/** Every event for the back office, newest start first, with sales and RSVP figures. */
export async function listAdminEvents(db: Db) {
  const rows = await db.select().from(events).orderBy(desc(events.startsAt));
  const ids = rows.map((r) => r.id);
  const issued = ids.length
    ? await db
        .select({
          eventId: tickets.eventId,
          valid: sql<number>`count(*) filter (where ${tickets.status} = 'valid')`.mapWith(Number),
          checkedIn: sql<number>`count(*) filter (where ${tickets.checkedInAt} is not null and ${tickets.status} = 'valid')`.mapWith(Number),
        })
        .from(tickets)
        .where(inArray(tickets.eventId, ids))
        .groupBy(tickets.eventId)
    : [];
  const byEvent = new Map(issued.map((r) => [r.eventId, r]));
  return Promise.all(
    rows.map(async (r) => ({
      ...r,
      ticketsSold: byEvent.get(r.id)?.valid ?? 0,
      checkedIn: byEvent.get(r.id)?.checkedIn ?? 0,
      placesTaken: r.mode === "rsvp" ? await placesTaken(db, r.id) : 0,
    })),
  );
}

export interface AdminEventView extends EventView {
  spanish: EventSpanish;
  ticketTypes: (TicketTypeView & { nameEs: string | null })[];
}

/** An event for its editor: the English texts and ticket type names, and the Spanish ones beside them. */
export async function getAdminEvent(db: Db, eventId: number): Promise<AdminEventView | null> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) return null;
  const view = await withDetails(db, event, DEFAULT_LOCALE);
  const namesEs =
    event.productId === null
      ? []
      : await db
          .select({ variantId: ticketTypeTranslations.variantId, name: ticketTypeTranslations.name })
          .from(ticketTypeTranslations)
          .innerJoin(variants, eq(variants.id, ticketTypeTranslations.variantId))
          .where(and(eq(variants.productId, event.productId), eq(ticketTypeTranslations.locale, "es")));
  const nameEsOf = new Map(namesEs.map((t) => [t.variantId, t.name]));
  return {
    ...view,
    spanish: await eventTranslation(db, event.id, "es"),
    ticketTypes: view.ticketTypes.map((t) => ({ ...t, nameEs: nameEsOf.get(t.variantId) ?? null })),
  };
}

export interface RsvpRow {
  id: number;
  name: string;
  email: string;
  partySize: number;
  status: RsvpStatus;
  createdAt: Date;
  confirmedAt: Date | null;
}

/** An event's RSVPs for the back office: confirmed first, then the waitlist in its order, then the rest. */
export async function listRsvps(db: Db, eventId: number): Promise<RsvpRow[]> {
  return db
    .select({
      id: rsvps.id,
      name: rsvps.name,
      email: rsvps.email,
      partySize: rsvps.partySize,
      status: rsvps.status,
      createdAt: rsvps.createdAt,
      confirmedAt: rsvps.confirmedAt,
    })
    .from(rsvps)
    .where(eq(rsvps.eventId, eventId))
    .orderBy(
      sql`case ${rsvps.status} when 'confirmed' then 0 when 'waitlisted' then 1 when 'pending' then 2 else 3 end`,
      asc(sql`coalesce(${rsvps.queuedAt}, ${rsvps.createdAt})`),
      asc(rsvps.id),
    );
}
