import { z } from "zod";
import { translatedText } from "../shared/zod.ts";

/** A Spanish text: optional (empty: the Spanish pages show the English one), as long as the English may be. */
const spanish = (label: string, max: number) => translatedText(max, `The Spanish ${label} may be at most ${max} characters.`);

const localDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and time.");

/** The back office's event form; times are New York wall-clock readings (datetime-local inputs). */
export const eventFormSchema = z
  .object({
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .min(3, "Use at least 3 characters.")
      .max(80)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens."),
    title: z.string().trim().min(3, "Enter a title.").max(120),
    kind: z.string().trim().min(2, "Say what kind of event it is.").max(40),
    timeLabel: z.string().trim().min(2, "Enter a label for the times, e.g. Doors.").max(40),
    description: z.string().trim().min(10, "Describe the event in a sentence or more.").max(4000),
    startsAt: localDateTime,
    endsAt: localDateTime,
    venue: z.string().trim().min(3, "Enter the venue.").max(160),
    image: z
      .string()
      .trim()
      .regex(/^\/images\/[a-z0-9-]+\.(svg|png|jpg|webp)$/, "Use an image under /images/, e.g. /images/event-june-15.svg."),
    imageAlt: z.string().trim().min(3, "Describe the image for people who cannot see it.").max(200),
    capacity: z.coerce.number({ error: "Enter a number." }).int("Enter a whole number.").min(1, "At least 1.").max(100_000),
    mode: z.enum(["tickets", "rsvp"], { error: "Choose tickets or RSVP." }),
    partySizeLimit: z.coerce.number({ error: "Enter a number." }).int().min(1, "At least 1.").max(20, "At most 20."),
    published: z
      .union([z.literal("on"), z.literal("true"), z.literal("")])
      .optional()
      .transform((v) => v === "on" || v === "true"),
    titleEs: spanish("title", 120),
    kindEs: spanish("kind", 40),
    timeLabelEs: spanish("label for the times", 40),
    descriptionEs: spanish("description", 4000),
    venueEs: spanish("venue", 160),
    imageAltEs: spanish("poster description", 200),
  })
  .refine((v) => v.endsAt > v.startsAt, { path: ["endsAt"], message: "The event must end after it starts." });
export type EventForm = z.infer<typeof eventFormSchema>;

/** A ticket type: its name (and its Spanish name, empty for the same as the English), price in dollars and seats. */
export const ticketTypeFormSchema = z.object({
  name: z.string().trim().min(2, "Name the ticket type.").max(40),
  nameEs: spanish("name", 40),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, "Enter a price such as 25 or 25.00.")
    .transform((s) => Math.round(Number(s) * 100)),
  seats: z.coerce.number({ error: "Enter a number." }).int("Enter a whole number.").min(0, "At least 0.").max(100_000),
});
export type TicketTypeForm = z.infer<typeof ticketTypeFormSchema>;

/** A ticket code as typed or scanned at the door (spaces and case forgiven). */
export const checkInSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((s) => s.replace(/[\s-]+/g, "").toUpperCase())
    .pipe(z.string().min(4, "Enter the ticket code.").max(64, "That is not a ticket code.")),
});

export const rsvpFormSchema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address.").max(254)),
  partySize: z.coerce.number({ error: "Choose how many people are coming." }).int().min(1, "At least 1 person."),
});
export type RsvpForm = z.infer<typeof rsvpFormSchema>;

export const rsvpTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const eventIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
