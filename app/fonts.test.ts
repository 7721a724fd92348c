import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fallbackCss, fallbackFaces, fontFile, openFont } from "../scripts/font-fallbacks.ts";
import { ARCHIVO_WEIGHTS, codePoints, CORE_RANGES, FONT_SUBSETS, fontsDir, inLatin, inPart, KEPT_FEATURES, LATIN_RANGES, type LatinPart, PART_RANGES, PARTS, REST_RANGES, sourceFile, unicodeRange } from "../scripts/font-subsets.ts";

const css = fs.readFileSync(new URL("./fonts.css", import.meta.url), "utf8");
/** Each @font-face rule's text. */
const faceRules = css.split("@font-face").slice(1);

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
    const faces = faceRules.filter((f) => f.includes("url("));
    for (const f of faces) expect(f).toContain("font-display: optional");
  });

  it("declares each Archivo weight file for the weights nearest it, so every weight from 100 to 900 has exactly one", () => {
    for (const part of PARTS) {
      const faces = faceRules
        .filter((f) => new RegExp(`archivo-latin-${part}-\\d+\\.woff2`).test(f))
        .map((f) => ({ file: Number(/archivo-latin-[a-z]+-(\d+)/.exec(f)![1]), range: /font-weight: (\d+) (\d+);/.exec(f)!.slice(1).map(Number) as [number, number] }));
      expect(faces.map((f) => f.file)).toEqual([...ARCHIVO_WEIGHTS]);
      for (let weight = 100; weight <= 900; weight += 50) {
        const matching = faces.filter((f) => f.range[0] <= weight && weight <= f.range[1]);
        expect(matching, `${part}, weight ${weight}`).toHaveLength(1);
        // From 400 up, a file as near the asked weight as any (halfway weights may go either way).
        const distance = Math.min(...ARCHIVO_WEIGHTS.map((w) => Math.abs(w - weight)));
        if (weight >= 400) expect(Math.abs(matching[0]!.file - weight), `${part}, weight ${weight}`).toBe(distance);
      }
    }
  });

  it("gives each latin file the unicode-range of its part, the core and the rest together covering latin once", () => {
    const faces = faceRules.filter((f) => f.includes("./fonts/"));
    expect(faces).toHaveLength(FONT_SUBSETS.length);
    for (const face of faces) {
      const part = /-latin-(core|rest)[.-]/.exec(face)![1] as LatinPart;
      expect(/unicode-range: ([^;]+);/.exec(face)![1]).toBe(unicodeRange(PART_RANGES[part]));
    }
    for (const c of codePoints(LATIN_RANGES)) expect(Number(inPart("core", c)) + Number(inPart("rest", c)), c.toString(16)).toBe(1);
    for (const c of codePoints([...CORE_RANGES, ...REST_RANGES])) expect(inLatin(c), c.toString(16)).toBe(true);
  });

  it("keeps in the core files every latin character of the store's own texts: its messages and its sample catalogue and stories", () => {
    const inDir = (dir: string, keep: (name: string) => boolean) =>
      fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter(keep).map((name) => path.join(dir, name));
    const files = [
      ...inDir("texts/messages", (name) => name.endsWith(".json")),
      ...inDir("db/seed", (name) => name.endsWith(".ts") && !name.endsWith(".test.ts")),
    ];
    expect(files.length).toBeGreaterThan(10);
    const outside = new Map<string, string>();
    for (const file of files) {
      for (const char of fs.readFileSync(file, "utf8")) {
        const c = char.codePointAt(0)!;
        if (inLatin(c) && !inPart("core", c)) outside.set(char, file);
      }
    }
    expect(Object.fromEntries(outside)).toEqual({});
    // What the store formats: prices in every display currency, and dates and times in both languages.
    const formatted = [
      ...["USD", "EUR", "GBP", "MXN", "DOP"].map((currency) => new Intl.NumberFormat("en-US", { style: "currency", currency }).format(1234.5)),
      ...["en-US", "es"].flatMap((locale) => [
        new Date(2026, 10, 27, 22, 5).toLocaleString(locale, { dateStyle: "full", timeStyle: "short" }),
        new Date(2026, 0, 3, 9, 0).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" }),
      ]),
    ].join("");
    for (const char of formatted) expect(inPart("core", char.codePointAt(0)!), `U+${char.codePointAt(0)!.toString(16)} in ${formatted}`).toBe(true);
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
  const SAMPLE = "Harlem Classic Tee — $55.00 · Añadir al carrito «Sí» ¿Qué? 116th St. & Lexington Ave. ≈ €50,60 · Crème brûlée, Øresund, œuvre ‰";

  for (const subset of FONT_SUBSETS) {
    it(`${subset.file}: every ${subset.part} latin character of the original, no hinting, the same widths${subset.weight ? ` as the variable font at ${subset.weight}` : ""}`, () => {
      const cut = openFont(path.join(fontsDir(), subset.file));
      const original = openFont(sourceFile(subset), subset.weight);
      // (U+FFFF is the end marker of the cmap's last segment, which fontkit lists as a character.)
      expect(new Set(cut.characterSet.filter((c) => c !== 0xffff))).toEqual(new Set(original.characterSet.filter((c) => inPart(subset.part, c))));
      for (const table of ["fpgm", "prep", "cvt "]) expect(cut.directory.tables, table).not.toHaveProperty(table);
      if (subset.weight !== undefined) expect(cut.directory.tables).not.toHaveProperty("fvar");
      // The features kept, where the original has them: kerning, and in the core the ligatures and the
      // tabular figures of prices and counts; in the rest, the placing of combining accents (the precomposed
      // letters of the core need none). Nothing else.
      const wanted = subset.part === "core" ? ["kern", "liga", "pnum", "tnum"] : ["kern", "mark", "mkmk"];
      for (const feature of wanted.filter((f) => original.availableFeatures.includes(f))) expect(cut.availableFeatures).toContain(feature);
      for (const feature of cut.availableFeatures) expect(KEPT_FEATURES).toContain(feature);
      // Each advance as the variable font's at that weight, rounded to a whole unit (of 1000 or 2048 to the em).
      for (const char of SAMPLE) if (inPart(subset.part, char.codePointAt(0)!)) expect(Math.abs(cut.layout(char).advanceWidth - original.layout(char).advanceWidth), char).toBeLessThanOrEqual(0.5);
      // Smaller than what it replaces: the point of cutting it.
      expect(fs.statSync(path.join(fontsDir(), subset.file)).size).toBeLessThan(fs.statSync(sourceFile(subset)).size * 0.6);
    });
  }
});
