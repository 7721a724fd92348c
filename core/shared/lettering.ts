/**
 * Words set as outlines from the store's own font files (Anton for display, Archivo bold for text;
 * fontkit lays them out), for the drawings and share cards made on the server: an SVG path looks the same
 * in every browser and in sharp, whatever fonts the device has, and asks no text layout of the browser.
 *
 * Server only: it reads the font files from node_modules.
 */
import { createRequire } from "node:module";

// fontkit (and the brotli decoder it brings) is loaded with the first drawing, not when the server starts:
// about a tenth of a second of a start that must answer within 2 s, for pictures asked for after the page.
const require = createRequire(import.meta.url);

interface Command {
  command: string;
  args: number[];
}

interface Font {
  unitsPerEm: number;
  layout(text: string): {
    glyphs: { path: { commands: Command[] } }[];
    positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  };
}

export type Face = "display" | "text";
let faces: Record<Face, Font> | null = null;

function fontsOnce(): Record<Face, Font> {
  if (!faces) {
    const fontkit = require("fontkit") as typeof import("fontkit");
    const open = (specifier: string) => fontkit.openSync(require.resolve(specifier)) as unknown as Font & { variationCoords?: number[] };
    const text = open("@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2");
    // The variable font's bold instance: coordinates set before any glyph is read.
    text.variationCoords = [700];
    faces = { display: open("@fontsource/anton/files/anton-latin-400-normal.woff2"), text };
  }
  return faces;
}

/** A point of the page from a point of a glyph (font units, y up). */
type Place = (x: number, y: number) => [number, number];

/**
 * Path data in tenths of a unit, relative after the first point: short, and exact (the deltas are
 * between rounded points, so nothing drifts).
 */
class PathWriter {
  private out: string[] = [];
  private at: [number, number] = [0, 0];
  private start: [number, number] = [0, 0];
  private first = true;
  private last = "";

  /** `step`: the grid points are rounded to, in tenths of a unit. */
  constructor(private readonly step = 1) {}

  private static num(tenths: number): string {
    const s = String(Math.abs(tenths) / 10).replace(/^0\./, ".");
    return tenths < 0 ? `-${s}` : s;
  }

  /**
   * Numbers joined the short way: a minus sign separates on its own, and so does a leading dot after a
   * number that already has one; otherwise a space.
   */
  private static join(nums: readonly string[]): string {
    let s = "";
    for (const n of nums) {
      if (s === "" || n.startsWith("-") || (n.startsWith(".") && /\.\d*$/.test(s))) s += n;
      else s += ` ${n}`;
    }
    return s;
  }

  command(name: string, points: readonly [number, number][]): void {
    if (name === "Z") {
      this.out.push("z");
      this.last = "z";
      this.at = this.start;
      return;
    }
    const g = this.step;
    const rounded = points.map(([x, y]) => [Math.round((x * 10) / g) * g, Math.round((y * 10) / g) * g] as [number, number]);
    const absolute = this.first;
    const nums: string[] = [];
    let from = this.at;
    for (const p of rounded) {
      // Each point of a relative command is measured from the current point, not from the previous control point.
      nums.push(PathWriter.num(absolute ? p[0] : p[0] - from[0]), PathWriter.num(absolute ? p[1] : p[1] - from[1]));
    }
    from = rounded[rounded.length - 1]!;
    let letter = absolute ? name : name.toLowerCase();
    let args = nums;
    // A straight line along an axis needs one number (h, v).
    if (letter === "l" && nums[1] === "0") [letter, args] = ["h", [nums[0]!]];
    else if (letter === "l" && nums[0] === "0") [letter, args] = ["v", [nums[1]!]];
    // The same command again needs no letter (a move's followers are lines, so a move keeps its own).
    if (letter === this.last && letter !== "m" && letter !== "M") this.out.push(PathWriter.join([this.out.pop()!, ...args]));
    else this.out.push(letter + PathWriter.join(args));
    this.last = letter;
    this.at = from;
    if (name === "M") this.start = from;
    this.first = false;
  }

  toString(): string {
    return this.out.join("");
  }
}

/**
 * How finely a line at `size` is drawn, in tenths of a unit: small lettering needs no tenths (half a unit
 * is under 1 % of a 16-unit letter), large lettering keeps them.
 */
const stepFor = (size: number) => (size < 24 ? 5 : size < 60 ? 2 : 1);

const LETTER: Record<string, string> = { moveTo: "M", lineTo: "L", quadraticCurveTo: "Q", bezierCurveTo: "C", closePath: "Z" };

function writeGlyph(writer: PathWriter, commands: readonly Command[], place: Place): void {
  for (const c of commands) {
    const name = LETTER[c.command];
    if (!name) continue;
    const points: [number, number][] = [];
    for (let i = 0; i + 1 < c.args.length; i += 2) points.push(place(c.args[i]!, c.args[i + 1]!));
    writer.command(name, points);
  }
}

export interface SetOptions {
  /** Where `x` is on the line: its start (default), middle or end. */
  anchor?: "start" | "middle" | "end";
  /** Stretch or squeeze the line, letters and spacing alike, to exactly this width (SVG's spacingAndGlyphs). */
  width?: number;
  /** Extra space between letters, in ems. */
  tracking?: number;
}

type Run = ReturnType<Font["layout"]>;

/** A laid-out line's natural width at `size`, in page units, with `tracking` in ems between letters. */
function widthOf(font: Font, run: Run, size: number, tracking: number): number {
  const advance = run.positions.reduce((sum, p) => sum + p.xAdvance, 0) + Math.max(0, run.glyphs.length - 1) * tracking * font.unitsPerEm;
  return (advance * size) / font.unitsPerEm;
}

/** The line's natural width at `size`, in page units. */
export function measureText(face: Face, text: string, size: number, tracking = 0): number {
  const font = fontsOnce()[face];
  return widthOf(font, font.layout(text), size, tracking);
}

/** A line of text as one SVG path's data, its baseline at `baseline`, `size` units high. */
export function setText(face: Face, text: string, size: number, x: number, baseline: number, options: SetOptions = {}): { d: string; width: number } {
  const font = fontsOnce()[face];
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  const tracking = (options.tracking ?? 0) * font.unitsPerEm;
  const natural = widthOf(font, run, size, options.tracking ?? 0);
  const width = options.width ?? natural;
  const stretch = natural > 0 ? width / natural : 1;
  const left = options.anchor === "middle" ? x - width / 2 : options.anchor === "end" ? x - width : x;
  const writer = new PathWriter(stepFor(size));
  let pen = 0;
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i]!;
    const ox = pen + pos.xOffset;
    writeGlyph(writer, glyph.path.commands, (gx, gy) => [left + (ox + gx) * scale * stretch, baseline - (pos.yOffset + gy) * scale]);
    pen += pos.xAdvance + tracking;
  });
  return { d: writer.toString(), width };
}

/** A quadratic Bézier curve from `from` through the control point `via` to `to`. */
export interface Curve {
  from: [number, number];
  via: [number, number];
  to: [number, number];
}

/**
 * A line of text set along `curve`, centred on it (SVG's textPath with startOffset 50% and text-anchor
 * middle): each letter stands on the curve at its middle, turned to the curve's direction there.
 */
export function setTextAlong(face: Face, text: string, size: number, curve: Curve): string {
  const font = fontsOnce()[face];
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  const point = (t: number): [number, number] => {
    const u = 1 - t;
    return [
      u * u * curve.from[0] + 2 * u * t * curve.via[0] + t * t * curve.to[0],
      u * u * curve.from[1] + 2 * u * t * curve.via[1] + t * t * curve.to[1],
    ];
  };
  // The curve's length at each of STEPS steps, to find a point by its distance along the curve.
  const STEPS = 200;
  const lengths = [0];
  let previous = point(0);
  for (let i = 1; i <= STEPS; i++) {
    const p = point(i / STEPS);
    lengths.push(lengths[i - 1]! + Math.hypot(p[0] - previous[0], p[1] - previous[1]));
    previous = p;
  }
  const total = lengths[STEPS]!;
  const at = (distance: number): { p: [number, number]; angle: number } => {
    const d = Math.min(Math.max(distance, 0), total);
    let i = 1;
    while (i < STEPS && lengths[i]! < d) i++;
    const t = (i - 1 + (d - lengths[i - 1]!) / Math.max(lengths[i]! - lengths[i - 1]!, 1e-9)) / STEPS;
    const a = point(Math.max(0, t - 1e-3));
    const b = point(Math.min(1, t + 1e-3));
    return { p: point(t), angle: Math.atan2(b[1] - a[1], b[0] - a[0]) };
  };
  const writer = new PathWriter(stepFor(size));
  let pen = (total - widthOf(font, run, size, 0)) / 2;
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i]!;
    const half = (pos.xAdvance * scale) / 2;
    const { p, angle } = at(pen + half);
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    writeGlyph(writer, glyph.path.commands, (gx, gy) => {
      const lx = (gx + pos.xOffset) * scale - half;
      const ly = -(gy + pos.yOffset) * scale;
      return [p[0] + lx * cos - ly * sin, p[1] + lx * sin + ly * cos];
    });
    pen += pos.xAdvance * scale;
  });
  return writer.toString();
}
