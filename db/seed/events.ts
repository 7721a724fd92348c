/** The sample events: the June 15 live session (ticketed) and the July 20 exhibition (free, RSVP), at their next dates. */
import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { events, eventTranslations, ticketTypeTranslations, variants } from "../schema/index.ts";
import { seedEventsEs, seedTicketTypesEs } from "./culture-es.ts";
import { nextYearlyOccurrence, syncTicketProduct } from "../../core/events/index.ts";
import { restock } from "../../core/inventory/index.ts";

const HOUR_MS = 3_600_000;

export const SEED_EVENTS = [
  {
    slug: "rooftop-frequencies-live-session",
    title: "Rooftop Frequencies: Live Session",
    kind: "Live Session",
    timeLabel: "Doors to last call",
    month: 6,
    day: 15,
    start: "20:00",
    hours: 6,
    venue: "East 116th Street, East Harlem",
    description:
      "Three DJs, one rooftop, all night. Vinyl-only sets, a live cypher at midnight and the first pressing of Vol. 2 on the merch table.",
    image: "/images/event-june-15.svg",
    imageAlt: "Poster for the June 15 live session: turntables on a rooftop at night.",
    capacity: 150,
    mode: "tickets" as const,
    partySizeLimit: 1,
    ticketTypes: [
      { name: "General", priceCents: 2500, seats: 120 },
      { name: "VIP", priceCents: 6000, seats: 30 },
    ],
  },
  {
    slug: "paint-the-block-art-exhibition",
    title: "Paint the Block: Art Exhibition",
    kind: "Art Exhibition",
    timeLabel: "Opening Reception",
    month: 7,
    day: 20,
    start: "18:00",
    hours: 3,
    venue: "A gallery on East 116th Street",
    description:
      "Canvases, sketchbooks and photographs from the muralists and writers who paint East Harlem. Live painting outside, a DJ inside, free and open to the neighborhood.",
    image: "/images/event-july-20.svg",
    imageAlt: "Poster for the July 20 art exhibition: spray cans and a paint-splashed brick wall.",
    capacity: 80,
    mode: "rsvp" as const,
    partySizeLimit: 4,
    ticketTypes: [],
  },
];

/**
 * Writes the sample events when missing (matched by slug), each at its next date after `now`, with their
 * Spanish (db/seed/culture-es.ts) and their ticket types' Spanish names. An event
 * that exists is left as it is (its sales and RSVPs are live data), unless it is over: then it moves to
 * its next date, so a store started again a year on still shows it upcoming.
 */
export async function seedEvents(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    let written = 0;
    for (const e of SEED_EVENTS) {
      const startsAt = nextYearlyOccurrence(now, e.month, e.day, e.start);
      const endsAt = new Date(startsAt.getTime() + e.hours * HOUR_MS);
      const [existing] = await tx.select().from(events).where(eq(events.slug, e.slug));
      if (existing && existing.endsAt.getTime() > now.getTime()) continue;
      const values = {
        slug: e.slug,
        title: e.title,
        kind: e.kind,
        timeLabel: e.timeLabel,
        description: e.description,
        startsAt,
        endsAt,
        venue: e.venue,
        image: e.image,
        imageAlt: e.imageAlt,
        capacity: e.capacity,
        mode: e.mode,
        partySizeLimit: e.partySizeLimit,
        published: true,
      };
      const [row] = existing
        ? await tx.update(events).set({ startsAt, endsAt, updatedAt: now }).where(eq(events.id, existing.id)).returning()
        : await tx.insert(events).values(values).returning();
      written++;
      const es = seedEventsEs[e.slug];
      if (!existing && es) await tx.insert(eventTranslations).values({ eventId: row!.id, locale: "es", ...es, venue: es.venue ?? null });
      if (e.mode !== "tickets") continue;
      const productId = await syncTicketProduct(tx, row!);
      if (existing) continue;
      for (const t of e.ticketTypes) {
        const [variant] = await tx
          .insert(variants)
          .values({ productId, sku: `EH-TKT${row!.id}-${t.name.toUpperCase()}`, size: t.name, color: null, priceCents: t.priceCents, onHand: 0, lowStockThreshold: 0, supplier: "Box office" })
          .returning({ id: variants.id });
        const nameEs = seedTicketTypesEs[e.slug]?.[t.name];
        if (nameEs) await tx.insert(ticketTypeTranslations).values({ variantId: variant!.id, locale: "es", name: nameEs });
        // The seats arrive as a restock, so the stock ledger explains every seat from the first.
        await restock(tx, variant!.id, t.seats, { actor: "seed", reason: "Seats on sale" });
      }
    }
    return written;
  });
}
