import { MusicError, musicText } from "./errors.ts";
import type { TextRef } from "../shared/text.ts";
import { AUDIO_FORMATS, MAX_TRACK_BYTES, type AudioMimeType } from "./rules.ts";

export interface InspectedAudio {
  mimeType: AudioMimeType;
  extension: (typeof AUDIO_FORMATS)[AudioMimeType];
  durationMs: number;
}

const fail = (code: "music.no_file" | "music.unsupported_type" | "music.too_large" | "music.unreadable", said: TextRef) =>
  new MusicError(code, said, { field: "file" });

/** What file-type names the formats we take (Opus in Ogg is audio/ogg; M4A may be reported as audio/x-m4a). */
function acceptedType(mime: string | undefined): AudioMimeType | null {
  switch (mime) {
    case "audio/mpeg":
      return "audio/mpeg";
    case "audio/ogg":
    case "audio/opus":
      return "audio/ogg";
    case "audio/mp4":
    case "audio/x-m4a":
      return "audio/mp4";
    default:
      return null;
  }
}

/**
 * Checks an uploaded audio file by its content (file-type reads the magic bytes; the name and the browser's
 * content type are never believed) and reads its length from the file itself (music-metadata; for MP3 it
 * scans the frames, so a file without a Xing header still gets its true length).
 */
export async function inspectAudio(bytes: Uint8Array): Promise<InspectedAudio> {
  if (bytes.length === 0) throw fail("music.no_file", musicText("admin.domain.audioMissing"));
  if (bytes.length > MAX_TRACK_BYTES) throw fail("music.too_large", musicText("admin.domain.audioTooLarge"));
  // Loaded on the first upload (or seeding), not when the store starts.
  const [{ fileTypeFromBuffer }, { parseBuffer }] = await Promise.all([import("file-type"), import("music-metadata")]);
  const sniffed = await fileTypeFromBuffer(bytes);
  const mimeType = acceptedType(sniffed?.mime);
  if (!mimeType) throw fail("music.unsupported_type", musicText("admin.domain.audioType"));
  let seconds: number | undefined;
  try {
    const metadata = await parseBuffer(bytes, { mimeType, size: bytes.length }, { duration: true, skipCovers: true });
    seconds = metadata.format.duration;
  } catch {
    throw fail("music.unreadable", musicText("admin.domain.audioUnreadable"));
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) throw fail("music.unreadable", musicText("admin.domain.audioUnreadable"));
  return { mimeType, extension: AUDIO_FORMATS[mimeType], durationMs: Math.round(seconds * 1000) };
}
