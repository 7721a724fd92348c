// The music module's face: playlists and their tracks (audio files checked by content, lengths read from the
// files). Other code imports it from here only (rules.ts and inputs.ts, free of the database and of Node,
// may also be imported by browser-bound UI code, such as the player).
export { inspectAudio, type InspectedAudio } from "./audio.ts";
export { addTrack, createPlaylist, deletePlaylist, moveTrack, removeTrack, updatePlaylist, type MusicAuditEntry, type MusicDeps } from "./commands.ts";
export { MusicError, musicText, type MusicErrorCode } from "./errors.ts";
export { idInput, moveInput, playlistInput, trackInput, type PlaylistInput, type TrackInput } from "./inputs.ts";
export { getPlaylist, listPlaylists, musicPage, type PlaylistSpanish, type PlaylistView, type TrackView } from "./queries.ts";
export {
  AUDIO_FORMATS,
  AUDIO_URL_PREFIX,
  audioUrl,
  COVER_CHOICES,
  formatClock,
  formatLength,
  isAudioFileKey,
  isoLength,
  MAX_TRACK_BYTES,
  nextIndex,
  playlistTotals,
  previousIndex,
  slugFromTitle,
  trackCount,
  type AudioMimeType,
} from "./rules.ts";
export { createLocalAudioStore, type AudioStore } from "./storage.ts";
