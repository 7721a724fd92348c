/**
 * Writes the latin font files the store serves (app/fonts/) from the @fontsource files: `npm run fonts:subset`.
 *
 * - Anton without its TrueType hinting (instructions that snap outlines to the pixel grid of low-resolution
 *   screens; the display face is set large, where they change nothing): 18.6 KB to 10.8 KB.
 * - Archivo as one static file per weight the store sets (400, 600, 700, 900), each cut from the variable
 *   font at that weight and unhinted: about 12.5 KB each, where the variable file is 34.9 KB. A page
 *   fetches only the weights it uses, each file fits in a new connection's first round trip, and the three
 *   a page needs at once (400, 600, 700) arrive side by side instead of one after another.
 *
 * Every file keeps the characters of @fontsource's latin subset (the same unicode-range as before), so no
 * character moves to another face, and the OpenType features a browser applies by default or the store asks
 * for (tabular figures, `tabular-nums`); fractions' numerators and denominators (frac, numr, dnom), which
 * nothing asks for, are left out. app/fonts.test.ts checks the files against the originals.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import { fontFile } from "./font-fallbacks.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** @fontsource's latin unicode-range, the range app/fonts.css gives these files. */
export const LATIN_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x00ff], [0x0131, 0x0131], [0x0152, 0x0153], [0x02bb, 0x02bc], [0x02c6, 0x02c6], [0x02da, 0x02da],
  [0x02dc, 0x02dc], [0x0304, 0x0304], [0x0308, 0x0308], [0x0329, 0x0329], [0x2000, 0x206f], [0x20ac, 0x20ac],
  [0x2122, 0x2122], [0x2191, 0x2191], [0x2193, 0x2193], [0x2212, 0x2212], [0x2215, 0x2215], [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

export interface FontSubset {
  /** Under app/fonts/. */
  file: string;
  /** The @fontsource file it is cut from. */
  source: string;
  /** For Archivo: the weight it is fixed at. */
  weight?: number;
}

/** The layout features kept: the default ones (composition, ligatures, kerning, marks) and the figures. */
export const KEPT_FEATURES = ["ccmp", "kern", "liga", "mark", "mkmk", "pnum", "tnum"] as const;

export const ARCHIVO_WEIGHTS = [400, 600, 700, 900] as const;

export const FONT_SUBSETS: readonly FontSubset[] = [
  { file: "anton-latin.woff2", source: "@fontsource/anton/files/anton-latin-400-normal.woff2" },
  ...ARCHIVO_WEIGHTS.map((weight) => ({
    file: `archivo-latin-${weight}.woff2`,
    source: "@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2",
    weight,
  })),
];

export const fontsDir = () => path.join(ROOT, "app", "fonts");
export const sourceFile = (subset: FontSubset) => fontFile(subset.source);

function latinText(): string {
  let text = "";
  for (const [from, to] of LATIN_RANGES) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
  return text;
}

export async function makeSubset(subset: FontSubset): Promise<Buffer> {
  const source = fs.readFileSync(sourceFile(subset));
  return subsetFont(source, latinText(), {
    targetFormat: "woff2",
    noHinting: true,
    keepFeatures: [...KEPT_FEATURES],
    ...(subset.weight === undefined ? {} : { variationAxes: { wght: subset.weight } }),
  });
}

async function main() {
  fs.mkdirSync(fontsDir(), { recursive: true });
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
