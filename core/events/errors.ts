import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

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

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const eventsText = textsOf({
  "events.error.notFound": [],
  "events.error.past": [],
  "events.error.notRsvp": [],
  "events.error.partyTooLarge": ["count"],
  "events.error.rsvpNotFound": [],
  "events.error.ownRsvpNotFound": [],
  // The RSVP throttle, which the doors apply.
  "events.error.throttled": [],
  "events.domain.slugTaken": [],
  "events.domain.ticketTypesOnlyTicketed": [],
  "events.domain.ticketTypeNameTaken": [],
  "events.domain.ticketTypeNotFound": [],
  "events.domain.seatsOverCapacity": ["seats", "capacity"],
  "events.domain.capacityBelowSeats": ["seats"],
});

/** The ticket types' seats (left and sold) may not add up to more than the event holds. */
export const overCapacity = (seats: number, capacity: number, field: "seats" | "capacity") =>
  new EventError(
    "events.over_capacity",
    field === "seats" ? eventsText("events.domain.seatsOverCapacity", { seats, capacity }) : eventsText("events.domain.capacityBelowSeats", { seats }),
    { field },
  );

export const eventNotFound = () => new EventError("events.not_found", eventsText("events.error.notFound"));
export const eventPast = () => new EventError("events.past", eventsText("events.error.past"));
