/**
 * The metric-matched fallback faces of app/fonts.css, computed from the web fonts' own files.
 *
 * Until Anton and Archivo arrive, the text is set in Arial (or Helvetica, or Liberation Sans: the three
 * share their advance widths) scaled and given the web font's line metrics, so every line already has the
 * width and height it will have: nothing moves when the web font swaps in (CLS 0).
 *
 * - size-adjust: the web font's average advance over a sample of the text it sets, divided by Arial's
 *   (headings are upper case, so the display face is measured on capitals; body text on running English).
 * - ascent/descent/line-gap-override: the web font's line metrics (as the browser reads them: OS/2 typo
 *   metrics when USE_TYPO_METRICS is set, else hhea), in ems of the scaled fallback.
 *
 * Run `npx tsx scripts/font-fallbacks.ts` to print the rules; app/fonts.test.ts checks app/fonts.css
 * still holds them (a font upgrade that changes the metrics fails the test until they are pasted in).
 */
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as fontkit from "fontkit";

const require = createRequire(import.meta.url);

/** Advance widths of printable ASCII (U+0020 to U+007E) in Arial, in units of a 2048 em (Liberation Sans has the same). */
const ARIAL_UPM = 2048;
const ARIAL_ADVANCES = {
  regular: [
    569, 569, 727, 1139, 1139, 1821, 1366, 391, 682, 682, 797, 1196, 569, 682, 569, 569, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 569, 569, 1196, 1196,
    1196, 1139, 2079, 1366, 1366, 1479, 1479, 1366, 1251, 1593, 1479, 569, 1024, 1366, 1139, 1706, 1479, 1593, 1366, 1593, 1479, 1366, 1251, 1479, 1366, 1933, 1366,
    1366, 1251, 569, 569, 569, 961, 1139, 682, 1139, 1139, 1024, 1139, 1139, 569, 1139, 1139, 455, 455, 1024, 455, 1706, 1139, 1139, 1139, 1139, 682, 1024, 569, 1139,
    1024, 1479, 1024, 1024, 1024, 684, 532, 684, 1196,
  ],
  bold: [
    569, 682, 971, 1139, 1139, 1821, 1479, 487, 682, 682, 797, 1196, 569, 682, 569, 569, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 682, 682, 1196, 1196,
    1196, 1251, 1997, 1479, 1479, 1479, 1479, 1366, 1251, 1593, 1479, 569, 1139, 1479, 1251, 1706, 1479, 1593, 1366, 1593, 1479, 1366, 1251, 1479, 1366, 1933, 1366,
    1366, 1251, 682, 569, 682, 1196, 1139, 682, 1139, 1251, 1139, 1251, 1139, 682, 1251, 1251, 569, 569, 1139, 569, 1821, 1251, 1251, 1251, 1251, 797, 1139, 682, 1251,
    1139, 1139, 1593, 1139, 1139, 1024, 797, 573, 797, 1196,
  ],
} as const;

/** What headings say: short upper-case lines, prices and years. */
const DISPLAY_SAMPLE =
  "NEW DROPS HIP HOP CULTURE IN EAST HARLEM SHOP THE COLLECTION STREET ESSENTIALS UNDERGROUND CLASSICS OUR STORY EL BARRIO 116TH STREET SINCE 2024 $55.00 MUSIC HISTORY";
/** What running text says: ordinary English sentences with a few figures. */
const TEXT_SAMPLE =
  "Hip-hop streetwear, music and culture from East Harlem. Shop the drops, read the stories and hear the mixes. Our tees are cut from heavy cotton and printed on 116th Street; free shipping on orders over $100.";

export interface FallbackFace {
  family: string;
  /** The weights this face stands in for, as a font-weight range. */
  weight: string;
  local: readonly string[];
  sizeAdjust: number;
  ascentOverride: number;
  descentOverride: number;
  lineGapOverride: number;
}

const ARIAL_LOCAL = {
  regular: ["Arial", "ArialMT", "Helvetica", "Liberation Sans"],
  bold: ["Arial Bold", "Arial-BoldMT", "Helvetica Bold", "Liberation Sans Bold"],
} as const;

/** What the store reads of a font file through fontkit (here and in app/fonts.test.ts). */
export interface OpenFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  "OS/2": { typoAscender: number; typoDescender: number; typoLineGap: number; fsSelection: { useTypoMetrics: boolean } };
  layout(text: string): { advanceWidth: number };
  variationCoords?: number[];
  characterSet: number[];
  availableFeatures: string[];
  directory: { tables: Record<string, unknown> };
}

export function fontFile(specifier: string): string {
  return require.resolve(specifier);
}

export function openFont(file: string, weight?: number): OpenFont {
  const font = fontkit.openSync(file) as unknown as OpenFont;
  // A variable font's instance: its coordinates set before any glyph is read (fontkit's getVariation does not read WOFF2).
  if (weight !== undefined) font.variationCoords = [weight];
  return font;
}

function arialAverage(text: string, weight: keyof typeof ARIAL_ADVANCES): number {
  let sum = 0;
  for (const ch of text) {
    const advance = ARIAL_ADVANCES[weight][ch.charCodeAt(0) - 32];
    if (advance === undefined) throw new Error(`no Arial width for ${JSON.stringify(ch)}`);
    sum += advance;
  }
  return sum / ARIAL_UPM / text.length;
}

function lineMetrics(font: OpenFont): { ascent: number; descent: number; lineGap: number } {
  const os2 = font["OS/2"];
  return os2.fsSelection.useTypoMetrics
    ? { ascent: os2.typoAscender, descent: -os2.typoDescender, lineGap: os2.typoLineGap }
    : { ascent: font.ascent, descent: -font.descent, lineGap: font.lineGap };
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

function face(family: string, weightRange: string, file: string, sample: string, arial: keyof typeof ARIAL_ADVANCES, instance?: number): FallbackFace {
  const font = openFont(file, instance);
  const average = font.layout(sample).advanceWidth / font.unitsPerEm / sample.length;
  const sizeAdjust = average / arialAverage(sample, arial);
  const m = lineMetrics(font);
  const em = (units: number) => round(((units / font.unitsPerEm) * 100) / sizeAdjust);
  return {
    family,
    weight: weightRange,
    local: ARIAL_LOCAL[arial],
    sizeAdjust: round(sizeAdjust * 100),
    ascentOverride: em(m.ascent),
    descentOverride: em(m.descent),
    lineGapOverride: em(m.lineGap),
  };
}

export const ANTON_LATIN = "@fontsource/anton/files/anton-latin-400-normal.woff2";
export const ARCHIVO_LATIN = "@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2";

/**
 * Anton has one weight, drawn heavy: its stand-in is Arial Bold at every weight. Archivo is variable: its
 * regular weights are matched by Arial measured against Archivo 400, its bold ones by Arial Bold against 700.
 */
export function fallbackFaces(): FallbackFace[] {
  return [
    face("Anton Fallback", "100 900", fontFile(ANTON_LATIN), DISPLAY_SAMPLE, "bold"),
    face("Archivo Fallback", "100 550", fontFile(ARCHIVO_LATIN), TEXT_SAMPLE, "regular", 400),
    face("Archivo Fallback", "551 900", fontFile(ARCHIVO_LATIN), TEXT_SAMPLE, "bold", 700),
  ];
}

export function fallbackCss(f: FallbackFace): string {
  return [
    "@font-face {",
    `  font-family: "${f.family}";`,
    `  font-weight: ${f.weight};`,
    `  src: ${f.local.map((name) => `local("${name}")`).join(", ")};`,
    `  size-adjust: ${f.sizeAdjust}%;`,
    `  ascent-override: ${f.ascentOverride}%;`,
    `  descent-override: ${f.descentOverride}%;`,
    `  line-gap-override: ${f.lineGapOverride}%;`,
    "}",
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(fallbackFaces().map(fallbackCss).join("\n"));
}
