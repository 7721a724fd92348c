import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type MusicErrorCode =
  | "music.playlist_not_found"
  | "music.track_not_found"
  | "music.invalid_input"
  | "music.slug_taken"
  | "music.no_file"
  | "music.unsupported_type"
  | "music.too_large"
  | "music.unreadable"
  | "music.featured";

export class MusicError extends errorsOf<MusicErrorCode>({
  "music.playlist_not_found": 404,
  "music.track_not_found": 404,
  "music.invalid_input": 400,
  "music.slug_taken": 409,
  "music.no_file": 400,
  "music.unsupported_type": 415,
  "music.too_large": 413,
  "music.unreadable": 422,
  "music.featured": 409,
}) {
  /** The form field the error belongs next to ("file", "title"...), or "form" for the whole form. */
  get field(): string {
    return typeof this.details.field === "string" ? this.details.field : "form";
  }
}

/** What the playlists' refusals say: texts of the catalogue (texts/messages/<locale>/admin.json). */
export const musicText = textsOf({
  "admin.domain.playlistGone": [],
  "admin.domain.trackGone": [],
  "admin.domain.playlistSlugTaken": [],
  "admin.domain.playlistAddress": [],
  "admin.domain.playlistFeatured": [],
  "admin.domain.audioMissing": [],
  "admin.domain.audioType": [],
  "admin.domain.audioTooLarge": [],
  "admin.domain.audioUnreadable": [],
});

export const playlistNotFound = (playlistId: number) => new MusicError("music.playlist_not_found", musicText("admin.domain.playlistGone"), { playlistId });
export const trackNotFound = (trackId: number) => new MusicError("music.track_not_found", musicText("admin.domain.trackGone"), { trackId });
