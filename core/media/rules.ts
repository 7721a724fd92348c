/**
 * Product photographs: the widths and formats an upload is resized into, where each file is served from,
 * and which photograph a colour shows. Pure (no database, no Node APIs): browser-bound UI may import it.
 */
import { fieldTextsOf } from "../shared/text.ts";

/** The photo forms' field messages (inputs.ts): ids of the catalogue (texts/messages/<locale>/admin.json). */
export const mediaField = fieldTextsOf({
  "admin.domain.reloadAndRetry": [],
  "admin.domain.photoColor": [],
  "admin.domain.photoAltRequired": [],
  "admin.domain.photoAltTooLong": ["max"],
});

/** The widths every upload is resized into once (never wider than the original). */
export const MEDIA_WIDTHS = [320, 640, 960, 1280] as const;
/** The formats each width is stored in: AVIF first for the browsers that take it, WebP for the rest. */
export const MEDIA_FORMATS = ["avif", "webp"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
export const MEDIA_CONTENT_TYPES: Readonly<Record<MediaFormat, string>> = { avif: "image/avif", webp: "image/webp" };

/** An uploaded file may be at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * At most this many pixels are decoded (8,000 x 5,000): a small file can declare a vast image (a
 * decompression bomb); sharp refuses it from the header before allocating anything.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The formats an upload may be in, as sharp names them (read from the content, never the file name). */
export const ACCEPTED_INPUT_FORMATS = ["jpeg", "png", "webp"] as const;
/** The public address files are served under. */
export const MEDIA_URL_PREFIX = "/media/";

/** The widths an original of this width is resized into: those not wider than it, or its own width when it is narrower than the smallest. */
export function widthsFor(originalWidth: number): number[] {
  const fitting = MEDIA_WIDTHS.filter((w) => w <= originalWidth);
  return fitting.length > 0 ? fitting : [Math.max(1, Math.floor(originalWidth))];
}

/** The stored name of one resized file: `${key}-${width}.${format}`. */
export function mediaFileName(key: string, width: number, format: MediaFormat): string {
  return `${key}-${width}.${format}`;
}

/** Every stored file of an image. */
export function mediaFileNames(key: string, widths: readonly number[]): string[] {
  return widths.flatMap((w) => MEDIA_FORMATS.map((f) => mediaFileName(key, w, f)));
}

export function mediaUrl(key: string, width: number, format: MediaFormat): string {
  return `${MEDIA_URL_PREFIX}${mediaFileName(key, width, format)}`;
}

/**
 * What a stored file name may look like: slash-separated segments of letters, digits, "_" and "-",
 * then "-<width>.avif|webp". Nothing else is ever looked up, so "..", "." and encoded tricks cannot reach
 * outside the store.
 */
export const MEDIA_FILE_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*-\d{1,5}\.(?:avif|webp)$/;

export function isMediaFileName(name: string): boolean {
  return name.length <= 300 && MEDIA_FILE_PATTERN.test(name);
}

/** The format of a stored file, from its name; null for anything the store never writes. */
export function mediaFormatOf(name: string): MediaFormat | null {
  if (!isMediaFileName(name)) return null;
  return name.endsWith(".avif") ? "avif" : "webp";
}

/** An image as the database keeps it. */
export interface ProductImageRecord {
  id: number;
  color: string | null;
  alt: string;
  key: string;
  width: number;
  height: number;
  widths: number[];
}

/** A stored, resized image, whoever it belongs to: where its files are and which widths they come in. */
export interface StoredImageRecord {
  key: string;
  width: number;
  height: number;
  widths: number[];
}

/** An image as pages show it: the largest WebP as `src`, and both formats' srcsets. */
export interface PictureView {
  alt: string;
  width: number;
  height: number;
  src: string;
  srcSetWebp: string;
  srcSetAvif: string;
}

/** A product photo as pages show it. */
export interface ProductImageView extends PictureView {
  id: number;
  color: string | null;
}

/** Any stored image as pages show it, with its description (kept by its owner). */
export function pictureView(record: StoredImageRecord, alt: string): PictureView {
  const widths = [...record.widths].sort((a, b) => a - b);
  const largest = widths[widths.length - 1] ?? record.width;
  const srcSet = (format: MediaFormat) => widths.map((w) => `${mediaUrl(record.key, w, format)} ${w}w`).join(", ");
  return {
    alt,
    width: record.width,
    height: record.height,
    src: mediaUrl(record.key, largest, "webp"),
    srcSetWebp: srcSet("webp"),
    srcSetAvif: srcSet("avif"),
  };
}

export function imageView(record: ProductImageRecord): ProductImageView {
  return { id: record.id, color: record.color, ...pictureView(record, record.alt) };
}

/**
 * The photograph shown for a colour, from a product's images in their order: that colour's first image,
 * else the first image for all colours, else null (the drawn art is shown).
 */
export function imageForColor<T extends { color: string | null }>(images: readonly T[], color: string | null): T | null {
  if (color !== null) {
    const own = images.find((i) => i.color === color);
    if (own) return own;
  }
  return images.find((i) => i.color === null) ?? null;
}

/**
 * The images imageForColor can ever pick, in order: the first of each colour and the first for all colours.
 * What a listing sends to the browser, so a card can follow the colour chosen without carrying every photo.
 */
export function firstPerColor<T extends { color: string | null }>(images: readonly T[]): T[] {
  const seen = new Set<string | null>();
  return images.filter((i) => (seen.has(i.color) ? false : (seen.add(i.color), true)));
}

/** The order of a product's images after one is made first: it, then the others as they were. */
export function orderWithFirst(ids: readonly number[], firstId: number): number[] {
  return ids.includes(firstId) ? [firstId, ...ids.filter((id) => id !== firstId)] : [...ids];
}

/** "Black", or "All colours" for an image shown with every colour. */
export function colorLabel(color: string | null): string {
  return color ?? "All colours";
}
