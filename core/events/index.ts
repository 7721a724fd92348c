// The events module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code).
export { checkInMessage, formatTicketCode, instantToStoreLocal, isPast, RSVP_THROTTLE, rsvpThrottleKey, nextYearlyOccurrence, partiesToPromote, storeLocalToInstant, storeLongDate, storeMonthDay, storeTimeOfDay } from "./rules.ts";
export { checkInSchema, eventFormSchema, eventIdSchema, rsvpFormSchema, rsvpTokenSchema, ticketTypeFormSchema, type EventForm, type RsvpForm, type TicketTypeForm } from "./inputs.ts";
export { EventError, eventsText } from "./errors.ts";
export {
  eventSlugOfProduct,
  getEventBySlug,
  listEventSlugs,
  listPublishedEvents,
  nextUpcomingEvent,
  ticketTypesOf,
  type EventSpanish,
  type EventView,
  type TicketTypeView,
} from "./queries.ts";
export { getAdminEvent, listAdminEvents, listRsvps, type AdminEventView, type RsvpRow } from "./admin-queries.ts";
export { rsvpsOfUser, ticketsOfOrder, ticketsOfUser, type OwnRsvp, type TicketView } from "./attendee.ts";
export { checkInTicket, issueTicketsForOrder, newTicketCode, voidOrderTickets, voidRefundedTickets, type CheckInResult, type EventActor } from "./commands.ts";
export { addTicketType, createEvent, syncTicketProduct, updateEvent, updateTicketType } from "./admin.ts";
export { cancelOwnRsvp, cancelRsvp, confirmRsvp, submitRsvp, takeRsvp, type RsvpDeps, type RsvpOutcome } from "./rsvp.ts";
export { qrDataUrl, qrPng, whenLine } from "./mail.ts";
