import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ANTON_LATIN, ARCHIVO_LATIN, fallbackCss, fallbackFaces, fontFile } from "../scripts/font-fallbacks.ts";

const css = fs.readFileSync(new URL("./fonts.css", import.meta.url), "utf8");

describe("the store's fonts", () => {
  it("holds the fallback faces computed from the font files it serves", () => {
    for (const face of fallbackFaces()) expect(css).toContain(fallbackCss(face));
  });

  it("serves woff2 files of the latin and latin-ext subsets only, swapped in when they arrive", () => {
    const sources = [...css.matchAll(/url\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(sources.length).toBe(4);
    for (const src of sources) {
      expect(src).toMatch(/-latin(-ext)?-[a-z0-9]+-normal\.woff2$/);
      expect(fs.existsSync(fontFile(src))).toBe(true);
    }
    expect(sources).toContain(ANTON_LATIN);
    expect(sources).toContain(ARCHIVO_LATIN);
    const faces = css.split("@font-face").slice(1).filter((f) => f.includes("url("));
    for (const f of faces) expect(f).toContain("font-display: optional");
  });

  it("stands Arial in for Anton at a width that makes the same lines (Anton's capitals are narrow)", () => {
    const [anton, archivoRegular, archivoBold] = fallbackFaces();
    expect(anton!.sizeAdjust).toBeGreaterThan(60);
    expect(anton!.sizeAdjust).toBeLessThan(80);
    expect(archivoRegular!.sizeAdjust).toBeGreaterThan(90);
    expect(archivoBold!.local[0]).toBe("Arial Bold");
  });
});
