import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { measureText, setText, setTextAlong } from "./lettering.ts";

const require = createRequire(import.meta.url);

/**
 * Every point an SVG path's data passes through, in absolute coordinates: the path grammar read
 * independently of the writer (relative and absolute commands, h and v, repeated commands without
 * their letter, numbers joined by signs and dots).
 */
function pathPoints(d: string): { points: [number, number][]; subpaths: number } {
  const tokens = d.match(/[MmLlHhVvQqCcZz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  const arity: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, q: 4, c: 6, z: 0 };
  const points: [number, number][] = [];
  let [x, y] = [0, 0];
  let [sx, sy] = [0, 0];
  let command = "";
  let subpaths = 0;
  let i = 0;
  while (i < tokens.length) {
    if (/[a-z]/i.test(tokens[i]!)) command = tokens[i++]!;
    else if (command === "m") command = "l";
    else if (command === "M") command = "L";
    const lower = command.toLowerCase();
    if (lower === "z") {
      [x, y] = [sx, sy];
      continue;
    }
    const args = tokens.slice(i, i + arity[lower]!).map(Number);
    expect(args.every(Number.isFinite), `numbers after ${command} at token ${i}`).toBe(true);
    i += arity[lower]!;
    const relative = command === lower;
    const [bx, by] = relative ? [x, y] : [0, 0];
    if (lower === "h") x = bx + args[0]!;
    else if (lower === "v") y = by + args[0]!;
    else {
      for (let k = 0; k < args.length; k += 2) points.push([bx + args[k]!, by + args[k + 1]!]);
      [x, y] = points.at(-1)!;
    }
    if (lower === "h" || lower === "v") points.push([x, y]);
    if (lower === "m") {
      [sx, sy] = [x, y];
      subpaths++;
    }
  }
  return { points, subpaths };
}

function box(points: readonly [number, number][]) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

describe("setText", () => {
  it("sets each letter as its own outline, standing on the baseline, one subpath per contour", () => {
    const { d } = setText("display", "EH", 100, 0, 200);
    const { points, subpaths } = pathPoints(d);
    // E and H are one contour each in the display face.
    expect(subpaths).toBe(2);
    const b = box(points);
    expect(b.bottom).toBeCloseTo(200, 0);
    // Capitals: most of the size above the baseline, none of it below.
    expect(200 - b.top).toBeGreaterThan(60);
    expect(200 - b.top).toBeLessThan(100);
  });

  it("stretches or squeezes the line to the width asked for, centred or ending on x", () => {
    const natural = measureText("display", "EAST HARLEM", 28);
    for (const width of [natural / 2, 200, natural * 2]) {
      const middle = box(pathPoints(setText("display", "EAST HARLEM", 28, 300, 100, { anchor: "middle", width }).d).points);
      // The outlines fill the line but for the letters' side bearings.
      expect(middle.left).toBeGreaterThanOrEqual(300 - width / 2 - 0.5);
      expect(middle.right).toBeLessThanOrEqual(300 + width / 2 + 0.5);
      expect(middle.right - middle.left).toBeGreaterThan(width * 0.9);
    }
    const end = box(pathPoints(setText("display", "EST. 2024", 16, 580, 584, { anchor: "end" }).d).points);
    expect(end.right).toBeLessThanOrEqual(580.5);
    expect(end.right).toBeGreaterThan(575);
  });

  it("writes short path data that reads back as the letters' own points", () => {
    // The font's own outline of a curved letter with counters (three contours), scaled by hand, against the written
    // path read back.
    const font = fontkit.openSync(require.resolve("@fontsource/anton/files/anton-latin-400-normal.woff2")) as unknown as {
      unitsPerEm: number;
      layout(t: string): { glyphs: { path: { commands: { command: string; args: number[] }[] } }[] };
    };
    const scale = 200 / font.unitsPerEm;
    const expected = font
      .layout("8")
      .glyphs[0]!.path.commands.flatMap((c) => Array.from({ length: c.args.length / 2 }, (_, k) => [50 + c.args[2 * k]! * scale, 300 - c.args[2 * k + 1]! * scale]));
    const written = pathPoints(setText("display", "8", 200, 50, 300).d).points;
    expect(written).toHaveLength(expected.length);
    written.forEach(([x, y], i) => {
      expect(Math.abs(x - expected[i]![0]!)).toBeLessThanOrEqual(0.051);
      expect(Math.abs(y - expected[i]![1]!)).toBeLessThanOrEqual(0.051);
    });

    // The same line drawn at two places: the compact relative data must read back as the same shape, moved.
    const a = pathPoints(setText("display", "HIP HOP CULTURE IN EAST HARLEM \u00B7 EST. 2024", 120, 0, 0).d).points;
    const b = pathPoints(setText("display", "HIP HOP CULTURE IN EAST HARLEM \u00B7 EST. 2024", 120, 37.3, 11.1).d).points;
    expect(b).toHaveLength(a.length);
    a.forEach((p, i) => {
      expect(b[i]![0] - p[0]).toBeCloseTo(37.3, 0);
      expect(b[i]![1] - p[1]).toBeCloseTo(11.1, 0);
    });
    const d = setText("display", "HIP HOP CULTURE IN EAST HARLEM \u00B7 EST. 2024", 16, 580, 584, { anchor: "end" }).d;
    expect(d.length).toBeLessThan(3600);
  });

  it("sets the text face too, and nothing for an empty line", () => {
    expect(pathPoints(setText("text", "Harlem", 40, 0, 50).d).points.length).toBeGreaterThan(10);
    expect(setText("display", "", 40, 0, 50)).toEqual({ d: "", width: 0 });
  });
});

describe("setTextAlong", () => {
  it("stands every letter on the curve, centred, turned with it", () => {
    const curve = { from: [176, 312] as [number, number], via: [300, 188] as [number, number], to: [424, 312] as [number, number] };
    const { points } = pathPoints(setTextAlong("display", "EAST HARLEM", 36, curve));
    const b = box(points);
    // Centred on the curve's middle (x = 300), and no point farther from the curve than a letter is tall.
    expect((b.left + b.right) / 2).toBeCloseTo(300, -1);
    const onCurve = Array.from({ length: 400 }, (_, i) => {
      const t = i / 399;
      const u = 1 - t;
      return [u * u * 176 + 2 * u * t * 300 + t * t * 424, u * u * 312 + 2 * u * t * 188 + t * t * 312] as const;
    });
    for (const [x, y] of points) {
      const distance = Math.min(...onCurve.map(([cx, cy]) => Math.hypot(cx - x, cy - y)));
      expect(distance).toBeLessThan(36);
    }
    // An arch: the letters at the ends stand lower than those in the middle.
    const middle = points.filter(([x]) => Math.abs(x - 300) < 20).map(([, y]) => y);
    const ends = points.filter(([x]) => x < b.left + 20).map(([, y]) => y);
    expect(Math.min(...middle)).toBeLessThan(Math.min(...ends) - 20);
  });
});
