/**
 * The label's marks, drawn here as outlines (no font): the wordmark "EAST HARLEM" in heavy block capitals
 * with cut corners, leaning forward like a jersey letter, and the "EH" monogram under a three-point crown
 * for places too small for the name (favicon, app icons, the header on a phone).
 *
 * One drawing, three uses: the React components in app/components/layout/brand.tsx render these paths,
 * the icons and the mail header are rasterised from the SVG strings below (scripts/brand-assets.ts), and
 * the social cards draw them with sharp. Pure: no React, no Node APIs.
 */

/** The letters on a grid 100 units tall: an outline, and the counters cut out of it (even-odd fill). */
const GLYPHS: Readonly<Record<string, { width: number; shapes: readonly (readonly number[])[] }>> = {
  E: { width: 56, shapes: [[0, 0, 56, 0, 56, 20, 22, 20, 22, 40, 50, 40, 50, 60, 22, 60, 22, 80, 56, 80, 56, 100, 0, 100]] },
  A: {
    width: 56,
    shapes: [
      [0, 100, 0, 16, 16, 0, 40, 0, 56, 16, 56, 100, 34, 100, 34, 70, 22, 70, 22, 100],
      [22, 22, 34, 22, 34, 50, 22, 50],
    ],
  },
  S: { width: 56, shapes: [[12, 0, 56, 0, 56, 20, 22, 20, 22, 40, 44, 40, 56, 52, 56, 88, 44, 100, 0, 100, 0, 80, 34, 80, 34, 60, 12, 60, 0, 48, 0, 12]] },
  T: { width: 56, shapes: [[0, 0, 56, 0, 56, 20, 39, 20, 39, 100, 17, 100, 17, 20, 0, 20]] },
  H: { width: 56, shapes: [[0, 0, 22, 0, 22, 40, 34, 40, 34, 0, 56, 0, 56, 100, 34, 100, 34, 60, 22, 60, 22, 100, 0, 100]] },
  R: {
    width: 56,
    shapes: [
      [0, 0, 44, 0, 56, 12, 56, 48, 49, 55, 56, 62, 56, 100, 34, 100, 34, 66, 22, 66, 22, 100, 0, 100],
      [22, 20, 34, 20, 34, 46, 22, 46],
    ],
  },
  L: { width: 56, shapes: [[0, 0, 22, 0, 22, 80, 56, 80, 56, 100, 0, 100]] },
  M: { width: 76, shapes: [[0, 0, 22, 0, 38, 24, 54, 0, 76, 0, 76, 100, 54, 100, 54, 44, 38, 66, 22, 44, 22, 100, 0, 100]] },
};

const CAP = 100;
const TRACKING = 7;
const WORD_SPACE = 26;
/** The forward lean: x moves right by this much per unit of height above the baseline. */
const LEAN = Math.tan((8 * Math.PI) / 180);

const num = (n: number) => String(Math.round(n * 100) / 100);

/** Path data of a line of capitals, its baseline at y = top + 100; returns the path and the advance. */
function setLine(text: string, left: number, top: number): { d: string; width: number } {
  let x = left;
  const parts: string[] = [];
  for (const ch of text) {
    if (ch === " ") {
      x += WORD_SPACE;
      continue;
    }
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`no drawing for ${JSON.stringify(ch)}`);
    for (const shape of glyph.shapes) {
      const points: string[] = [];
      for (let i = 0; i < shape.length; i += 2) {
        const gx = shape[i]!;
        const gy = shape[i + 1]!;
        points.push(`${num(x + gx + (CAP - gy) * LEAN)} ${num(top + gy)}`);
      }
      parts.push(`M${points.join("L")}Z`);
    }
    x += glyph.width + TRACKING;
  }
  return { d: parts.join(""), width: x - left - TRACKING };
}

const WORDMARK_LINE = setLine("EAST HARLEM", 0, 0);
const LEAN_OVERHANG = CAP * LEAN;

/** A polygon given on the letters' grid (y down, baseline at 100), leaning like the letters. */
function leaned(points: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < points.length; i += 2) out.push(`${num(points[i]! + (CAP - points[i + 1]!) * LEAN)} ${num(points[i + 1]!)}`);
  return `M${out.join("L")}Z`;
}

const HARLEM_LEFT = setLine("EAST", 0, 0).width + TRACKING + WORD_SPACE;
const END = WORDMARK_LINE.width;

/** The wordmark's drawing: the letters, and a gold bar under "HARLEM" that ends in a spray-can drip. */
export const WORDMARK = {
  width: Math.ceil(END + LEAN_OVERHANG),
  height: 130,
  letters: WORDMARK_LINE.d,
  accent: leaned([HARLEM_LEFT, 108, END, 108, END, 120, END - 6, 120, END - 6, 130, END - 18, 130, END - 18, 120, HARLEM_LEFT, 120]),
} as const;

/** The monogram in a 64-unit square tile: "EH" in the block capitals under a crown. */
const MONO_LINE = (() => {
  const line = setLine("EH", 0, 0);
  // Scaled into the tile: 36 units tall, centred across, under the crown.
  const scale = 0.36;
  const width = (line.width + LEAN_OVERHANG) * scale;
  const left = (64 - width) / 2;
  const top = 22;
  return { d: scalePath(line.d, scale, left, top), width };
})();

function scalePath(d: string, scale: number, dx: number, dy: number): string {
  return d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => `${num(Number(x) * scale + dx)} ${num(Number(y) * scale + dy)}`);
}

export const MONOGRAM = {
  size: 64,
  /** The rounded tile. */
  tile: "M12 0H52A12 12 0 0 1 64 12V52A12 12 0 0 1 52 64H12A12 12 0 0 1 0 52V12A12 12 0 0 1 12 0Z",
  letters: MONO_LINE.d,
  /** A three-point crown over the letters, in gold. */
  crown: "M19 18.5L17 6.5L25 11.5L32 3.5L39 11.5L47 6.5L45 18.5Z",
} as const;

export interface MarkColours {
  ink: string;
  accent: string;
  tile?: string;
}

/** The wordmark as a standalone SVG document (for rasterising); `title` names it for people who cannot see it. */
export function wordmarkSvg({ ink, accent }: MarkColours, scale = 1, title = "East Harlem"): string {
  const w = WORDMARK.width * scale;
  const h = WORDMARK.height * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WORDMARK.width} ${WORDMARK.height}" width="${num(w)}" height="${num(h)}"><title>${title}</title><path fill="${accent}" d="${WORDMARK.accent}"/><path fill="${ink}" fill-rule="evenodd" d="${WORDMARK.letters}"/></svg>`;
}

/** The monogram tile as a standalone SVG document; `padding` (in tile units) leaves a safe zone for maskable icons. */
export function monogramSvg({ ink, accent, tile = "#111111" }: MarkColours, size = 64, padding = 0, square = false): string {
  const box = 64 + padding * 2;
  const background = square ? `<rect x="${-padding}" y="${-padding}" width="${box}" height="${box}" fill="${tile}"/>` : `<path fill="${tile}" d="${MONOGRAM.tile}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-padding} ${-padding} ${box} ${box}" width="${size}" height="${size}"><title>East Harlem</title>${background}<path fill="${accent}" d="${MONOGRAM.crown}"/><path fill="${ink}" fill-rule="evenodd" d="${MONOGRAM.letters}"/></svg>`;
}

export function mailBannerSvg(colours: { ink: string; paper: string; gold: string; red: string }, { width, height }: { width: number; height: number }, scale = 1): string {
  const mono = 48;
  const markHeight = 30;
  const markScale = markHeight / WORDMARK.height;
  const left = 16 + mono + 14;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width * scale}" height="${height * scale}"><title>East Harlem</title><rect width="${width}" height="${height}" fill="${colours.ink}"/><g transform="translate(16 12) scale(${mono / MONOGRAM.size})"><path fill="#000000" d="${MONOGRAM.tile}"/><path fill="${colours.red}" d="${MONOGRAM.crown}"/><path fill="${colours.gold}" fill-rule="evenodd" d="${MONOGRAM.letters}"/></g><g transform="translate(${left} ${(height - markHeight) / 2 + 3}) scale(${num(markScale)})"><path fill="${colours.gold}" d="${WORDMARK.accent}"/><path fill="${colours.paper}" fill-rule="evenodd" d="${WORDMARK.letters}"/></g></svg>`;
}
