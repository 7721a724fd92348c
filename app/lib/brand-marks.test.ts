import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { brandFiles } from "../../scripts/brand-assets.ts";
import { MAIL_BANNER } from "../../core/mail/index.ts";
import { monogramSvg, WORDMARK, wordmarkSvg } from "./brand-marks.ts";

const publicDir = path.resolve("public");

describe("the label's marks", () => {
  it("are well-formed SVG documents with a name", async () => {
    for (const svg of [wordmarkSvg({ ink: "#111", accent: "#f5b700" }), monogramSvg({ ink: "#f5b700", accent: "#e63329" })]) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*><title>East Harlem<\/title>/);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect(meta.format).toBe("svg");
    }
    // The wordmark is a wide line: about five times as wide as it is tall.
    expect(WORDMARK.width / WORDMARK.height).toBeGreaterThan(4);
  });

  it("the files in public/ are the ones the drawing makes (npm run brand:assets)", async () => {
    const sizes: Record<string, [number, number]> = {
      "apple-touch-icon.png": [180, 180],
      "icons/icon-192.png": [192, 192],
      "icons/icon-512.png": [512, 512],
      "icons/icon-maskable-512.png": [512, 512],
      "brand/mail-wordmark.png": [MAIL_BANNER.width * 2, MAIL_BANNER.height * 2],
    };
    for (const [name, make] of Object.entries(brandFiles())) {
      const file = path.join(publicDir, name);
      expect(fs.existsSync(file), name).toBe(true);
      if (typeof make === "string") {
        expect(fs.readFileSync(file, "utf8"), name).toBe(make);
        continue;
      }
      const meta = await sharp(file).metadata();
      expect(meta.format, name).toBe("png");
      expect([meta.width, meta.height], name).toEqual(sizes[name]);
    }
  });

  it("the manifest names the icons that exist", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, "manifest.webmanifest"), "utf8")) as { icons: { src: string; purpose: string }[] };
    for (const icon of manifest.icons) expect(fs.existsSync(path.join(publicDir, icon.src)), icon.src).toBe(true);
    expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  });
});
