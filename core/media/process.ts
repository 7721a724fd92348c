import type { Metadata, Sharp, SharpOptions } from "sharp";
import { MediaError, mediaText } from "./errors.ts";
import type { TextRef } from "../shared/text.ts";
import { ACCEPTED_INPUT_FORMATS, MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, MEDIA_CONTENT_TYPES, MEDIA_FORMATS, widthsFor, type MediaFormat } from "./rules.ts";

/**
 * An uploaded photograph made ready to serve, once: checked by its content (never its name or the
 * browser's word), turned upright by its EXIF orientation, stripped of metadata (sharp writes none unless
 * asked: no location, no camera serial), and resized into each width in AVIF and WebP.
 */

export interface ResizedFile {
  width: number;
  format: MediaFormat;
  contentType: string;
  bytes: Uint8Array;
}

export interface ProcessedImage {
  /** The upright original's size. */
  width: number;
  height: number;
  widths: number[];
  files: ResizedFile[];
}

type InputFormat = (typeof ACCEPTED_INPUT_FORMATS)[number];

/** The format the first bytes announce, or null: JPEG (FF D8 FF), PNG (its 8-byte signature), WebP (RIFF....WEBP). */
export function sniffFormat(bytes: Uint8Array): InputFormat | null {
  const at = (i: number, ...values: number[]) => values.every((v, j) => bytes[i + j] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

const fail = (code: "media.unsupported_type" | "media.too_large" | "media.too_many_pixels" | "media.unreadable", said: TextRef) =>
  new MediaError(code, said, { field: "file" });

/** sharp's refusal as the user's error: its pixel limit (checked from the header), or a file it cannot decode. */
function decodeFailure(error: unknown): MediaError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return fail("media.too_many_pixels", mediaText("admin.domain.photoTooManyPixels"));
  return fail("media.unreadable", mediaText("admin.domain.photoUnreadable"));
}

/** Encoder settings: visually clean for product photos at a fraction of JPEG's size; effort kept low enough for an upload to finish in seconds. */
const ENCODE: Readonly<Record<MediaFormat, (image: Sharp) => Sharp>> = {
  avif: (image) => image.avif({ quality: 55, effort: 3 }),
  webp: (image) => image.webp({ quality: 80, effort: 4 }),
};

export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.length === 0) throw fail("media.unsupported_type", mediaText("admin.domain.photoMissing"));
  if (bytes.length > MAX_UPLOAD_BYTES) throw fail("media.too_large", mediaText("admin.domain.photoTooLarge"));
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw fail("media.unsupported_type", mediaText("admin.domain.photoType"));

  // Loaded on the first upload, not when the store starts.
  const { default: sharp } = await import("sharp");
  const options: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
  // The decoder's word, not only the first bytes: both must say one of the three formats.
  if (metadata.format !== sniffed) throw fail("media.unsupported_type", mediaText("admin.domain.photoType"));
  const { width: rawWidth, height: rawHeight } = metadata;
  if (!rawWidth || !rawHeight) throw fail("media.unreadable", mediaText("admin.domain.photoUnreadable"));
  // Refused from the header, before any pixel is decoded (sharp's own limit below is the second guard).
  if (rawWidth * rawHeight > MAX_INPUT_PIXELS) throw fail("media.too_many_pixels", mediaText("admin.domain.photoTooManyPixels"));
  // EXIF orientations 5 to 8 turn the picture a quarter: width and height swap once upright.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? rawHeight : rawWidth;
  const height = turned ? rawWidth : rawHeight;

  const widths = widthsFor(width);
  const upright = sharp(bytes, options).rotate();
  const files: ResizedFile[] = [];
  try {
    for (const w of widths) {
      for (const format of MEDIA_FORMATS) {
        const resized = upright.clone().resize({ width: w, withoutEnlargement: true });
        const out = await ENCODE[format](resized).toBuffer();
        files.push({ width: w, format, contentType: MEDIA_CONTENT_TYPES[format], bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength) });
      }
    }
  } catch (error) {
    throw decodeFailure(error);
  }
  return { width, height, widths, files };
}
