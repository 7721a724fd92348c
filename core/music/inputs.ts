import { z } from "zod";
import { translatedText } from "../shared/zod.ts";
import { COVER_SOURCES, musicField as field } from "./rules.ts";

/** A Spanish text: optional (empty: the Spanish page shows the English one), as long as the English may be; `tooLong` takes `{max}`. */
const spanish = (tooLong: string, max: number) => translatedText(max, tooLong);

/** A required line: `required`, its text left empty; `tooLong` (taking `{max}`), longer than `max`. */
const line = (required: string, tooLong: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, tooLong);

const title = (max: number) => line(field("admin.domain.enterTitle"), field("admin.domain.musicTitleTooLong"), max);

export const idInput = z.coerce.number().int().positive().max(2_147_483_647);

export const playlistInput = z.object({
  title: title(80),
  /** Empty: made from the title. */
  slug: z
    .string()
    .trim()
    .max(60, field("admin.domain.playlistSlugTooLong"))
    .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, field("admin.domain.playlistSlugFormat")),
  label: z.string().trim().max(20, field("admin.domain.playlistLabelTooLong")),
  description: z.string().trim().max(400, field("admin.domain.playlistDescriptionTooLong")),
  coverSrc: z.enum(COVER_SOURCES, { message: field("admin.domain.playlistCover") }),
  coverAlt: line(field("admin.domain.enterCoverDescription"), field("admin.domain.musicCoverDescriptionTooLong"), 200),
  featured: z.boolean(),
  titleEs: spanish(field("admin.domain.musicTitleEsTooLong"), 80),
  labelEs: spanish(field("admin.domain.playlistLabelEsTooLong"), 20),
  descriptionEs: spanish(field("admin.domain.playlistDescriptionEsTooLong"), 400),
  coverAltEs: spanish(field("admin.domain.musicCoverDescriptionEsTooLong"), 200),
});
export type PlaylistInput = z.infer<typeof playlistInput>;

export const trackInput = z.object({
  title: title(120),
  artist: line(field("admin.domain.enterArtist"), field("admin.domain.musicArtistTooLong"), 120),
});
export type TrackInput = z.infer<typeof trackInput>;

export const moveInput = z.object({
  trackId: idInput,
  direction: z.enum(["up", "down"]),
});
