import { z } from "zod";
import { translatedText } from "../shared/zod.ts";
import { COVER_SOURCES } from "./rules.ts";

/** A Spanish text: optional (empty: the Spanish page shows the English one), as long as the English may be. */
const spanish = (name: string, max: number) => translatedText(max, `The Spanish ${name} may be at most ${max} characters.`);

const line = (name: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${name}.`)
    .max(max, `The ${name} may be at most ${max} characters.`);

export const idInput = z.coerce.number().int().positive().max(2_147_483_647);

export const playlistInput = z.object({
  title: line("title", 80),
  /** Empty: made from the title. */
  slug: z
    .string()
    .trim()
    .max(60, "The address may be at most 60 characters.")
    .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, "Use lowercase letters, digits and single hyphens (e.g. late-night-loops)."),
  label: z.string().trim().max(20, "The label may be at most 20 characters."),
  description: z.string().trim().max(400, "The description may be at most 400 characters."),
  coverSrc: z.enum(COVER_SOURCES, { message: "Choose one of the covers." }),
  coverAlt: line("cover description", 200),
  featured: z.boolean(),
  titleEs: spanish("title", 80),
  labelEs: spanish("label", 20),
  descriptionEs: spanish("description", 400),
  coverAltEs: spanish("cover description", 200),
});
export type PlaylistInput = z.infer<typeof playlistInput>;

export const trackInput = z.object({
  title: line("title", 120),
  artist: line("artist", 120),
});
export type TrackInput = z.infer<typeof trackInput>;

export const moveInput = z.object({
  trackId: idInput,
  direction: z.enum(["up", "down"]),
});
