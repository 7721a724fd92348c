import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fallbackCss, fallbackFaces, fontFile, openFont } from "../scripts/font-fallbacks.ts";
import { ARCHIVO_WEIGHTS, FONT_SUBSETS, fontsDir, KEPT_FEATURES, LATIN_RANGES, sourceFile } from "../scripts/font-subsets.ts";

const css = fs.readFileSync(new URL("./fonts.css", import.meta.url), "utf8");

describe("the store's fonts", () => {
  it("holds the fallback faces computed from the font files it serves", () => {
    for (const face of fallbackFaces()) expect(css).toContain(fallbackCss(face));
  });

  it("serves woff2 files of the latin and latin-ext subsets only, the latin ones cut for the store, never swapped in late", () => {
    const sources = [...css.matchAll(/url\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(sources.length).toBe(2 + FONT_SUBSETS.length);
    for (const src of sources) {
      if (src.startsWith("./fonts/")) expect(fs.existsSync(new URL(src, import.meta.url))).toBe(true);
      else {
        expect(src).toMatch(/-latin-ext-[a-z0-9]+-normal\.woff2$/);
        expect(fs.existsSync(fontFile(src))).toBe(true);
      }
    }
    for (const subset of FONT_SUBSETS) expect(sources).toContain(`./fonts/${subset.file}`);
    const faces = css.split("@font-face").slice(1).filter((f) => f.includes("url("));
    for (const f of faces) expect(f).toContain("font-display: optional");
  });

  it("declares each Archivo weight file for the weights nearest it, so every weight from 100 to 900 has exactly one", () => {
    const faces = css
      .split("@font-face")
      .slice(1)
      .filter((f) => /archivo-latin-\d+\.woff2/.test(f))
      .map((f) => ({ file: Number(/archivo-latin-(\d+)/.exec(f)![1]), range: /font-weight: (\d+) (\d+);/.exec(f)!.slice(1).map(Number) as [number, number] }));
    expect(faces.map((f) => f.file)).toEqual([...ARCHIVO_WEIGHTS]);
    for (let weight = 100; weight <= 900; weight += 50) {
      const matching = faces.filter((f) => f.range[0] <= weight && weight <= f.range[1]);
      expect(matching, `weight ${weight}`).toHaveLength(1);
      // From 400 up, a file as near the asked weight as any (halfway weights may go either way).
      const distance = Math.min(...ARCHIVO_WEIGHTS.map((w) => Math.abs(w - weight)));
      if (weight >= 400) expect(Math.abs(matching[0]!.file - weight), `weight ${weight}`).toBe(distance);
    }
  });

  it("stands Arial in for Anton at a width that makes the same lines (Anton's capitals are narrow)", () => {
    const [anton, archivoRegular, archivoBold] = fallbackFaces();
    expect(anton!.sizeAdjust).toBeGreaterThan(60);
    expect(anton!.sizeAdjust).toBeLessThan(80);
    expect(archivoRegular!.sizeAdjust).toBeGreaterThan(90);
    expect(archivoBold!.local[0]).toBe("Arial Bold");
  });
});

describe("the latin font files cut for the store (app/fonts/, scripts/font-subsets.ts)", () => {
  const inLatin = (c: number) => LATIN_RANGES.some(([from, to]) => from <= c && c <= to);
  const SAMPLE = "Harlem Classic Tee — $55.00 · Añadir al carrito «Sí» ¿Qué? 116th St. & Lexington Ave. ≈ €50,60";

  for (const subset of FONT_SUBSETS) {
    it(`${subset.file}: every latin character of the original, no hinting, the same widths${subset.weight ? ` as the variable font at ${subset.weight}` : ""}`, () => {
      const cut = openFont(path.join(fontsDir(), subset.file));
      const original = openFont(sourceFile(subset), subset.weight);
      // (U+FFFF is the end marker of the cmap's last segment, which fontkit lists as a character.)
      expect(new Set(cut.characterSet.filter((c) => c !== 0xffff))).toEqual(new Set(original.characterSet.filter(inLatin)));
      for (const table of ["fpgm", "prep", "cvt "]) expect(cut.directory.tables, table).not.toHaveProperty(table);
      if (subset.weight !== undefined) expect(cut.directory.tables).not.toHaveProperty("fvar");
      // The features kept, where the original has them (tabular figures for prices and counts).
      expect(new Set(cut.availableFeatures)).toEqual(new Set(original.availableFeatures.filter((f) => (KEPT_FEATURES as readonly string[]).includes(f))));
      // Each advance as the variable font's at that weight, rounded to a whole unit (of 1000 or 2048 to the em).
      for (const char of SAMPLE) expect(Math.abs(cut.layout(char).advanceWidth - original.layout(char).advanceWidth), char).toBeLessThanOrEqual(0.5);
      // Smaller than what it replaces: the point of cutting it.
      expect(fs.statSync(path.join(fontsDir(), subset.file)).size).toBeLessThan(fs.statSync(sourceFile(subset)).size * 0.6);
    });
  }
});
