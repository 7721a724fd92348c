import { recordAudit, type AdminActor } from "../../core/admin/index.ts";
import type { EventActor, EventView } from "../../core/events/index.ts";
import type { Locale } from "../../core/shared/locale.ts";
import type { StoreContext } from "../context.ts";
import type { EventCardData } from "../components/content/event-card.tsx";

/** What an event card shows, from the event as stored (dates are formatted by the card, in New York time). */
export function eventCard(event: EventView): EventCardData {
  return {
    slug: event.slug,
    title: event.title,
    kind: event.kind,
    timeLabel: event.timeLabel,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    venue: event.venue,
    description: event.description,
    poster: event.picture ?? { src: event.image, width: 800, height: 1000, alt: event.imageAlt },
    mode: event.mode,
  };
}

/** The next upcoming event of a kind (ticketed: /music; free RSVP: /culture) in the page's language, or null when none is planned. */
export async function loadUpcomingEvent(context: StoreContext, mode: "tickets" | "rsvp", locale: Locale): Promise<EventCardData | null> {
  const event = await context.useCases.events.nextUpcomingEvent(mode, { locale });
  return event ? eventCard(event) : null;
}

/** The admin as the events module needs them: who, and their audit recorder (rows in the change's transaction). */
export function eventActor(actor: AdminActor): EventActor {
  return { id: actor.id, email: actor.email, audit: (tx, entry) => recordAudit(tx, actor, entry) };
}
