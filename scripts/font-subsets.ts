/**
 * Writes the latin font files the store serves (app/fonts/) from the @fontsource files: `npm run fonts:subset`.
 *
 * - Anton without its TrueType hinting (instructions that snap outlines to the pixel grid of low-resolution
 *   screens; the display face is set large, where they change nothing).
 * - Archivo as one static file per weight the store sets (400, 600, 700, 900), each cut from the variable
 *   font at that weight and unhinted. A page fetches only the weights it uses, each file fits in a new
 *   connection's first round trip, and the three a page needs at once (400, 600, 700) arrive side by side
 *   instead of one after another.
 * - Each face's latin characters (@fontsource's latin subset, the same unicode-range as before) come in two
 *   files: the core, every character the store's own texts use in English and Spanish (CORE_CHARACTERS),
 *   which every page preloads; and the rest of latin, which a browser fetches only for a page that shows one
 *   of its characters (a name an administrator typed with a ç or an ø). The core files are a third smaller
 *   than the whole latin ones (45.2 KB to about 30 KB for the four a page preloads).
 *
 * The OpenType features a browser applies by default or the store asks for (tabular figures,
 * `tabular-nums`) are kept; fractions' numerators and denominators (frac, numr, dnom), which nothing asks
 * for, are left out. app/fonts.test.ts checks the files against the originals, and app/fonts.css's
 * unicode-ranges against the ranges here.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import { fontFile } from "./font-fallbacks.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

type Ranges = ReadonlyArray<readonly [number, number]>;

/** @fontsource's latin unicode-range: what the core and rest files of a face cover between them. */
export const LATIN_RANGES: Ranges = [
  [0x0000, 0x00ff], [0x0131, 0x0131], [0x0152, 0x0153], [0x02bb, 0x02bc], [0x02c6, 0x02c6], [0x02da, 0x02da],
  [0x02dc, 0x02dc], [0x0304, 0x0304], [0x0308, 0x0308], [0x0329, 0x0329], [0x2000, 0x206f], [0x20ac, 0x20ac],
  [0x2122, 0x2122], [0x2191, 0x2191], [0x2193, 0x2193], [0x2212, 0x2212], [0x2215, 0x2215], [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/**
 * The characters of the core files: ASCII; the Spanish letters and marks; the Latin-1 signs the store prints
 * (no-break space, pound, copyright, guillemets, degree, plus-minus, middle dot, times); and the typographic
 * punctuation of its texts and of the dates and times it formats (thin and narrow no-break spaces, hyphens,
 * dashes, quotes, bullet, ellipsis, euro, trade mark, minus). app/fonts.test.ts fails when a message or a
 * sample text uses a latin character outside it.
 */
export const CORE_CHARACTERS =
  Array.from({ length: 0x80 }, (_, c) => String.fromCodePoint(c)).join("") +
  "\u00a0¡£©«®°±·»¿ÁÉÍÑÓ×ÚÜáéíñóúü" +
  "\u2009\u2010\u2011–—‘’“”•…\u202f€™−";

const inRanges = (ranges: Ranges, c: number) => ranges.some(([from, to]) => from <= c && c <= to);
export const inLatin = (c: number) => inRanges(LATIN_RANGES, c);

/** Every code point of the ranges, in order. */
export function codePoints(ranges: Ranges): number[] {
  return ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/** Code points as ranges, consecutive ones joined. */
function toRanges(codePoints: Iterable<number>): Ranges {
  const ranges: [number, number][] = [];
  for (const c of [...new Set(codePoints)].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && last[1] === c - 1) last[1] = c;
    else ranges.push([c, c]);
  }
  return ranges;
}

export const CORE_RANGES: Ranges = toRanges([...CORE_CHARACTERS].map((c) => c.codePointAt(0)!));
export const REST_RANGES: Ranges = toRanges(codePoints(LATIN_RANGES).filter((c) => !inRanges(CORE_RANGES, c)));

/** A CSS unicode-range for ranges, as app/fonts.css writes it. */
export function unicodeRange(ranges: Ranges): string {
  const hex = (c: number) => c.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}

export type LatinPart = "core" | "rest";
export const PART_RANGES: Record<LatinPart, Ranges> = { core: CORE_RANGES, rest: REST_RANGES };
export const inPart = (part: LatinPart, c: number) => inRanges(PART_RANGES[part], c);

export interface FontSubset {
  /** Under app/fonts/. */
  file: string;
  /** The @fontsource file it is cut from. */
  source: string;
  /** Which of the face's latin characters it holds. */
  part: LatinPart;
  /** For Archivo: the weight it is fixed at. */
  weight?: number;
}

/** The layout features kept: the default ones (composition, ligatures, kerning, marks) and the figures. */
export const KEPT_FEATURES = ["ccmp", "kern", "liga", "mark", "mkmk", "pnum", "tnum"] as const;

export const ARCHIVO_WEIGHTS = [400, 600, 700, 900] as const;

export const PARTS: readonly LatinPart[] = ["core", "rest"];

export const FONT_SUBSETS: readonly FontSubset[] = PARTS.flatMap((part) => [
  { file: `anton-latin-${part}.woff2`, source: "@fontsource/anton/files/anton-latin-400-normal.woff2", part },
  ...ARCHIVO_WEIGHTS.map((weight) => ({
    file: `archivo-latin-${part}-${weight}.woff2`,
    source: "@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2",
    part,
    weight,
  })),
]);

export const fontsDir = () => path.join(ROOT, "app", "fonts");
export const sourceFile = (subset: FontSubset) => fontFile(subset.source);

export async function makeSubset(subset: FontSubset): Promise<Buffer> {
  const source = fs.readFileSync(sourceFile(subset));
  return subsetFont(source, String.fromCodePoint(...codePoints(PART_RANGES[subset.part])), {
    targetFormat: "woff2",
    noHinting: true,
    keepFeatures: [...KEPT_FEATURES],
    ...(subset.weight === undefined ? {} : { variationAxes: { wght: subset.weight } }),
  });
}

async function main() {
  fs.mkdirSync(fontsDir(), { recursive: true });
  for (const old of fs.readdirSync(fontsDir())) if (old.endsWith(".woff2")) fs.rmSync(path.join(fontsDir(), old));
  for (const subset of FONT_SUBSETS) {
    const data = await makeSubset(subset);
    fs.writeFileSync(path.join(fontsDir(), subset.file), data);
    console.log(`app/fonts/${subset.file}: ${(data.length / 1024).toFixed(1)} KB (from ${(fs.statSync(sourceFile(subset)).size / 1024).toFixed(1)} KB)`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
