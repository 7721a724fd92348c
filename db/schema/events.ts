import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { products, variants } from "./catalog.ts";
import { orders } from "./orders.ts";
import { pictures } from "./pictures.ts";

/** tickets: seats sold as ticket types (the variants of the event's ticket product); rsvp: free, places kept by RSVP. */
export const EVENT_MODES = ["tickets", "rsvp"] as const;
export type EventMode = (typeof EVENT_MODES)[number];

/**
 * An event on the calendar. Times are instants (timestamptz); they are entered and shown in the store's
 * time (New York). A ticketed event owns one product of kind "ticket" whose variants are its ticket types.
 */
export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    /** e.g. "Live Session", "Art Exhibition". */
    kind: text("kind").notNull(),
    /** What the time range is, e.g. "Doors to last call". */
    timeLabel: text("time_label").notNull().default("Doors"),
    description: text("description").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    venue: text("venue").notNull(),
    image: text("image").notNull(),
    imageAlt: text("image_alt").notNull().default(""),
    /** An uploaded photograph shown instead of the drawn poster; null: the poster under /images (image). */
    pictureId: integer("picture_id").references(() => pictures.id, { onDelete: "set null" }),
    /** Places in all (RSVP: people; tickets: the sum of the ticket types' seats is kept within it). */
    capacity: integer("capacity").notNull(),
    mode: text("mode").$type<EventMode>().notNull(),
    /** Most people one RSVP may bring, themselves included. */
    partySizeLimit: integer("party_size_limit").notNull().default(4),
    productId: integer("product_id").references(() => products.id, { onDelete: "restrict" }),
    published: boolean("published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("events_mode_check", sql`${t.mode} in ('tickets', 'rsvp')`),
    check("events_times_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("events_capacity_check", sql`${t.capacity} >= 0`),
    check("events_party_check", sql`${t.partySizeLimit} between 1 and 20`),
    index("events_starts_idx").on(t.startsAt),
    uniqueIndex("events_product_unique").on(t.productId),
  ],
);

/**
 * An event's texts in a language other than English (the events row holds the English ones). Each is
 * optional: one left null shows the English. The title is the event's name and often stays (a Spanish title
 * keeps the name and translates what describes it); times, capacity and the poster are the event's own.
 */
export const eventTranslations = pgTable(
  "event_translations",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    title: text("title"),
    kind: text("kind"),
    timeLabel: text("time_label"),
    description: text("description"),
    venue: text("venue"),
    imageAlt: text("image_alt"),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.locale] }),
    check("event_translations_locale_check", sql`${t.locale} in ('es')`),
    check("event_translations_some_text", sql`num_nonnulls(${t.title}, ${t.kind}, ${t.timeLabel}, ${t.description}, ${t.venue}, ${t.imageAlt}) > 0`),
  ],
);

/**
 * A ticket type's name in a language other than English. A ticket type is a variant of the event's ticket
 * product (its name is the variant's size, which stays the English one: SKUs, order lines and issued tickets
 * keep it); pages and mails in that language show this name instead.
 */
export const ticketTypeTranslations = pgTable(
  "ticket_type_translations",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.locale] }), check("ticket_type_translations_locale_check", sql`${t.locale} in ('es')`)],
);

export const TICKET_STATUSES = ["valid", "void"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** One seat sold: issued when the order is paid, voided when it is cancelled or refunded, checked in once at the door. */
export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    /** Unguessable: the code on the ticket and in its QR code. */
    code: text("code").notNull().unique(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    typeName: text("type_name").notNull(),
    status: text("status").$type<TicketStatus>().notNull().default("valid"),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: text("checked_in_by"),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("tickets_status_check", sql`${t.status} in ('valid', 'void')`),
    index("tickets_order_idx").on(t.orderId),
    index("tickets_event_idx").on(t.eventId),
  ],
);

/** pending: a guest has not confirmed by mail yet; waitlisted: confirmed but no room yet; confirmed: has places; cancelled. */
export const RSVP_STATUSES = ["pending", "confirmed", "waitlisted", "cancelled"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export const rsvps = pgTable(
  "rsvps",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    partySize: integer("party_size").notNull(),
    status: text("status").$type<RsvpStatus>().notNull(),
    /** The language of the page the RSVP was made on: a guest's mails are written in it (ADR 0025). */
    language: text("language").$type<"en" | "es">().notNull().default("en"),
    /** sha-256 of the token in the confirm and cancel links (the token itself is only ever in the mail). */
    tokenHash: text("token_hash").notNull().unique(),
    /** Waitlist order: when the RSVP was confirmed (the waitlist moves up in this order). */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("rsvps_status_check", sql`${t.status} in ('pending', 'confirmed', 'waitlisted', 'cancelled')`),
    check("rsvps_party_check", sql`${t.partySize} >= 1`),
    check("rsvps_language_check", sql`${t.language} in ('en', 'es')`),
    index("rsvps_event_idx").on(t.eventId, t.status, t.queuedAt),
  ],
);
