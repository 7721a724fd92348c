import { errorsOf } from "../shared/errors.ts";

export type EventErrorCode =
  | "events.not_found"
  | "events.past"
  | "events.not_rsvp"
  | "events.party_too_large"
  | "events.rsvp_not_found"
  | "events.throttled"
  | "events.invalid"
  | "events.slug_taken"
  | "events.ticket_type_invalid"
  | "events.over_capacity";

export class EventError extends errorsOf<EventErrorCode>({
  "events.not_found": 404,
  "events.past": 409,
  "events.not_rsvp": 400,
  "events.party_too_large": 400,
  "events.rsvp_not_found": 404,
  "events.throttled": 429,
  "events.invalid": 400,
  "events.slug_taken": 409,
  "events.ticket_type_invalid": 400,
  "events.over_capacity": 409,
}) {}

export const EVENT_MESSAGES = {
  notFound: "This event was not found.",
  past: "This event is over: tickets and RSVPs are closed.",
  notRsvp: "This event takes tickets, not RSVPs.",
  rsvpNotFound: "This link is not valid any more. RSVP again from the event page.",
  ownRsvpNotFound: "That RSVP was not found.",
  throttled: "Too many RSVPs from here. Please try again in a few minutes.",
  slugTaken: "Another event already uses this address.",
} as const;

/** The ticket types' seats (left and sold) may not add up to more than the event holds. */
export const overCapacity = (seats: number, capacity: number, field: "seats" | "capacity") =>
  new EventError(
    "events.over_capacity",
    field === "seats"
      ? `The ticket types would hold ${seats} seats, more than the event's capacity of ${capacity}.`
      : `The ticket types already hold ${seats} seats (left and sold): the capacity cannot be less.`,
    { field },
  );

export const eventNotFound = () => new EventError("events.not_found", EVENT_MESSAGES.notFound);
export const eventPast = () => new EventError("events.past", EVENT_MESSAGES.past);
