import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { events, products, rsvps, tickets, variants, type EventMode, type RsvpStatus, type TicketStatus } from "../../db/schema/index.ts";
import { pictureById, pictureView, type PictureView } from "../media/index.ts";

export type EventRow = typeof events.$inferSelect;

export interface TicketTypeView {
  variantId: number;
  name: string;
  priceCents: number;
  /** Seats in all for this type. */
  seats: number;
  /** Seats still for sale (not sold, not held by a checkout). */
  available: number;
}

export interface EventView extends EventRow {
  ticketTypes: TicketTypeView[];
  /** RSVP events: people confirmed. */
  placesTaken: number;
  /** The uploaded photograph shown instead of the poster under /images, or null. */
  picture: PictureView | null;
}

/** The ticket types of a ticketed event: its ticket product's variants, cheapest first. */
export async function ticketTypesOf(db: Db, productId: number | null): Promise<TicketTypeView[]> {
  if (productId === null) return [];
  const rows = await db
    .select({
      variantId: variants.id,
      name: variants.size,
      priceCents: sql<number>`coalesce(${variants.priceCents}, ${products.basePriceCents})`.mapWith(Number),
      seats: variants.onHand,
      available: variants.available,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.productId, productId), eq(variants.active, true)))
    .orderBy(asc(sql`coalesce(${variants.priceCents}, ${products.basePriceCents})`), asc(variants.id));
  return rows.map((r) => ({ ...r, name: r.name ?? "General" }));
}

/** People holding confirmed places at an RSVP event. */
export async function placesTaken(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${rsvps.partySize}), 0)`.mapWith(Number) })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.status, "confirmed")));
  return row?.n ?? 0;
}

async function withDetails(db: Db, event: EventRow): Promise<EventView> {
  const picture = await pictureById(db, event.pictureId);
  return {
    ...event,
    ticketTypes: await ticketTypesOf(db, event.productId),
    placesTaken: event.mode === "rsvp" ? await placesTaken(db, event.id) : 0,
    picture: picture ? pictureView(picture, event.imageAlt) : null,
  };
}

/** A published event for its page, past ones included (they show as past). */
export async function getEventBySlug(db: Db, slug: string): Promise<EventView | null> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.slug, slug), eq(events.published, true)));
  return event ? withDetails(db, event) : null;
}

/** The event page of a ticket product (a ticket product's shop address leads there). */
export async function eventSlugOfProduct(db: Db, productSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: events.slug })
    .from(events)
    .innerJoin(products, eq(products.id, events.productId))
    .where(eq(products.slug, productSlug));
  return row?.slug ?? null;
}

/** The next published event of a mode that has not ended (the Upcoming Event sections of /music and /culture). */
export async function nextUpcomingEvent(db: Db, mode: EventMode, now = new Date()): Promise<EventView | null> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.mode, mode), eq(events.published, true), gt(events.endsAt, now)))
    .orderBy(asc(events.startsAt))
    .limit(1);
  return event ? withDetails(db, event) : null;
}

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

export async function getAdminEvent(db: Db, eventId: number): Promise<EventView | null> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  return event ? withDetails(db, event) : null;
}

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

/** The tickets an order bought, in issue order. */
export async function ticketsOfOrder(db: Db, orderId: string): Promise<TicketView[]> {
  return db
    .select({
      code: tickets.code,
      typeName: tickets.typeName,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
      eventTitle: events.title,
      eventSlug: events.slug,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      venue: events.venue,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(tickets.id));
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

/** Published events' pages for the sitemap (past ones too: their pages stay). */
export async function listEventSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db.select({ slug: events.slug, updatedAt: events.updatedAt }).from(events).where(eq(events.published, true)).orderBy(asc(events.id));
}
