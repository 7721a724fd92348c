/**
 * Draws the 1200x630 share cards (app/lib/social.ts) with sharp. Every word is set as outlines from the
 * store's own font files (Anton, Archivo: core/shared/lettering.ts), so a card looks the same on any server,
 * whatever fonts it has; the wordmark and the monogram are the drawn marks of brand-marks.ts.
 *
 * Cards are kept in memory by address (kind, slug, version), a few dozen at most: a card is drawn once
 * per process and version, and the HTTP cache (a year, the address changes with the content) does the rest.
 */
import type { default as Sharp } from "sharp";
import { garmentSvg, isArtKind } from "../../core/catalog/index.ts";
import { measureText, setText, type Face } from "../../core/shared/lettering.ts";
import { MONOGRAM, WORDMARK } from "./brand-marks.ts";
import { SOCIAL_CARD, type ProductCardContent, type TitleCardContent } from "./social.ts";

/** sharp (its native library) is loaded with the first card drawn, not with the pages (about 0.15 s of a start). */
let loadingSharp: Promise<typeof Sharp> | null = null;
const sharpLoaded = () => (loadingSharp ??= import("sharp").then((module) => module.default));

const INK = "#111111";
const PAPER = "#f6f3ee";
const GOLD = "#f5b700";
const RED = "#e63329";

/** Greedy line breaking at `size`; a word wider than the line gets a line of its own. */
function wrap(face: Face, words: readonly string[], size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (!line || measureText(face, next, size) <= maxWidth) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The height of `lines` lines of display type at `size`, from the first cap top to the last baseline. */
const blockHeight = (lines: number, size: number) => size * CAP_HEIGHT + (lines - 1) * size * LEADING;
const CAP_HEIGHT = 0.86;
const LEADING = 1.02;

/**
 * Breaks `text` into at most `maxLines` lines no wider than `maxWidth` and, set as a block of display type,
 * no taller than `maxHeight`, at the largest of `sizes` that allows it.
 */
function fit(face: Face, text: string, box: { maxWidth: number; maxHeight: number; maxLines: number }, sizes: readonly number[]): { size: number; lines: string[] } {
  const { maxWidth, maxHeight, maxLines } = box;
  const words = text.split(/\s+/).filter(Boolean);
  for (const size of sizes) {
    const lines = wrap(face, words, size, maxWidth);
    if (lines.length <= maxLines && blockHeight(lines.length, size) <= maxHeight && lines.every((l) => measureText(face, l, size) <= maxWidth)) return { size, lines };
  }
  // Too long even at the smallest size: cut, and the last line ends in an ellipsis.
  const size = sizes.at(-1)!;
  const lines = wrap(face, words, size, maxWidth).slice(0, maxLines);
  let last = lines.at(-1) ?? "";
  while (last.length > 1 && measureText(face, `${last}…`, size) > maxWidth) last = last.slice(0, -1).trimEnd();
  lines[lines.length - 1] = `${last}…`;
  return { size, lines };
}

function wordmark(x: number, y: number, height: number, letters: string): string {
  const s = height / WORDMARK.height;
  return `<g transform="translate(${x} ${y}) scale(${Math.round(s * 1000) / 1000})"><path fill="${GOLD}" d="${WORDMARK.accent}"/><path fill="${letters}" fill-rule="evenodd" d="${WORDMARK.letters}"/></g>`;
}

function monogram(x: number, y: number, size: number, opacity = 1): string {
  const s = size / MONOGRAM.size;
  return `<g transform="translate(${x} ${y}) scale(${s})" opacity="${opacity}"><path fill="#000000" d="${MONOGRAM.tile}"/><path fill="${RED}" d="${MONOGRAM.crown}"/><path fill="${GOLD}" fill-rule="evenodd" d="${MONOGRAM.letters}"/></g>`;
}

const HALFTONE = `<defs><pattern id="dots" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="2.6" fill="#2a2723"/></pattern></defs>`;

function svgDocument(inner: string): string {
  const { width, height } = SOCIAL_CARD;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${HALFTONE}<rect width="${width}" height="${height}" fill="${INK}"/>${inner}</svg>`;
}

/** Lines of display type from `top`, each `size` high with a tight leading; returns the paths and the bottom. */
function block(lines: readonly string[], size: number, x: number, top: number, fill: string): { svg: string; bottom: number } {
  const paths = lines.map((line, i) => `<path fill="${fill}" d="${setText("display", line, size, x, top + size * CAP_HEIGHT + i * size * LEADING, { tracking: 0.01 }).d}"/>`);
  return { svg: paths.join(""), bottom: top + blockHeight(lines.length, size) };
}

function priceLabel(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** Reads a stored photograph by its /media/ path (null when it is gone). */
export type PhotoReader = (src: string) => Promise<Buffer | null>;

/** The product's picture as a 630 px square: its photograph, cropped to fill, else its drawing. */
async function productPicture(content: ProductCardContent, readPhoto: PhotoReader): Promise<Buffer | null> {
  const sharp = await sharpLoaded();
  const photo = content.photo ? await readPhoto(content.photo).catch(() => null) : null;
  if (photo) {
    const square = await sharp(photo).resize(630, 630, { fit: "cover" }).png().toBuffer().catch(() => null);
    if (square) return square;
  }
  if (!isArtKind(content.artKind)) return null;
  // The drawing is 600x600: drawn at the density that makes it 630 px square.
  return sharp(Buffer.from(garmentSvg(content.artKind, content.color)), { density: (72 * 630) / 600 }).resize(630, 630).png().toBuffer();
}

/** A product: its picture filling the left square, the name, the price and the wordmark on the right. */
async function productCard(content: ProductCardContent, readPhoto: PhotoReader): Promise<Buffer> {
  const { height } = SOCIAL_CARD;
  const left = 630 + 56;
  const maxWidth = 1200 - left - 56;
  const name = fit("display", content.name.toUpperCase(), { maxWidth, maxHeight: 280, maxLines: 3 }, [92, 84, 76, 68, 60, 54, 48]);
  const title = block(name.lines, name.size, left, 170, PAPER);
  const price = setText("display", priceLabel(content.priceCents, content.currency), 64, left, title.bottom + 100, { tracking: 0.01 });
  const inner =
    `<rect x="630" width="570" height="${height}" fill="url(#dots)"/>` +
    wordmark(left, 56, 52, PAPER) +
    title.svg +
    `<path fill="${GOLD}" d="${price.d}"/>` +
    `<rect x="${left}" y="${height - 48}" width="${maxWidth}" height="8" fill="${RED}"/>`;
  const sharp = await sharpLoaded();
  const base = sharp(Buffer.from(svgDocument(inner)));
  const picture = await productPicture(content, readPhoto);
  return (picture ? base.composite([{ input: picture, left: 0, top: 0 }]) : base).png().toBuffer();
}

/** Any other page: the eyebrow in gold, the title big, the wordmark, and the monogram leaning in on the right. */
async function titleCard(content: TitleCardContent): Promise<Buffer> {
  const { width, height } = SOCIAL_CARD;
  const left = 72;
  const maxWidth = 760;
  const eyebrow = setText("text", content.eyebrow.toUpperCase(), 26, left, 210, { tracking: 0.14 });
  const title = fit("display", content.title.toUpperCase(), { maxWidth, maxHeight: height - 240 - 80, maxLines: 3 }, [150, 132, 116, 100, 88, 76, 66, 58]);
  const heading = block(title.lines, title.size, left, 240, PAPER);
  const inner =
    `<rect x="760" width="${width - 760}" height="${height}" fill="url(#dots)"/>` +
    `<g transform="rotate(-8 1000 315)">${monogram(860, 175, 280)}</g>` +
    wordmark(left, 64, 60, PAPER) +
    `<path fill="${GOLD}" d="${eyebrow.d}"/>` +
    heading.svg +
    `<rect x="${left}" y="${height - 40}" width="${width - left * 2}" height="8" fill="${RED}"/>`;
  const sharp = await sharpLoaded();
  return sharp(Buffer.from(svgDocument(inner))).png().toBuffer();
}

const MAX_CACHED = 64;
const cache = new Map<string, Promise<Buffer>>();

/** The card's PNG, drawn once per key (kind, slug and version) while it stays among the most recent. */
export function socialCardPng(key: string, content: { product: ProductCardContent } | { title: TitleCardContent }, readPhoto: PhotoReader): Promise<Buffer> {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const drawing = "product" in content ? productCard(content.product, readPhoto) : titleCard(content.title);
  cache.set(key, drawing);
  drawing.catch(() => cache.delete(key));
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return drawing;
}
