/** The back office's event writes: events and their ticket types, each audited in its own transaction. */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { events, eventTranslations, products, tickets, ticketTypeTranslations, variants } from "../../db/schema/index.ts";
import type { EventActor } from "./commands.ts";
import { adjustStock, raiseStockAlerts, restock } from "../inventory/index.ts";
import { withPicture, type PictureChange } from "../media/index.ts";
import { EventError, eventNotFound, eventsText, overCapacity } from "./errors.ts";
import type { EventForm, TicketTypeForm } from "./inputs.ts";
import { storeLocalToInstant } from "./rules.ts";
import { mergeTexts, noTexts, type Texts } from "../shared/translations.ts";

type EventRow = typeof events.$inferSelect;

/** An event's Spanish texts as the form edits them and the audit log keeps them (null: none, the English shows). */
type SpanishTexts = Texts<"titleEs" | "kindEs" | "timeLabelEs" | "descriptionEs" | "venueEs" | "imageAltEs">;

const NO_SPANISH: SpanishTexts = { titleEs: null, kindEs: null, timeLabelEs: null, descriptionEs: null, venueEs: null, imageAltEs: null };

const spanishRow = (eventId: number) => and(eq(eventTranslations.eventId, eventId), eq(eventTranslations.locale, "es"));

async function spanishOf(tx: Db, eventId: number): Promise<SpanishTexts> {
  const [row] = await tx.select().from(eventTranslations).where(spanishRow(eventId));
  if (!row) return NO_SPANISH;
  return { titleEs: row.title, kindEs: row.kind, timeLabelEs: row.timeLabel, descriptionEs: row.description, venueEs: row.venue, imageAltEs: row.imageAlt };
}

/** Writes the form's Spanish texts over those before (ADR 0025's rule for each text); none left removes the translation. */
async function saveSpanish(tx: Db, eventId: number, before: SpanishTexts, form: EventForm): Promise<SpanishTexts> {
  const es = mergeTexts(before, form);
  if (noTexts(es)) {
    await tx.delete(eventTranslations).where(spanishRow(eventId));
    return es;
  }
  const values = { title: es.titleEs, kind: es.kindEs, timeLabel: es.timeLabelEs, description: es.descriptionEs, venue: es.venueEs, imageAlt: es.imageAltEs };
  await tx
    .insert(eventTranslations)
    .values({ eventId, locale: "es", ...values })
    .onConflictDoUpdate({ target: [eventTranslations.eventId, eventTranslations.locale], set: values });
  return es;
}

/** A ticket type's Spanish name: a name sets it, null removes it (the English name shows), undefined leaves it. */
async function saveSpanishName(tx: Db, variantId: number, nameEs: string | null | undefined): Promise<void> {
  if (nameEs === undefined) return;
  const where = and(eq(ticketTypeTranslations.variantId, variantId), eq(ticketTypeTranslations.locale, "es"));
  if (nameEs === null) {
    await tx.delete(ticketTypeTranslations).where(where);
    return;
  }
  await tx
    .insert(ticketTypeTranslations)
    .values({ variantId, locale: "es", name: nameEs })
    .onConflictDoUpdate({ target: [ticketTypeTranslations.variantId, ticketTypeTranslations.locale], set: { name: nameEs } });
}

async function spanishNameOf(tx: Db, variantId: number): Promise<string | null> {
  const [row] = await tx
    .select({ name: ticketTypeTranslations.name })
    .from(ticketTypeTranslations)
    .where(and(eq(ticketTypeTranslations.variantId, variantId), eq(ticketTypeTranslations.locale, "es")));
  return row?.name ?? null;
}

function valuesOf(form: EventForm) {
  return {
    slug: form.slug,
    title: form.title,
    kind: form.kind,
    timeLabel: form.timeLabel,
    description: form.description,
    startsAt: storeLocalToInstant(form.startsAt),
    endsAt: storeLocalToInstant(form.endsAt),
    venue: form.venue,
    image: form.image,
    imageAlt: form.imageAlt,
    capacity: form.capacity,
    mode: form.mode,
    partySizeLimit: form.partySizeLimit,
    published: form.published,
  };
}

/**
 * The ticket product of a ticketed event: kind "ticket" (never listed in the shop), named after the event,
 * on sale until the event ends. Made on first need; kept in step with the event on every save.
 */
export async function syncTicketProduct(tx: Db, event: EventRow): Promise<number> {
  const values = {
    name: event.title,
    description: event.description,
    saleEndsAt: event.endsAt,
    status: event.published ? ("active" as const) : ("draft" as const),
  };
  if (event.productId !== null) {
    await tx.update(products).set({ ...values, updatedAt: new Date() }).where(eq(products.id, event.productId));
    return event.productId;
  }
  const [product] = await tx
    .insert(products)
    .values({ ...values, slug: `ticket-${event.slug}`, basePriceCents: 0, category: "music", artKind: "ticket", kind: "ticket", searchText: "" })
    .returning({ id: products.id });
  await tx.update(events).set({ productId: product!.id }).where(eq(events.id, event.id));
  return product!.id;
}

async function slugFree(tx: Db, slug: string, exceptId: number | null) {
  const [taken] = await tx
    .select({ id: events.id })
    .from(events)
    .where(exceptId === null ? eq(events.slug, slug) : and(eq(events.slug, slug), ne(events.id, exceptId)));
  if (taken) throw new EventError("events.slug_taken", eventsText("events.domain.slugTaken"), { field: "slug" });
}

export async function createEvent(db: Db, actor: EventActor, form: EventForm): Promise<EventRow> {
  return db.transaction(async (tx) => {
    await slugFree(tx, form.slug, null);
    const [event] = await tx.insert(events).values(valuesOf(form)).returning();
    let row = event!;
    if (row.mode === "tickets") row = { ...row, productId: await syncTicketProduct(tx, row) };
    const es = await saveSpanish(tx, row.id, NO_SPANISH, form);
    await actor.audit(tx, { entity: "event", entityId: row.id, action: "create", after: { ...form, ...es } });
    return row;
  });
}

/** Saves an event; `picture` may carry an uploaded photograph (it replaces the one before; `keep: false` drops it). */
export async function updateEvent(db: Db, actor: EventActor, eventId: number, form: EventForm, picture?: PictureChange): Promise<EventRow> {
  return withPicture(db, picture, async (tx, photo) => {
    const [before] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!before) throw eventNotFound();
    const esBefore = await spanishOf(tx, eventId);
    await slugFree(tx, form.slug, eventId);
    const held = sum((await seatsByType(tx, before)).values());
    if (form.capacity < held) throw overCapacity(held, form.capacity, "capacity");
    const [after] = await tx
      .update(events)
      .set({ ...valuesOf(form), pictureId: await photo.choose(before.pictureId), updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning();
    let row = after!;
    if (row.mode === "tickets" || row.productId !== null) row = { ...row, productId: await syncTicketProduct(tx, row) };
    const esAfter = await saveSpanish(tx, eventId, esBefore, form);
    await actor.audit(tx, { entity: "event", entityId: eventId, action: "update", before: { ...before, ...esBefore }, after: { ...row, ...esAfter } });
    return row;
  });
}

/**
 * The seats an event's ticket types hold, per type: those left (on hand, held ones included) plus those
 * sold (valid tickets). Read under the event's row lock, which every ticket type write takes first.
 */
async function seatsByType(tx: Db, event: EventRow): Promise<Map<number, number>> {
  if (event.productId === null) return new Map();
  const left = await tx.select({ id: variants.id, onHand: variants.onHand }).from(variants).where(eq(variants.productId, event.productId));
  const sold = await tx
    .select({ id: tickets.variantId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(tickets)
    .where(and(eq(tickets.eventId, event.id), eq(tickets.status, "valid")))
    .groupBy(tickets.variantId);
  const soldOf = new Map(sold.map((r) => [r.id, r.count]));
  return new Map(left.map((v) => [v.id, v.onHand + (soldOf.get(v.id) ?? 0)]));
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

const skuOf = (eventId: number, name: string) => `EH-TKT${eventId}-${name.toUpperCase().replace(/[^A-Z0-9]+/g, "")}`;

/** Adds a ticket type: a variant of the event's ticket product (size = type name, price, seats = on hand). */
export async function addTicketType(db: Db, actor: EventActor, eventId: number, form: TicketTypeForm): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event) throw eventNotFound();
    if (event.mode !== "tickets") throw new EventError("events.ticket_type_invalid", eventsText("events.domain.ticketTypesOnlyTicketed"));
    const total = sum((await seatsByType(tx, event)).values()) + form.seats;
    if (total > event.capacity) throw overCapacity(total, event.capacity, "seats");
    const productId = await syncTicketProduct(tx, event);
    const [clash] = await tx.select({ id: variants.id }).from(variants).where(and(eq(variants.productId, productId), eq(variants.size, form.name)));
    if (clash) throw new EventError("events.ticket_type_invalid", eventsText("events.domain.ticketTypeNameTaken"), { field: "name" });
    const [variant] = await tx
      .insert(variants)
      .values({ productId, sku: skuOf(eventId, form.name), size: form.name, color: null, priceCents: form.price, onHand: 0, lowStockThreshold: 0, supplier: "Box office" })
      .returning();
    // The seats arrive as a restock, so the stock ledger explains every seat from the first.
    if (form.seats > 0) await restock(tx, variant!.id, form.seats, { actor: actor.id, reason: "Seats on sale" });
    else await raiseStockAlerts(tx, [variant!.id]);
    await saveSpanishName(tx, variant!.id, form.nameEs);
    await actor.audit(tx, { entity: "event", entityId: eventId, action: "ticket_type_add", after: { variantId: variant!.id, ...form, nameEs: form.nameEs ?? null } });
  });
}

/**
 * Changes a ticket type's price, seats (never below the seats sold or held: the stock rules refuse it) and
 * Spanish name (its English name never changes: it is on the tickets already issued).
 */
export async function updateTicketType(db: Db, actor: EventActor, eventId: number, variantId: number, form: Omit<TicketTypeForm, "name">): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event) throw eventNotFound();
    const [row] = await tx
      .select({ variant: variants, productId: events.productId })
      .from(variants)
      .innerJoin(events, eq(events.productId, variants.productId))
      .where(and(eq(variants.id, variantId), eq(events.id, eventId)));
    if (!row) throw new EventError("events.ticket_type_invalid", eventsText("events.domain.ticketTypeNotFound"));
    // The form's seats are those left to sell; the sold ones stay counted.
    const seats = await seatsByType(tx, event);
    const soldHere = (seats.get(variantId) ?? 0) - row.variant.onHand;
    const total = sum(seats.values()) - (seats.get(variantId) ?? 0) + soldHere + form.seats;
    if (total > event.capacity) throw overCapacity(total, event.capacity, "seats");
    await tx.update(variants).set({ priceCents: form.price, updatedAt: new Date() }).where(eq(variants.id, variantId));
    const nameEsBefore = await spanishNameOf(tx, variantId);
    await saveSpanishName(tx, variantId, form.nameEs);
    // Seats are stock: the seats already sold stay sold (on hand counts only what is left to sell or held).
    if (form.seats !== row.variant.onHand) {
      await adjustStock(tx, variantId, form.seats, { actor: actor.id, reason: "Ticket type seats changed" });
    }
    await actor.audit(tx, {
      entity: "event",
      entityId: eventId,
      action: "ticket_type_update",
      before: { variantId, priceCents: row.variant.priceCents, seats: row.variant.onHand, nameEs: nameEsBefore },
      after: { variantId, priceCents: form.price, seats: form.seats, nameEs: form.nameEs === undefined ? nameEsBefore : form.nameEs },
    });
  });
}
