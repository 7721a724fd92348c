/** The back office's event writes: events and their ticket types, each audited in its own transaction. */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { events, products, tickets, variants } from "../../db/schema/index.ts";
import type { EventActor } from "./commands.ts";
import { adjustStock, restock } from "../inventory/index.ts";
import { withPicture, type PictureChange } from "../media/index.ts";
import { EventError, EVENT_MESSAGES, eventNotFound, overCapacity } from "./errors.ts";
import type { EventForm, TicketTypeForm } from "./inputs.ts";
import { storeLocalToInstant } from "./rules.ts";

type EventRow = typeof events.$inferSelect;

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
  if (taken) throw new EventError("events.slug_taken", EVENT_MESSAGES.slugTaken, { field: "slug" });
}

export async function createEvent(db: Db, actor: EventActor, form: EventForm): Promise<EventRow> {
  return db.transaction(async (tx) => {
    await slugFree(tx, form.slug, null);
    const [event] = await tx.insert(events).values(valuesOf(form)).returning();
    let row = event!;
    if (row.mode === "tickets") row = { ...row, productId: await syncTicketProduct(tx, row) };
    await actor.audit(tx, { entity: "event", entityId: row.id, action: "create", after: form });
    return row;
  });
}

/** Saves an event; `picture` may carry an uploaded photograph (it replaces the one before; `keep: false` drops it). */
export async function updateEvent(db: Db, actor: EventActor, eventId: number, form: EventForm, picture?: PictureChange): Promise<EventRow> {
  return withPicture(db, picture, async (tx, photo) => {
    const [before] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!before) throw eventNotFound();
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
    await actor.audit(tx, { entity: "event", entityId: eventId, action: "update", before, after: row });
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
    if (event.mode !== "tickets") throw new EventError("events.ticket_type_invalid", "Only ticketed events have ticket types.");
    const total = sum((await seatsByType(tx, event)).values()) + form.seats;
    if (total > event.capacity) throw overCapacity(total, event.capacity, "seats");
    const productId = await syncTicketProduct(tx, event);
    const [clash] = await tx.select({ id: variants.id }).from(variants).where(and(eq(variants.productId, productId), eq(variants.size, form.name)));
    if (clash) throw new EventError("events.ticket_type_invalid", "This event already has a ticket type with that name.", { field: "name" });
    const [variant] = await tx
      .insert(variants)
      .values({ productId, sku: skuOf(eventId, form.name), size: form.name, color: null, priceCents: form.price, onHand: 0, lowStockThreshold: 0, supplier: "Box office" })
      .returning();
    // The seats arrive as a restock, so the stock ledger explains every seat from the first.
    if (form.seats > 0) await restock(tx, variant!.id, form.seats, { actor: actor.id, reason: "Seats on sale" });
    await actor.audit(tx, { entity: "event", entityId: eventId, action: "ticket_type_add", after: { variantId: variant!.id, ...form } });
  });
}

/** Changes a ticket type's price and seats (never below the seats sold or held: the stock rules refuse it). */
export async function updateTicketType(db: Db, actor: EventActor, eventId: number, variantId: number, form: Omit<TicketTypeForm, "name">): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event) throw eventNotFound();
    const [row] = await tx
      .select({ variant: variants, productId: events.productId })
      .from(variants)
      .innerJoin(events, eq(events.productId, variants.productId))
      .where(and(eq(variants.id, variantId), eq(events.id, eventId)));
    if (!row) throw new EventError("events.ticket_type_invalid", "That ticket type was not found.");
    // The form's seats are those left to sell; the sold ones stay counted.
    const seats = await seatsByType(tx, event);
    const soldHere = (seats.get(variantId) ?? 0) - row.variant.onHand;
    const total = sum(seats.values()) - (seats.get(variantId) ?? 0) + soldHere + form.seats;
    if (total > event.capacity) throw overCapacity(total, event.capacity, "seats");
    await tx.update(variants).set({ priceCents: form.price, updatedAt: new Date() }).where(eq(variants.id, variantId));
    // Seats are stock: the seats already sold stay sold (on hand counts only what is left to sell or held).
    if (form.seats !== row.variant.onHand) {
      await adjustStock(tx, variantId, form.seats, { actor: actor.id, reason: "Ticket type seats changed" });
    }
    await actor.audit(tx, {
      entity: "event",
      entityId: eventId,
      action: "ticket_type_update",
      before: { variantId, priceCents: row.variant.priceCents, seats: row.variant.onHand },
      after: { variantId, priceCents: form.price, seats: form.seats },
    });
  });
}
