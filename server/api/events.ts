import { z } from "zod";
import { slugSchema } from "../../core/catalog/index.ts";
import { eventsText, formatTicketCode, isPast, RSVP_THROTTLE, rsvpFormSchema, rsvpThrottleKey, type EventView, type OwnRsvp } from "../../core/events/index.ts";
import { isDomainError } from "../../core/shared/errors.ts";
import { errorText, localeT } from "../../texts/index.ts";
import { absolute } from "./catalog.ts";
import { operation, type ApiContext } from "./operation.ts";
import { ApiProblem, validationProblem } from "./problem.ts";
import { parseFields } from "./field-errors.ts";

/*
 * The events calendar, the shopper's tickets and RSVPs (core/events), as the event pages and order pages
 * have them. Tickets are bought through the cart and checkout (a ticket type is a variant of the event's
 * ticket product: add `ticketTypes[].variantId` to the cart). RSVPs made here are the account's own: places
 * are held at once, or the party joins the waitlist, with the event page's rules and mail.
 */

/* Answers */

const eventSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    kind: z.string().meta({ example: "Live Session" }),
    description: z.string(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    timeLabel: z.string().meta({ description: "What the time range is, e.g. \"Doors to last call\"." }),
    venue: z.string(),
    image: z.url().meta({ description: "The poster, or the uploaded photograph when there is one." }),
    imageAlt: z.string(),
    mode: z.enum(["tickets", "rsvp"]).meta({ description: "tickets: bought through the cart; rsvp: free, places kept by RSVP." }),
    past: z.boolean().meta({ description: "Over: tickets and RSVPs are closed." }),
    capacity: z.number().int(),
    partySizeLimit: z.number().int().meta({ description: "RSVP: most people one RSVP may bring, themselves included." }),
    placesLeft: z.number().int().meta({ description: "RSVP: places not held (0: an RSVP joins the waitlist)." }),
    ticketTypes: z
      .array(z.object({ variantId: z.number().int().meta({ description: "Add it to the cart to buy a ticket of this type." }), name: z.string(), priceCents: z.number().int(), seats: z.number().int(), available: z.number().int() }))
      .meta({ description: "Tickets: the types on sale, cheapest first." }),
    url: z.url().meta({ description: "The event's web page, in the language asked for." }),
  })
  .meta({ id: "Event" });

const ticketSchema = z
  .object({
    code: z.string().meta({ description: "As printed and scanned at the door.", example: "K7M2-QX4P-9TRA" }),
    typeName: z.string(),
    status: z.enum(["valid", "void"]),
    checkedInAt: z.iso.datetime().nullable(),
    orderId: z.string(),
    event: z.object({ slug: z.string(), title: z.string(), startsAt: z.iso.datetime(), endsAt: z.iso.datetime(), venue: z.string() }),
  })
  .meta({ id: "Ticket" });

const rsvpSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(["pending", "confirmed", "waitlisted", "cancelled"]).meta({ description: "confirmed: places held; waitlisted: mailed when places open up; cancelled." }),
    partySize: z.number().int(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    confirmedAt: z.iso.datetime().nullable(),
    event: z.object({ slug: z.string(), title: z.string(), startsAt: z.iso.datetime(), endsAt: z.iso.datetime(), venue: z.string() }),
  })
  .meta({ id: "Rsvp" });

/* Helpers */

function eventOut(ctx: ApiContext, event: EventView): z.input<typeof eventSchema> {
  return {
    slug: event.slug,
    title: event.title,
    kind: event.kind,
    description: event.description,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    timeLabel: event.timeLabel,
    venue: event.venue,
    image: absolute(ctx.deps.baseUrl, event.picture?.src ?? event.image),
    imageAlt: event.picture?.alt ?? event.imageAlt,
    mode: event.mode,
    past: isPast(event),
    capacity: event.capacity,
    partySizeLimit: event.partySizeLimit,
    placesLeft: event.mode === "rsvp" ? Math.max(0, event.capacity - event.placesTaken) : 0,
    ticketTypes: event.ticketTypes.map((t) => ({ variantId: t.variantId, name: t.name, priceCents: t.priceCents, seats: t.seats, available: Math.max(0, t.available) })),
    url: absolute(ctx.deps.baseUrl, `${ctx.locale === "es" ? "/es" : ""}/events/${event.slug}`),
  };
}

function rsvpOut(rsvp: OwnRsvp): z.input<typeof rsvpSchema> {
  return {
    id: rsvp.id,
    status: rsvp.status,
    partySize: rsvp.partySize,
    name: rsvp.name,
    createdAt: rsvp.createdAt.toISOString(),
    confirmedAt: rsvp.confirmedAt?.toISOString() ?? null,
    event: { slug: rsvp.eventSlug, title: rsvp.eventTitle, startsAt: rsvp.startsAt.toISOString(), endsAt: rsvp.endsAt.toISOString(), venue: rsvp.venue },
  };
}

async function eventBySlug(ctx: ApiContext, slug: string): Promise<EventView> {
  const parsed = slugSchema.safeParse(slug);
  const event = parsed.success ? await ctx.deps.useCases.events.getEventBySlug(parsed.data, ctx.locale) : null;
  if (!event) throw new ApiProblem(404, "events.not_found", eventsText("events.error.notFound"));
  return event;
}


async function ownRsvp(ctx: ApiContext<"signed-in">, id: number): Promise<z.input<typeof rsvpSchema>> {
  const [rsvp] = await ctx.deps.useCases.events.rsvpsOfUser(ctx.viewer.id, ctx.locale, id);
  if (!rsvp) throw new ApiProblem(404, "events.rsvp_not_found", eventsText("events.error.ownRsvpNotFound"));
  return rsvpOut(rsvp);
}

const slugParams = z.object({ slug: z.string().max(200).meta({ description: "The event's slug, as in its web address.", example: "harlem-night-market" }) });
const rsvpParams = z.object({ id: z.string().regex(/^\d{1,9}$/, "events.error.ownRsvpNotFound").transform(Number).meta({ description: "The RSVP's id.", example: "5" }) });

/* Operations */

export const listEventsOp = operation({
  operationId: "listEvents",
  method: "get",
  path: "/events",
  tag: "Events",
  summary: "The events calendar",
  description: "Published events: upcoming ones (not ended) soonest first, or with `when=past` the past ones, latest first.",
  access: "public",
  query: z.object({ when: z.enum(["upcoming", "past"]).catch("upcoming").meta({ description: "upcoming (the default) or past." }) }),
  success: { status: 200, description: "The events.", schema: z.object({ items: z.array(eventSchema) }).meta({ id: "EventList" }) },
  async handle({ query, ctx }) {
    const events = await ctx.deps.useCases.events.listPublishedEvents({ when: query.when, locale: ctx.locale });
    return { items: events.map((e) => eventOut(ctx, e)) };
  },
});

export const getEventOp = operation({
  operationId: "getEvent",
  method: "get",
  path: "/events/{slug}",
  tag: "Events",
  summary: "An event",
  description: "With its ticket types (ticketed events) or places left (RSVP events); past events too (they show as past).",
  access: "public",
  params: slugParams,
  success: { status: 200, description: "The event.", schema: eventSchema },
  problems: [404],
  async handle({ params, ctx }) {
    return eventOut(ctx, await eventBySlug(ctx, params.slug));
  },
});

export const listTicketsOp = operation({
  operationId: "listTickets",
  method: "get",
  path: "/me/tickets",
  tag: "Events",
  summary: "The shopper's tickets",
  description: "Every ticket of the account's orders, the soonest event first; a refunded or cancelled one is void.",
  access: "signed-in",
  success: { status: 200, description: "The tickets.", schema: z.object({ items: z.array(ticketSchema) }).meta({ id: "TicketList" }) },
  async handle({ ctx }) {
    const tickets = await ctx.deps.useCases.events.ticketsOfUser(ctx.viewer.id, ctx.locale);
    return {
      items: tickets.map((t) => ({
        code: formatTicketCode(t.code),
        typeName: t.typeName,
        status: t.status,
        checkedInAt: t.checkedInAt?.toISOString() ?? null,
        orderId: t.orderId,
        event: { slug: t.eventSlug, title: t.eventTitle, startsAt: t.startsAt.toISOString(), endsAt: t.endsAt.toISOString(), venue: t.venue },
      })),
    };
  },
});

export const listRsvpsOp = operation({
  operationId: "listRsvps",
  method: "get",
  path: "/me/rsvps",
  tag: "Events",
  summary: "The shopper's RSVPs",
  description: "The RSVPs the account made signed in, the soonest event first, cancelled ones included.",
  access: "signed-in",
  success: { status: 200, description: "The RSVPs.", schema: z.object({ items: z.array(rsvpSchema) }).meta({ id: "RsvpList" }) },
  async handle({ ctx }) {
    return { items: (await ctx.deps.useCases.events.rsvpsOfUser(ctx.viewer.id, ctx.locale)).map(rsvpOut) };
  },
});

export const rsvpOp = operation({
  operationId: "rsvpToEvent",
  method: "post",
  idempotency: "optional",
  path: "/events/{slug}/rsvps",
  tag: "Events",
  summary: "RSVP to a free event",
  description:
    "For the account's email, with the event page's rules: a party of at most the event's limit; places are held at once, or, when the event is full, the party joins the waitlist and is mailed when places open up. At most 5 RSVPs from one address in 10 minutes (429). A ticketed or past event is refused.",
  access: "signed-in",
  params: slugParams,
  body: z.object({
    partySize: rsvpFormSchema.shape.partySize.meta({ description: "People coming, the account's holder included.", example: 2 }),
    name: rsvpFormSchema.shape.name.optional().meta({ description: "The name on the list; absent: the account's name." }),
  }),
  success: { status: 201, description: "The RSVP: confirmed or waitlisted.", schema: rsvpSchema.extend({ message: z.string() }).meta({ id: "RsvpTaken" }) },
  problems: [404, 409],
  async handle({ params, body, ctx }) {
    const event = await eventBySlug(ctx, params.slug);
    if (!(await ctx.deps.useCases.accounts.consume(rsvpThrottleKey(ctx.req.ip ?? "unknown"), RSVP_THROTTLE))) {
      throw new ApiProblem(429, "events.throttled", eventsText("events.error.throttled"), { retryAfterSeconds: RSVP_THROTTLE.windowMs / 1000 });
    }
    const parsed = parseFields(rsvpFormSchema, { name: body.name ?? ctx.viewer.name, email: ctx.viewer.email, partySize: body.partySize });
    if (!parsed.success) throw validationProblem(parsed.error, "body");
    const form = parsed.data;
    const t = localeT(ctx.locale);
    let taken;
    try {
      taken = await ctx.deps.useCases.events.takeRsvp(event.id, form, { userId: ctx.viewer.id, email: ctx.viewer.email }, ctx.locale);
    } catch (error) {
      // The party-size limit is also the field's message, as the event page says it.
      if (isDomainError(error) && error.code === "events.party_too_large") {
        const message = errorText(ctx.locale, error);
        throw new ApiProblem(400, error.code, message, { errors: [{ field: "partySize", message }] });
      }
      throw error;
    }
    return { ...(await ownRsvp(ctx, taken.id)), message: t(`events.rsvp.${taken.outcome}`, { email: form.email }) };
  },
});

export const cancelRsvpOp = operation({
  operationId: "cancelRsvp",
  method: "delete",
  path: "/me/rsvps/{id}",
  tag: "Events",
  summary: "Cancel an RSVP",
  description: "As the cancel link in the RSVP mail: the party's places are freed and the waitlist moves up. Cancelling again changes nothing. Another account's RSVP is not found.",
  access: "signed-in",
  params: rsvpParams,
  success: { status: 200, description: "The RSVP, cancelled.", schema: rsvpSchema },
  problems: [404],
  async handle({ params, ctx }) {
    await ctx.deps.useCases.events.cancelOwnRsvp(ctx.viewer.id, params.id, ctx.locale);
    return ownRsvp(ctx, params.id);
  },
});
