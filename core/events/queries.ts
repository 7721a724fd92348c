/** An event as its pages show it, in a language: its texts, ticket types and places taken; the calendar, the next event and the sitemap's pages. */
import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { events, eventTranslations, products, rsvps, ticketTypeTranslations, variants, type EventMode } from "../../db/schema/index.ts";
import { pictureById, pictureView, type PictureView } from "../media/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";

export type EventRow = typeof events.$inferSelect;

/** The texts of an event a language may have its own of (the rest, times to poster, are the event's). */
export type EventTexts = Pick<EventRow, "title" | "kind" | "timeLabel" | "description" | "venue" | "imageAlt">;

/** An event's Spanish texts as the back office edits them: each null when it has none (the English shows). */
export type EventSpanish = { [K in keyof EventTexts]: string | null };

const NO_TEXTS: EventSpanish = { title: null, kind: null, timeLabel: null, description: null, venue: null, imageAlt: null };

/** An event's own texts in a language (all null in English, or when it has no translation). */
export async function eventTranslation(db: Db, eventId: number, locale: Locale): Promise<EventSpanish> {
  if (locale === DEFAULT_LOCALE) return NO_TEXTS;
  const [row] = await db
    .select({
      title: eventTranslations.title,
      kind: eventTranslations.kind,
      timeLabel: eventTranslations.timeLabel,
      description: eventTranslations.description,
      venue: eventTranslations.venue,
      imageAlt: eventTranslations.imageAlt,
    })
    .from(eventTranslations)
    .where(and(eq(eventTranslations.eventId, eventId), eq(eventTranslations.locale, locale)));
  return row ?? NO_TEXTS;
}

/** The event as a page or a mail in a language shows it: each translated text where there is one, else the English. */
export async function inLanguage<E extends EventRow>(db: Db, event: E, locale: Locale): Promise<E> {
  if (locale === DEFAULT_LOCALE) return event;
  const tr = await eventTranslation(db, event.id, locale);
  return {
    ...event,
    title: tr.title ?? event.title,
    kind: tr.kind ?? event.kind,
    timeLabel: tr.timeLabel ?? event.timeLabel,
    description: tr.description ?? event.description,
    venue: tr.venue ?? event.venue,
    imageAlt: tr.imageAlt ?? event.imageAlt,
  };
}

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

/**
 * The ticket types of a ticketed event: its ticket product's variants, cheapest first, each named in the
 * language asked for (its English name, the variant's size, where it has no translation).
 */
export async function ticketTypesOf(db: Db, productId: number | null, locale: Locale = DEFAULT_LOCALE): Promise<TicketTypeView[]> {
  if (productId === null) return [];
  const rows = await db
    .select({
      variantId: variants.id,
      name: sql<string | null>`coalesce(${ticketTypeTranslations.name}, ${variants.size})`,
      priceCents: sql<number>`coalesce(${variants.priceCents}, ${products.basePriceCents})`.mapWith(Number),
      seats: variants.onHand,
      available: variants.available,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(ticketTypeTranslations, and(eq(ticketTypeTranslations.variantId, variants.id), eq(ticketTypeTranslations.locale, locale)))
    .where(and(eq(variants.productId, productId), eq(variants.active, true)))
    .orderBy(asc(sql`coalesce(${variants.priceCents}, ${products.basePriceCents})`), asc(variants.id));
  return rows.map((r) => ({ ...r, name: r.name ?? "General" }));
}

/** Ticket types' names in a language, by variant: only those that have one (the others keep their English name). */
export async function ticketTypeNames(db: Db, variantIds: readonly number[], locale: Locale): Promise<Map<number, string>> {
  if (locale === DEFAULT_LOCALE || variantIds.length === 0) return new Map();
  const rows = await db
    .select({ variantId: ticketTypeTranslations.variantId, name: ticketTypeTranslations.name })
    .from(ticketTypeTranslations)
    .where(and(inArray(ticketTypeTranslations.variantId, [...variantIds]), eq(ticketTypeTranslations.locale, locale)));
  return new Map(rows.map((r) => [r.variantId, r.name]));
}

/** People holding confirmed places at an RSVP event. */
export async function placesTaken(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${rsvps.partySize}), 0)`.mapWith(Number) })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.status, "confirmed")));
  return row?.n ?? 0;
}

export async function withDetails(db: Db, stored: EventRow, locale: Locale): Promise<EventView> {
  const event = await inLanguage(db, stored, locale);
  const picture = await pictureById(db, event.pictureId);
  return {
    ...event,
    ticketTypes: await ticketTypesOf(db, event.productId, locale),
    placesTaken: event.mode === "rsvp" ? await placesTaken(db, event.id) : 0,
    picture: picture ? pictureView(picture, event.imageAlt) : null,
  };
}

/** A published event for its page in a language, past ones included (they show as past). */
export async function getEventBySlug(db: Db, slug: string, locale: Locale = DEFAULT_LOCALE): Promise<EventView | null> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.slug, slug), eq(events.published, true)));
  return event ? withDetails(db, event, locale) : null;
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

/** The next published event of a mode that has not ended (the Upcoming Event sections of /music and /culture), in a language. */
export async function nextUpcomingEvent(db: Db, mode: EventMode, { now = new Date(), locale = DEFAULT_LOCALE }: { now?: Date; locale?: Locale } = {}): Promise<EventView | null> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.mode, mode), eq(events.published, true), gt(events.endsAt, now)))
    .orderBy(asc(events.startsAt))
    .limit(1);
  return event ? withDetails(db, event, locale) : null;
}

/**
 * Published events for the calendar, in a language: upcoming (not ended) soonest first, or past latest first.
 * At most `limit` (the calendar is short; the store holds a few events a month).
 */
export async function listPublishedEvents(
  db: Db,
  { when = "upcoming", now = new Date(), locale = DEFAULT_LOCALE, limit = 50 }: { when?: "upcoming" | "past"; now?: Date; locale?: Locale; limit?: number } = {},
): Promise<EventView[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.published, true), when === "upcoming" ? gt(events.endsAt, now) : lte(events.endsAt, now)))
    .orderBy(when === "upcoming" ? asc(events.startsAt) : desc(events.startsAt), asc(events.id))
    .limit(limit);
  return Promise.all(rows.map((event) => withDetails(db, event, locale)));
}

/** Published events' pages for the sitemap (past ones too: their pages stay). */
export async function listEventSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db.select({ slug: events.slug, updatedAt: events.updatedAt }).from(events).where(eq(events.published, true)).orderBy(asc(events.id));
}
