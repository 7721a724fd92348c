/**
 * Draws the label's files in public/ from the marks in app/lib/brand-marks.ts: the favicon (SVG), the
 * app icons and the web app manifest, and the wordmark banner at the top of the store's HTML mails.
 * Run `npm run brand:assets` after changing the marks; app/lib/brand-marks.test.ts checks the files
 * still match the drawing.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { mailBannerSvg, monogramSvg } from "../app/lib/brand-marks.ts";
import { MAIL_BANNER } from "../core/mail/index.ts";

export const BRAND_COLOURS = { ink: "#111111", paper: "#f6f3ee", gold: "#f5b700", red: "#e63329" } as const;
const ICON = { ink: BRAND_COLOURS.gold, accent: BRAND_COLOURS.red, tile: BRAND_COLOURS.ink };

/** Every file written, by path under public/: the SVG text or a function making the PNG. */
export function brandFiles(): Record<string, string | (() => Promise<Buffer>)> {
  const png = (svg: string) => () => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return {
    "favicon.svg": `${monogramSvg(ICON, 64)}\n`,
    // iOS rounds the corners itself: a full square, the mark inside its safe area.
    "apple-touch-icon.png": png(monogramSvg(ICON, 180, 6, true)),
    "icons/icon-192.png": png(monogramSvg(ICON, 192)),
    "icons/icon-512.png": png(monogramSvg(ICON, 512)),
    // Maskable: the platform crops to a circle or a squircle; the mark stays within the middle 80%.
    "icons/icon-maskable-512.png": png(monogramSvg(ICON, 512, 10, true)),
    "brand/mail-wordmark.png": png(mailBannerSvg(BRAND_COLOURS, MAIL_BANNER, 2)),
    "manifest.webmanifest": `${JSON.stringify(
      {
        name: "East Harlem",
        short_name: "East Harlem",
        description: "Hip Hop Culture in East Harlem: streetwear, music and stories from El Barrio.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: BRAND_COLOURS.paper,
        theme_color: BRAND_COLOURS.ink,
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
        ],
      },
      null,
      2,
    )}\n`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const publicDir = path.resolve("public");
  for (const [name, make] of Object.entries(brandFiles())) {
    const file = path.join(publicDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof make === "string" ? make : await make());
    console.log(`wrote public/${name}`);
  }
}
