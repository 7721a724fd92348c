import { z } from "zod";
import { fieldTextsOf } from "../shared/text.ts";
import { translatedText } from "../shared/zod.ts";

/** The event forms' field messages: ids of the catalogue (texts/messages, events.json and api.json). */
const field = fieldTextsOf({
  "events.domain.dateTime": [],
  "events.domain.slugMin": ["min"],
  "events.domain.slugFormat": [],
  "events.domain.titleRequired": [],
  "events.domain.kindRequired": [],
  "events.domain.timeLabelRequired": [],
  "events.domain.descriptionRequired": [],
  "events.domain.venueRequired": [],
  "events.domain.imageFormat": [],
  "events.domain.imageAltRequired": [],
  "api.domain.fieldNumber": [],
  "api.domain.fieldWholeNumber": [],
  "events.domain.atLeast": ["min"],
  "events.domain.atMost": ["max"],
  "events.domain.modeRequired": [],
  "events.domain.endAfterStart": [],
  "events.domain.ticketTypeNameRequired": [],
  "events.domain.priceFormat": [],
  "events.domain.ticketCodeRequired": [],
  "events.domain.ticketCodeInvalid": [],
  "events.domain.spanishTitleMax": ["max"],
  "events.domain.spanishKindMax": ["max"],
  "events.domain.spanishTimeLabelMax": ["max"],
  "events.domain.spanishDescriptionMax": ["max"],
  "events.domain.spanishVenueMax": ["max"],
  "events.domain.spanishImageAltMax": ["max"],
  "events.domain.spanishNameMax": ["max"],
  "events.error.name": [],
  "events.error.nameLong": [],
  "account.error.invalidEmail": [],
  "events.error.partySize": [],
  "events.error.partySizeMin": [],
});

/** A Spanish text: optional (empty: the Spanish pages show the English one), as long as the English may be. */
const spanish = translatedText;

const localDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, field("events.domain.dateTime"));

/** The back office's event form; times are New York wall-clock readings (datetime-local inputs). */
export const eventFormSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .min(3, field("events.domain.slugMin"))
      .max(80)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, field("events.domain.slugFormat")),
    title: z.string().trim().min(3, field("events.domain.titleRequired")).max(120),
    kind: z.string().trim().min(2, field("events.domain.kindRequired")).max(40),
    timeLabel: z.string().trim().min(2, field("events.domain.timeLabelRequired")).max(40),
    description: z.string().trim().min(10, field("events.domain.descriptionRequired")).max(4000),
    startsAt: localDateTime,
    endsAt: localDateTime,
    venue: z.string().trim().min(3, field("events.domain.venueRequired")).max(160),
    image: z
      .string()
      .trim()
      .regex(/^\/images\/[a-z0-9-]+\.(svg|png|jpg|webp)$/, field("events.domain.imageFormat")),
    imageAlt: z.string().trim().min(3, field("events.domain.imageAltRequired")).max(200),
    capacity: z.coerce.number({ error: field("api.domain.fieldNumber") }).int(field("api.domain.fieldWholeNumber")).min(1, field("events.domain.atLeast")).max(100_000),
    mode: z.enum(["tickets", "rsvp"], { error: field("events.domain.modeRequired") }),
    partySizeLimit: z.coerce.number({ error: field("api.domain.fieldNumber") }).int().min(1, field("events.domain.atLeast")).max(20, field("events.domain.atMost")),
    published: z
      .union([z.literal("on"), z.literal("true"), z.literal("")])
      .optional()
      .transform((v) => v === "on" || v === "true"),
    titleEs: spanish(120, field("events.domain.spanishTitleMax")),
    kindEs: spanish(40, field("events.domain.spanishKindMax")),
    timeLabelEs: spanish(40, field("events.domain.spanishTimeLabelMax")),
    descriptionEs: spanish(4000, field("events.domain.spanishDescriptionMax")),
    venueEs: spanish(160, field("events.domain.spanishVenueMax")),
    imageAltEs: spanish(200, field("events.domain.spanishImageAltMax")),
  })
  .refine((v) => v.endsAt > v.startsAt, { path: ["endsAt"], message: field("events.domain.endAfterStart") });
export type EventForm = z.infer<typeof eventFormSchema>;

/** A ticket type: its name (and its Spanish name, empty for the same as the English), price in dollars and seats. */
export const ticketTypeFormSchema = z.object({
  name: z.string().trim().min(2, field("events.domain.ticketTypeNameRequired")).max(40),
  nameEs: spanish(40, field("events.domain.spanishNameMax")),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, field("events.domain.priceFormat"))
    .transform((s) => Math.round(Number(s) * 100)),
  seats: z.coerce.number({ error: field("api.domain.fieldNumber") }).int(field("api.domain.fieldWholeNumber")).min(0, field("events.domain.atLeast")).max(100_000),
});
export type TicketTypeForm = z.infer<typeof ticketTypeFormSchema>;

/** A ticket code as typed or scanned at the door (spaces and case forgiven). */
export const checkInSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((s) => s.replace(/[\s-]+/g, "").toUpperCase())
    .pipe(z.string().min(4, field("events.domain.ticketCodeRequired")).max(64, field("events.domain.ticketCodeInvalid"))),
});

export const rsvpFormSchema = z.object({
  name: z.string().trim().min(1, field("events.error.name")).max(100, field("events.error.nameLong")),
  email: z.string().trim().toLowerCase().pipe(z.email(field("account.error.invalidEmail")).max(254)),
  partySize: z.coerce.number({ error: field("events.error.partySize") }).int().min(1, field("events.error.partySizeMin")),
});
export type RsvpForm = z.infer<typeof rsvpFormSchema>;

export const rsvpTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const eventIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
