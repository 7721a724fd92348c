/**
 * The store's own product imagery, drawn as SVG strings: no React, nothing loaded from other hosts,
 * and no text for the browser to lay out (the lettering is set as outlines from the store's display
 * face on the server, core/shared/lettering.ts). Every image is a street-poster style card: a flat
 * background that contrasts with the item, halftone dots, a spray-tag band, and the item
 * itself in the requested colour with shading, seams and an "EH" print.
 */
import { LRUCache } from "lru-cache";
import { CLOTHES } from "./art-clothes.ts";
import { GOODS } from "./art-goods.ts";
import { ART_KINDS, type ArtKind, type Drawing, escapeXml, item, LP_SLEEVE, type Palette, palette, text } from "./art-parts.ts";
import { colorHex } from "./rules.ts";

export { ART_KINDS, type ArtKind };

const KIND_SET: ReadonlySet<string> = new Set<string>(ART_KINDS);

export function isArtKind(s: string): s is ArtKind {
  return KIND_SET.has(s);
}

/** What each kind shows, in the image's title. */
const LABEL: Readonly<Record<ArtKind, string>> = {
  tee: "T-shirt",
  longsleeve: "long-sleeve tee",
  hoodie: "pullover hoodie",
  "zip-hoodie": "zip hoodie",
  crewneck: "crewneck sweatshirt",
  jacket: "coach jacket",
  varsity: "varsity jacket",
  windbreaker: "windbreaker",
  sweatpants: "sweatpants",
  "track-pants": "track pants",
  shorts: "twill shorts",
  "mesh-shorts": "mesh shorts",
  cap: "snapback cap",
  "dad-cap": "dad cap",
  beanie: "cuff beanie",
  "bucket-hat": "bucket hat",
  tote: "tote bag",
  socks: "socks",
  bandana: "bandana",
  vinyl: "vinyl box set",
  lp: "vinyl LP",
  cassette: "cassette tape",
  "cassette-set": "cassette box set",
  poster: "poster",
  "photo-print": "photo print",
};

/** The colour an item is drawn in when no colour is asked for. */
const DEFAULT_COLOR: Readonly<Record<ArtKind, string>> = {
  tee: "black",
  longsleeve: "white",
  hoodie: "black",
  "zip-hoodie": "black",
  crewneck: "maroon",
  jacket: "navy",
  varsity: "maroon",
  windbreaker: "navy",
  sweatpants: "gray",
  "track-pants": "black",
  shorts: "olive",
  "mesh-shorts": "black",
  cap: "black",
  "dad-cap": "navy",
  beanie: "maroon",
  "bucket-hat": "beige",
  tote: "cream",
  socks: "white",
  bandana: "red",
  vinyl: "black",
  lp: "black",
  cassette: "black",
  "cassette-set": "red",
  poster: "orange",
  "photo-print": "black",
};

/** Each kind's drawing in a palette (art-clothes.ts, art-goods.ts); the type makes sure no kind is left without one. */
const DRAWINGS: Readonly<Record<ArtKind, (p: Palette) => Drawing>> = { ...CLOTHES, ...GOODS };

/** Drawings made in this process, by kind and colour name: setting the lettering takes a millisecond or two. */
const drawn = new LRUCache<string, string>({ max: 512 });

/**
 * A complete 600x600 SVG document showing `kind` in `colorName`
 * (null: the item's default colour; unknown names: light grey).
 */
export function garmentSvg(kind: ArtKind, colorName: string | null): string {
  const name = colorName?.trim() || DEFAULT_COLOR[kind];
  const key = `${kind}\n${name}`;
  const kept = drawn.get(key);
  if (kept !== undefined) return kept;
  const svg = draw(kind, name);
  drawn.set(key, svg);
  return svg;
}

function draw(kind: ArtKind, name: string): string {
  const hex = colorHex(name);
  // An LP is the same sleeve in every pressing; only the record takes the colour.
  const p = kind === "lp" ? { ...palette(LP_SLEEVE), variant: hex } : palette(hex);
  const d = DRAWINGS[kind](p);
  const title = `East Harlem ${LABEL[kind]} in ${name}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-labelledby="t">` +
    `<title id="t">${escapeXml(title)}</title>` +
    `<defs><pattern id="h" width="14" height="14" patternUnits="userSpaceOnUse"><circle cx="7" cy="7" r="2.4" fill="${p.pop}"/></pattern>` +
    `<linearGradient id="s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFF" stop-opacity=".24"/><stop offset=".45" stop-color="#FFF" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".34"/></linearGradient></defs>` +
    `<rect width="600" height="600" fill="${p.bg}"/>` +
    `<path d="M0 600V300L300 600ZM600 0V250L350 0Z" fill="url(#h)" opacity=".35"/>` +
    text(300, 470, 400, "none", "EH", 540, ` stroke="${p.ghost}" stroke-width="3" opacity=".12"`) +
    `<g transform="rotate(-7 300 300)"><rect x="-40" y="34" width="330" height="44" fill="${p.pop}"/>` +
    `<path d="M60 78v34M112 78v18M228 78v44" stroke="${p.pop}" stroke-width="7" stroke-linecap="round"/>` +
    text(130, 68, 28, p.popText, "EAST HARLEM", 200) +
    `</g>` +
    text(580, 584, 16, p.ghost, "HIP HOP CULTURE IN EAST HARLEM \u00B7 EST. 2024", undefined, ` opacity=".6"`, "end") +
    (d.under ?? "") +
    item(p, d.body, d.details) +
    d.print +
    `</svg>`
  );
}
