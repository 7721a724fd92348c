/**
 * The store's own product imagery, drawn as SVG strings: no React, nothing loaded from other hosts,
 * and no text for the browser to lay out (the lettering is set as outlines from the store's display
 * face on the server, core/shared/lettering.ts). Every image is a street-poster style card: a flat
 * background that contrasts with the item, halftone dots, a spray-tag band, and the item
 * itself in the requested colour with shading, seams and an "EH" print.
 */
import { LRUCache } from "lru-cache";
import { setText, setTextAlong } from "../shared/lettering.ts";
import { colorHex, luminance } from "./rules.ts";

export const ART_KINDS = [
  "tee",
  "longsleeve",
  "hoodie",
  "zip-hoodie",
  "crewneck",
  "jacket",
  "varsity",
  "windbreaker",
  "sweatpants",
  "track-pants",
  "shorts",
  "mesh-shorts",
  "cap",
  "dad-cap",
  "beanie",
  "bucket-hat",
  "tote",
  "socks",
  "bandana",
  "vinyl",
  "lp",
  "cassette",
  "cassette-set",
  "poster",
  "photo-print",
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

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

const INK = "#111111";
const PAPER = "#F3EBDA";
const GOLD = "#F6B800";
const RED = "#E63329";
const WHITE = "#FFFFFF";

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Escapes text for use in SVG/XML element content or attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

interface Palette {
  /** The item colour. */
  fill: string;
  /** The colour asked for; the same as fill except where the colour is a detail (an LP's pressing). */
  variant: string;
  /** Background, chosen for the larger contrast with the item. */
  bg: string;
  /** Accent for the hard shadow, tag band and halftone; contrasts with the background. */
  pop: string;
  /** Text on the pop band. */
  popText: string;
  /** Print/graphic colour on the item; contrasts with the item. */
  print: string;
  /** Seam stroke colour and opacity. */
  seam: string;
  seamOpacity: string;
  /** Faint outline lettering on the background. */
  ghost: string;
}

function palette(fill: string): Palette {
  const darkBg = contrast(fill, INK) > contrast(fill, PAPER);
  const bg = darkBg ? "#161616" : PAPER;
  const pop = darkBg ? (contrast(fill, GOLD) < 1.6 ? RED : GOLD) : contrast(fill, RED) < 1.6 ? INK : RED;
  const print =
    contrast(fill, GOLD) >= 4.5 ? GOLD : contrast(fill, WHITE) >= contrast(fill, INK) ? WHITE : INK;
  const dark = luminance(fill) < 0.08;
  return {
    fill,
    variant: fill,
    bg,
    pop,
    popText: darkBg ? INK : PAPER,
    print,
    seam: dark ? WHITE : "#000000",
    seamOpacity: dark ? ".3" : ".32",
    ghost: darkBg ? PAPER : INK,
  };
}

/**
 * One filled outline of the item; t is an optional transform, fill overrides the item colour
 * (a varsity jacket's sleeves), inner is drawn inside the outline before its shading (colour blocks).
 */
interface Part {
  d: string;
  t?: string;
  fill?: string;
  inner?: string;
}

interface Drawing {
  /** Outlined shapes in the item colour (shadowed, shaded). */
  body: Part[];
  /** Drawn before the shadow and body (e.g. the record behind its sleeve). */
  under?: string;
  /** Seams and details; default paint is no fill, seam-coloured stroke. */
  details: string;
  /** The print/graphic, drawn last. */
  print: string;
}

const CROWN = "M-48 20-40-20-20 4 0-28 20 4 40-20 48 20Z";

/**
 * A line of lettering centred on (x, baseline y), in the display face at `size`, stretched or squeezed to
 * `width` when given: set as outlines (core/shared/lettering.ts), so every device shows the same letters.
 */
function text(x: number, y: number, size: number, fill: string, content: string, width?: number, extra = "", anchor: "middle" | "end" = "middle"): string {
  return `<path d="${setText("display", content, size, x, y, { anchor, width }).d}" fill="${fill}"${extra}/>`;
}

/** Crown over a big "EH" over "EAST HARLEM", centred on (cx, cy). */
function emblem(p: Palette, cx: number, cy: number, s: number, shadow = true): string {
  const eh = (dx: number, fill: string) => text(dx, 40 + dx, 124, fill, "EH", 150);
  return (
    `<g transform="translate(${cx} ${cy}) scale(${s})" stroke="none">` +
    `<path d="${CROWN}" transform="translate(0 -92)" fill="${p.print}"/>` +
    (shadow ? eh(5, p.pop === p.fill ? p.bg : p.pop) : "") +
    eh(0, p.print) +
    text(0, 80, 28, p.print, "EAST HARLEM", 176) +
    `</g>`
  );
}

/** Vertical rib lines from x0 to x1 (exclusive) every step, between y0 and y1. */
function ribs(x0: number, x1: number, step: number, y0: number, y1: number): string {
  let d = "";
  for (let x = x0; x < x1; x += step) d += `M${x} ${y0}V${y1}`;
  return `<path d="${d}"/>`;
}

const stitch = (d: string) => `<path d="${d}" stroke-dasharray="7 6"/>`;

const COLLAR = "M222 98Q300 162 378 98";
const LONG_BODY =
  "M228 96 150 118Q112 134 100 196L64 448 116 460 156 268 170 236V504H430V236L444 268 484 460 536 448 500 196Q488 134 450 118L372 96Q300 146 228 96Z";
const LONG_SEAMS = "M150 118Q170 170 170 236M450 118Q430 170 430 236M70 418 122 430M530 418 478 430";

const HOODIE_BODY =
  "M232 110 156 128Q114 144 102 206L66 452 118 464 158 276 172 244V504H428V244L442 276 482 464 534 452 498 206Q486 144 444 128L368 110Z";
const HOOD = "M214 150Q194 40 300 32 406 40 386 150 340 180 300 200 260 180 214 150Z";
const HOOD_INSIDE = `<path d="M246 140Q244 70 300 64 356 70 354 140 330 168 300 184 270 168 246 140Z" fill="#000" fill-opacity=".45" stroke="none"/>`;
/** The Lexington Avenue express green, for track-pant stripes. */
const LEX_GREEN = "#00933C";
/** An LP's sleeve, the same for every pressing. */
const LP_SLEEVE = "#1D2A48";
const SILVER = "#C9CED4";

/** A light or dark contrast for a two-tone item, against the item colour. */
function twoTone(fill: string): string {
  return luminance(fill) > 0.33 ? "#1E1E1E" : "#F1E8D2";
}

/** A zipper from (x, y0) down to y1 with its pull at yPull. */
function zipper(x: number, y0: number, y1: number, yPull: number): string {
  return (
    `<path d="M${x} ${y0}V${y1}" stroke="${INK}" stroke-opacity="1" stroke-width="8" stroke-dasharray="3 3" stroke-linecap="butt"/>` +
    `<rect x="${x - 6}" y="${yPull}" width="12" height="30" rx="4" fill="${SILVER}" stroke="${INK}" stroke-opacity="1"/>`
  );
}

/** A record seen from the front, centred on (cx, cy): grooves, a shine and a label. */
function record(cx: number, cy: number, r: number, color: string, label: string, hole: string): string {
  const groove = luminance(color) < 0.2 ? `stroke="#FFF" stroke-opacity=".14"` : `stroke="#000" stroke-opacity=".2"`;
  let g = "";
  for (let k = 0.9; k > 0.45; k -= 0.12) g += `<circle r="${Math.round(r * k)}"/>`;
  return (
    `<g transform="translate(${cx} ${cy})"><circle r="${r}" fill="${color}" stroke="${INK}" stroke-width="5"/>` +
    `<g fill="none" ${groove} stroke-width="2">${g}</g>` +
    `<path d="M${Math.round(r * 0.38)} ${-Math.round(r * 0.8)}A${Math.round(r * 0.88)} ${Math.round(r * 0.88)} 0 0 1 ${Math.round(r * 0.8)} ${-Math.round(r * 0.3)}" fill="none" stroke="#FFF" stroke-opacity=".3" stroke-width="6"/>` +
    `<circle r="${Math.round(r * 0.36)}" fill="${label}"/><circle r="6" fill="${hole}"/></g>`
  );
}

function drawing(kind: ArtKind, p: Palette): Drawing {
  switch (kind) {
    case "tee":
      return {
        body: [{ d: "M228 96 150 118 76 196 128 250 170 214V504H430V214L472 250 524 196 450 118 372 96Q300 146 228 96Z" }],
        details:
          `<path d="${COLLAR}M150 118Q168 160 170 214M450 118Q432 160 430 214"/>` +
          stitch("M88 184 140 237M512 184 460 237M172 488H428"),
        print: emblem(p, 300, 318, 0.9),
      };
    case "longsleeve":
      return {
        body: [{ d: LONG_BODY }],
        details: `<path d="${COLLAR}${LONG_SEAMS}"/>` + stitch("M172 488H428"),
        print:
          emblem(p, 300, 312, 0.8) +
          text(0, 0, 24, p.print, "EAST HARLEM", 150, ` transform="translate(122 344) rotate(-82)"`),
      };
    case "hoodie":
      return {
        body: [{ d: HOODIE_BODY }, { d: HOOD }],
        details:
          HOOD_INSIDE +
          `<path d="${LONG_SEAMS}M174 474H426"/>` +
          stitch("M206 398H394L416 470H184Z") +
          `<path d="M284 186 278 248M316 186 322 248" stroke="${p.print}" stroke-opacity="1" stroke-width="6"/>`,
        print: emblem(p, 300, 334, 0.56),
      };
    case "zip-hoodie":
      return {
        body: [{ d: HOODIE_BODY }, { d: HOOD }],
        details:
          HOOD_INSIDE +
          `<path d="${LONG_SEAMS}M174 474H426"/>` +
          `<path d="M214 392Q204 430 196 470M386 392Q396 430 404 470" stroke-width="5"/>` +
          stitch("M214 392H290M386 392H310") +
          zipper(300, 186, 504, 226) +
          `<path d="M276 182 268 250M324 182 332 250" stroke="${p.print}" stroke-opacity="1" stroke-width="6"/>`,
        print: emblem(p, 372, 296, 0.3, false),
      };
    case "crewneck":
      return {
        body: [{ d: LONG_BODY }],
        details:
          `<path d="M206 102Q300 178 394 102${LONG_SEAMS}M172 470H428"/>` +
          `<g stroke-width="2">${ribs(180, 428, 12, 474, 500)}</g>`,
        print:
          `<path d="${setTextAlong("display", "EAST HARLEM", 36, { from: [176, 312], via: [300, 188], to: [424, 312] })}" fill="${p.print}"/>` +
          text(300, 388, 120, p.print, "EH", 160) +
          text(300, 428, 26, p.print, "EST. 2024", 120),
      };
    case "jacket":
      return {
        body: [
          { d: "M222 104 148 124Q108 140 96 202L60 452 114 466 154 276 168 244V508H432V244L446 276 486 466 540 452 504 202Q492 140 452 124L378 104Q300 130 222 104Z" },
          { d: "M222 100Q262 124 300 130L250 198 206 122Z" },
          { d: "M378 100Q338 124 300 130L350 198 394 122Z" },
        ],
        details:
          `<path d="M300 130V508M148 124Q168 180 168 244M452 124Q432 180 432 244M66 420 120 434M534 420 480 434M170 486H430M198 372 226 446M402 372 374 446"/>` +
          [200, 270, 340, 410, 470].map((y) => `<circle cx="312" cy="${y}" r="7" fill="${p.print}" stroke="none"/>`).join(""),
        print:
          `<rect x="340" y="214" width="72" height="46" rx="4" fill="${p.print}" stroke="none"/>` +
          text(376, 252, 40, p.fill, "EH", 48) +
          text(0, 0, 22, p.print, "EAST HARLEM", 120, ` transform="translate(232 300) rotate(-8)"`),
      };
    case "varsity": {
      const leather = twoTone(p.fill);
      const rib = (y: number) => `<path d="M0 ${y}H600V${y + 6}H0ZM0 ${y + 13}H600V${y + 19}H0Z" fill="${leather}"/>`;
      return {
        body: [
          { d: "M170 124Q116 136 102 200L68 432 124 446 160 262Z", fill: leather },
          { d: "M430 124Q484 136 498 200L532 432 476 446 440 262Z", fill: leather },
          { d: "M220 100Q300 134 380 100L432 122Q446 190 436 262V452H164V262Q154 190 168 122Z" },
          { d: "M164 446H436L432 502H168Z", inner: rib(462) },
          { d: "M68 426 126 440 118 482 60 468Z", inner: `<g transform="rotate(14 93 454)">${rib(446)}</g>` },
          { d: "M532 426 474 440 482 482 540 468Z", inner: `<g transform="rotate(-14 507 454)">${rib(446)}</g>` },
          { d: "M210 92Q300 134 390 92L398 114Q350 148 300 164 250 148 202 114Z", inner: `<path d="M200 106Q300 150 400 106" fill="none" stroke="${leather}" stroke-width="6"/>` },
        ],
        details:
          `<path d="M300 164V446"/>` +
          `<path d="M196 322 214 404M404 322 386 404" stroke="${leather}" stroke-opacity="1" stroke-width="10"/>` +
          [196, 258, 320, 382, 432].map((y) => `<circle cx="300" cy="${y}" r="7" fill="${SILVER}" stroke="${INK}" stroke-opacity="1"/>`).join(""),
        print:
          text(376, 290, 92, GOLD, "EH", 104, ` stroke="${GOLD}" stroke-width="14" stroke-linejoin="round"`) +
          text(376, 290, 92, leather, "EH", 104, ` stroke="${INK}" stroke-width="2"`) +
          text(0, 0, 40, p.fill, "24", 46, ` stroke="${INK}" stroke-width="2" transform="translate(130 300) rotate(8)"`),
      };
    }
    case "windbreaker": {
      const block = twoTone(p.fill);
      const band = contrast(p.fill, GOLD) < 1.8 ? RED : GOLD;
      return {
        body: [
          {
            d: "M226 100 150 120Q110 136 98 198L64 440 118 454 158 270 170 240V488Q300 504 430 488V240L442 270 482 454 536 440 502 198Q490 136 450 120L374 100Q300 122 226 100Z",
            inner:
              `<path d="M0 0H600V206L300 184 0 206Z" fill="${block}"/>` +
              `<path d="M0 206 300 184 600 206V232L300 210 0 232Z" fill="${band}"/>` +
              `<path d="M0 236 300 214 600 236" fill="none" stroke="${SILVER}" stroke-width="5"/>`,
          },
          { d: "M232 104Q300 126 368 104L362 72Q300 90 238 72Z", fill: block },
        ],
        details:
          `<path d="M150 120Q170 170 170 240M450 120Q430 170 430 240M172 470Q300 486 428 470"/>` +
          stitch("M70 418 122 432M530 418 478 432") +
          `<path d="M206 330H394L414 440H186Z"/>` +
          zipper(300, 78, 262, 254) +
          `<g fill="${band}" stroke="${INK}" stroke-opacity="1"><rect x="188" y="486" width="14" height="24" rx="5"/><rect x="398" y="486" width="14" height="24" rx="5"/></g>`,
        print: emblem(p, 372, 292, 0.3, false),
      };
    }
    case "sweatpants":
      return {
        body: [
          { d: "M184 84H416L430 140 454 330 432 478H336L316 290Q300 254 284 290L264 478H168L146 330 170 140Z" },
          { d: "M170 470H262L256 532H178Z", inner: `<g stroke="${p.seam}" stroke-opacity="${p.seamOpacity}" stroke-width="2">${ribs(176, 262, 10, 470, 532)}</g>` },
          { d: "M338 470H430L422 532H344Z", inner: `<g stroke="${p.seam}" stroke-opacity="${p.seamOpacity}" stroke-width="2">${ribs(344, 430, 10, 470, 532)}</g>` },
        ],
        details:
          `<path d="M176 128H424M300 128V258M182 152Q214 170 228 220M418 152Q386 170 372 220"/>` +
          `<g stroke-width="2">${ribs(196, 410, 12, 90, 124)}</g>` +
          `<path d="M176 452q22 12 44 0t44 0M340 452q22 12 44 0t44 0"/>` +
          `<path d="M292 128Q286 170 276 200M308 128Q314 170 324 200" stroke="${p.print}" stroke-opacity="1" stroke-width="5"/>`,
        print:
          text(226, 330, 70, p.print, "EH", 80) +
          text(0, 0, 28, p.print, "EAST HARLEM", 176, ` transform="translate(392 360) rotate(-90)"`),
      };
    case "track-pants": {
      const stripe = contrast(p.fill, LEX_GREEN) < 2 ? WHITE : LEX_GREEN;
      const edge = "M206 84 194 140 178 330 186 540M394 84 406 140 422 330 414 540";
      return {
        body: [
          {
            d: "M192 84H408L420 140 436 330 428 540H328L314 290Q300 252 286 290L272 540H172L164 330 180 140Z",
            inner: `<path d="${edge}" fill="none" stroke="${WHITE}" stroke-width="30"/><path d="${edge}" fill="none" stroke="${stripe}" stroke-width="18"/>`,
          },
        ],
        details:
          `<path d="M184 124H416M300 124V250M210 150Q234 168 242 208M390 150Q366 168 358 208M174 520H270M330 520H426"/>` +
          `<g stroke-width="2">${ribs(200, 404, 12, 90, 120)}</g>` +
          zipper(238, 470, 540, 508) +
          zipper(362, 470, 540, 508) +
          `<path d="M292 124Q286 166 278 194M308 124Q314 166 322 194" stroke="${p.print}" stroke-opacity="1" stroke-width="5"/>`,
        print: text(252, 262, 44, p.print, "EH", 56),
      };
    }
    case "shorts":
      return {
        body: [{ d: "M168 184H432L452 420 328 434 308 300Q300 290 292 300L272 434 148 420Z" }, { d: "M166 148H434V188H166Z" }],
        details:
          `<path d="M186 190Q202 236 236 244M414 190Q398 236 364 244M152 394 274 408M448 394 326 408"/>` +
          stitch("M312 190V258Q312 278 294 286M150 380 274 394M450 380 326 394") +
          [190, 250, 350, 410].map((x) => `<rect x="${x - 6}" y="142" width="12" height="52" rx="3" fill="${p.fill}"/>`).join("") +
          `<circle cx="300" cy="168" r="8" fill="${SILVER}" stroke="${INK}" stroke-opacity="1"/>`,
        print: text(392, 352, 40, p.print, "EH", 54),
      };
    case "mesh-shorts": {
      const mesh = luminance(p.fill) < 0.2 ? `fill="#FFF" fill-opacity=".22"` : `fill="#000" fill-opacity=".2"`;
      return {
        body: [
          {
            d: "M162 164H438L476 468 324 484 310 320Q300 304 290 320L276 484 124 468Z",
            inner:
              `<pattern id="m" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="4.5" cy="4.5" r="2" ${mesh}/></pattern>` +
              `<rect width="600" height="600" fill="url(#m)"/>` +
              `<path d="M162 150 124 470M438 150 476 470" stroke="${p.print}" stroke-width="56"/>`,
          },
          { d: "M162 116H438L442 170H158Z", inner: `<g stroke="${p.seam}" stroke-opacity="${p.seamOpacity}" stroke-width="2">${ribs(168, 440, 10, 116, 170)}</g>` },
        ],
        details:
          `<path d="M300 170V316M190 176 156 462M410 176 444 462"/>` +
          `<path d="M292 170Q286 206 278 230M308 170Q314 206 322 230" stroke="${p.print}" stroke-opacity="1" stroke-width="5"/>` +
          `<path d="M142 468 150 432M458 468 450 432" stroke-width="5"/>`,
        print: emblem(p, 226, 372, 0.36, false) + text(382, 410, 56, p.print, "EH", 70),
      };
    }
    case "cap":
      return {
        body: [
          { d: "M150 340Q146 206 200 176 300 132 400 176 454 206 450 340Z" },
          { d: "M150 330H450L502 382Q300 404 98 382Z" },
        ],
        details:
          `<path d="M300 142V330M300 142Q220 168 200 330M300 142Q380 168 400 330"/>` +
          `<circle cx="300" cy="144" r="12" fill="${p.fill}"/>` +
          `<circle cx="226" cy="200" r="5" fill="#000" fill-opacity=".5"/><circle cx="374" cy="200" r="5" fill="#000" fill-opacity=".5"/>` +
          stitch("M132 362H468M118 374H482") +
          `<circle cx="412" cy="358" r="14" fill="${GOLD}" stroke="${INK}" stroke-opacity="1" stroke-width="2"/><circle cx="412" cy="358" r="7" fill="none" stroke="${INK}" stroke-opacity="1" stroke-width="2"/>`,
        print:
          `<path d="${CROWN}" transform="translate(300 206) scale(.62)" fill="${p.print}"/>` +
          text(305, 305, 100, p.pop === p.fill ? p.bg : p.pop, "EH", 140) +
          text(300, 300, 100, p.print, "EH", 140),
      };
    case "dad-cap":
      return {
        body: [
          { d: "M164 346Q160 236 300 222 440 236 436 346Z" },
          { d: "M124 344Q300 312 476 344 484 396 446 410 300 370 154 410 116 396 124 344Z" },
        ],
        details:
          `<path d="M300 226V326M300 226Q234 244 220 330M300 226Q366 244 380 330M190 300q14-10 26 6M404 296q-12-8-24 4"/>` +
          `<circle cx="300" cy="226" r="10" fill="${p.fill}"/>` +
          stitch("M140 358Q300 330 460 358M144 374Q300 346 456 374") +
          `<path d="M384 314q10-12 20 0t20 0" stroke="${p.print}" stroke-opacity="1" stroke-width="5"/>`,
        print: text(300, 312, 44, p.print, "EH", 62),
      };
    case "beanie":
      return {
        body: [
          { d: "M170 380Q166 160 300 150 434 160 430 380Z" },
          { d: "M156 346H444L448 452H152Z" },
        ],
        details:
          `<clipPath id="c"><path d="M170 380Q166 160 300 150 434 160 430 380Z"/></clipPath>` +
          `<g clip-path="url(#c)" stroke-width="3">${ribs(186, 430, 20, 140, 346)}</g>` +
          `<g stroke-width="3">${ribs(170, 440, 16, 354, 446)}</g>` +
          `<path d="M300 152V176"/>`,
        print:
          `<rect x="246" y="370" width="108" height="56" rx="4" fill="${p.print}" stroke="${p.fill}" stroke-width="3" stroke-dasharray="5 4"/>` +
          text(300, 414, 44, p.fill, "EH", 60),
      };
    case "bucket-hat":
      return {
        body: [
          { d: "M196 306Q200 186 300 180 400 186 404 306Z" },
          { d: "M112 380Q128 300 196 296H404Q472 300 488 380 300 424 112 380Z" },
        ],
        details:
          `<path d="M206 222Q300 200 394 222M198 292H402"/>` +
          stitch("M130 370Q144 318 200 312H400Q456 318 470 370M122 384Q300 420 478 384M212 236Q300 216 388 236"),
        print:
          text(300, 284, 60, p.print, "EH", 80) +
          `<path d="${CROWN}" transform="translate(300 238) scale(.34)" fill="${p.print}"/>`,
      };
    case "tote":
      return {
        body: [
          { d: "M226 250V160Q226 96 300 96 374 96 374 160V250H352V160Q352 118 300 118 248 118 248 160V250Z" },
          { d: "M196 250V176Q196 112 252 112H348Q404 112 404 176V250H380V176Q380 136 348 136H252Q220 136 220 176V250Z" },
          { d: "M150 230H450L462 530H138Z" },
        ],
        details: stitch("M152 256H448M144 508H456"),
        print:
          `<g stroke="none">` +
          text(300, 370, 104, p.print, "EAST", 250) +
          text(300, 452, 80, p.print, "HARLEM", 250) +
          `<rect x="176" y="466" width="248" height="6" fill="${p.print}"/>` +
          text(300, 496, 20, p.print, "HIP HOP CULTURE", 200) +
          `<path d="${CROWN}" transform="translate(300 264) scale(.5)" fill="${p.print}"/></g>`,
      };
    case "socks": {
      const sock = "M200 70H306V360Q306 400 346 420L430 462Q474 486 456 530 440 566 392 552L242 496Q200 478 200 430Z";
      const trim = (tx: number, ty: number) =>
        `<g transform="translate(${tx} ${ty})">` +
        `<g stroke-width="2">${ribs(210, 306, 10, 76, 124)}</g><path d="M200 128H306"/>` +
        `<path d="M200 150H306V162H200ZM200 174H306V186H200Z" fill="${p.print}" stroke="none"/>` +
        `<path d="M200 420Q200 478 242 496L258 456Q234 446 234 414Z" fill="${p.print}" stroke="none"/>` +
        `<path d="M428 461Q474 486 456 530 440 566 392 552L404 520Q436 508 428 461Z" fill="${p.print}" stroke="none"/>` +
        text(253, 300, 60, p.print, "EH", 70, ` stroke="none"`) +
        `</g>`;
      return {
        under: item(p, [{ d: sock, t: "translate(40 -36)" }], trim(40, -36)),
        body: [{ d: sock, t: "translate(-80 22)" }],
        details: trim(-80, 22),
        print: "",
      };
    }
    case "bandana":
      return {
        body: [{ d: "M118 122Q300 110 482 120 490 300 480 482 300 490 120 478 110 300 118 122Z", t: "rotate(-8 300 300)" }],
        details:
          `<defs><pattern id="p" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M9 22Q0 12 9 6 19 2 18 13 17 21 9 22Z" fill="${p.print}"/><circle cx="24" cy="24" r="2.5" fill="${p.print}"/></pattern></defs>` +
          `<g transform="rotate(-8 300 300)"><rect x="142" y="142" width="316" height="316" fill="url(#p)" stroke="none"/>` +
          `<rect x="180" y="180" width="240" height="240" fill="${p.fill}" stroke="${p.print}" stroke-width="5" stroke-opacity="1"/>` +
          `<rect x="194" y="194" width="212" height="212" stroke="${p.print}" stroke-opacity="1" stroke-dasharray="4 6"/></g>`,
        print: `<g transform="rotate(-8 300 300)">${emblem(p, 300, 310, 0.72, false)}</g>`,
      };
    case "vinyl": {
      const sleeve = (x: number, y: number, fill: string, r: number) =>
        `<rect x="${x}" y="${y}" width="300" height="200" fill="${fill}" stroke="${INK}" stroke-width="5" transform="rotate(${r} ${x + 150} ${y + 100})"/>`;
      return {
        under:
          `<path d="M104 262 156 222H522L470 262Z" fill="${INK}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>` +
          sleeve(196, 100, RED, 5) +
          sleeve(170, 118, GOLD, 2) +
          record(300, 176, 118, INK, RED, INK) +
          sleeve(142, 164, PAPER, -3) +
          text(0, 0, 40, INK, "EH", 52, ` transform="translate(232 218) rotate(-3)"`),
        body: [
          { d: "M104 262H470V510H104Z" },
          { d: "M470 262 522 222V470L470 510Z", inner: `<rect width="600" height="600" fill="#000" fill-opacity=".3"/>` },
        ],
        details: `<path d="M104 286H470M104 486H470" stroke-width="2"/>`,
        print:
          `<path d="${CROWN}" transform="translate(287 320) scale(.5)" fill="${p.print}"/>` +
          text(287, 394, 62, p.print, "EAST HARLEM", 320) +
          `<rect x="127" y="408" width="320" height="5" fill="${p.print}"/>` +
          text(287, 446, 30, p.print, "VINYL BOX SET", 230) +
          text(287, 474, 16, p.print, "HIP HOP CULTURE \u2022 EST. 2024", 200),
      };
    }
    case "lp":
      return {
        under: `<circle cx="424" cy="314" r="156" fill="${p.pop}"/>` + record(410, 300, 156, p.variant, contrast(p.variant, GOLD) < 1.6 ? PAPER : GOLD, p.bg),
        body: [{ d: "M88 140H412V464H88Z" }],
        details:
          `<circle cx="250" cy="286" r="104" fill="${p.print}" stroke="none"/>` +
          `<clipPath id="c"><circle cx="250" cy="286" r="104"/></clipPath>` +
          `<path d="M140 292H360V300H140ZM140 314H360V326H140ZM140 340H360V356H140ZM140 370H360V392H140Z" clip-path="url(#c)" fill="${p.fill}" stroke="none"/>` +
          `<path d="M406 146V458"/>`,
        print:
          text(250, 440, 40, p.print, "EAST HARLEM", 280) +
          text(124, 176, 18, p.print, "SIDE A", 60) +
          text(250, 270, 62, p.fill, "EH", 72) +
          `<circle cx="370" cy="180" r="24" fill="${RED}"/>` +
          text(370, 188, 22, PAPER, "LP", 26),
      };
    case "cassette":
      return {
        body: [{ d: "M110 170H490Q506 170 506 186V430Q506 446 490 446H110Q94 446 94 430V186Q94 170 110 170Z" }],
        details:
          `<rect x="126" y="194" width="348" height="168" rx="8" fill="${p.print}" stroke="none"/>` +
          `<rect x="196" y="262" width="208" height="72" rx="34" fill="#1A1A1A" stroke="${INK}" stroke-opacity="1"/>` +
          `<circle cx="246" cy="298" r="30" fill="#5A3A22"/><circle cx="354" cy="298" r="22" fill="#5A3A22"/>` +
          `<g fill="#EEE" stroke="${INK}" stroke-opacity="1" stroke-width="6" stroke-dasharray="4 5"><circle cx="246" cy="298" r="13"/><circle cx="354" cy="298" r="13"/></g>` +
          `<path d="M170 446 194 384H406L430 446Z" fill="#000" fill-opacity=".25"/>` +
          `<g fill="${INK}" stroke="none"><circle cx="226" cy="424" r="9"/><circle cx="374" cy="424" r="9"/><rect x="284" y="412" width="32" height="22" rx="3"/></g>` +
          [
            [112, 188],
            [488, 188],
            [112, 428],
            [488, 428],
          ]
            .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#999" stroke="${INK}" stroke-opacity="1"/>`)
            .join(""),
        print:
          `<rect x="126" y="206" width="348" height="40" fill="${p.fill}"/>` +
          text(300, 238, 32, p.print, "EAST HARLEM", 300) +
          text(160, 300, 40, p.fill, "A", 24) +
          text(440, 300, 22, p.fill, "90", 30) +
          text(300, 354, 16, p.fill, "HIP HOP CULTURE  \u2022  EST. 2024", 240),
      };
    case "cassette-set": {
      const tape = (x: number, y: number, r: number, label: string, vol: string) =>
        `<g transform="translate(${x} ${y}) rotate(${r})"><rect x="12" y="12" width="236" height="150" rx="10" fill="${p.pop}"/>` +
        `<rect width="236" height="150" rx="10" fill="#222" stroke="${INK}" stroke-width="5"/>` +
        `<rect x="14" y="14" width="208" height="86" rx="5" fill="${label}"/>` +
        text(118, 44, 26, INK, vol, 84) +
        `<rect x="56" y="52" width="124" height="38" rx="19" fill="#1A1A1A"/>` +
        `<g fill="#EEE" stroke="${INK}" stroke-width="5" stroke-dasharray="3 4"><circle cx="84" cy="71" r="10"/><circle cx="152" cy="71" r="10"/></g>` +
        `<path d="M56 150 70 116H166L180 150Z" fill="#444"/>` +
        `<g fill="#999" stroke="${INK}"><circle cx="14" cy="14" r="4"/><circle cx="222" cy="14" r="4"/><circle cx="14" cy="136" r="4"/><circle cx="222" cy="136" r="4"/></g></g>`;
      return {
        under: `<path d="M360 120 372 50 462 62 450 132Z" fill="${PAPER}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>` + text(0, 0, 22, INK, "ZINE", 56, ` transform="translate(414 96) rotate(8)"`),
        body: [{ d: "M110 104H490V384H110Z" }],
        details: `<path d="M110 126H490M110 362H490" stroke-width="2"/>`,
        print:
          `<path d="${CROWN}" transform="translate(300 160) scale(.46)" fill="${p.print}"/>` +
          text(300, 232, 70, p.print, "EAST HARLEM", 330) +
          text(300, 300, 72, p.print, "TAPES", 200) +
          text(300, 334, 22, p.print, "THE COMPLETE SET", 220) +
          tape(92, 362, -8, GOLD, "VOL. 1") +
          tape(296, 350, 6, RED, "VOL. 2"),
      };
    }
    case "poster": {
      let rays = "";
      for (let i = 0; i < 16; i += 2) {
        const a0 = (i * Math.PI) / 8;
        const a1 = ((i + 1) * Math.PI) / 8;
        const pt = (a: number) => `${Math.round(300 + 420 * Math.cos(a))} ${Math.round(250 + 420 * Math.sin(a))}`;
        rays += `M300 250L${pt(a0)}L${pt(a1)}Z`;
      }
      return {
        body: [{ d: "M130 70H470V530H130Z", t: "rotate(-4 300 300)" }],
        details:
          `<g transform="rotate(-4 300 300)"><clipPath id="c"><path d="M130 70H470V530H130Z"/></clipPath>` +
          `<path d="${rays}" clip-path="url(#c)" fill="${p.print}" fill-opacity=".28" stroke="none"/>` +
          `<path d="M130 92H470M130 508H470"/><path d="M470 470V530H410Z" fill="${p.bg}" stroke="none"/>` +
          `<path d="M470 470 410 530 420 478Z" fill="#000" fill-opacity=".3" stroke="none"/></g>`,
        print:
          `<g transform="rotate(-4 300 300)">` +
          text(306, 336, 120, p.pop === p.fill ? p.bg : p.pop, "EAST", 280) +
          text(300, 330, 120, p.print, "EAST", 280) +
          text(300, 414, 86, p.print, "HARLEM", 280) +
          `<rect x="160" y="432" width="280" height="8" fill="${p.print}"/>` +
          text(300, 470, 28, p.print, "HIP HOP CULTURE", 230) +
          text(300, 498, 20, p.print, "EST. 2024", 100) +
          `<path d="${CROWN}" transform="translate(300 170) scale(.8)" fill="${p.print}"/></g>` +
          `<g fill="${PAPER}" fill-opacity=".75"><rect x="110" y="50" width="80" height="26" transform="rotate(-38 150 63)"/><rect x="400" y="50" width="80" height="26" transform="rotate(30 440 63)"/></g>`,
      };
    }
    case "photo-print": {
      const arches = [150, 250, 350].map((x) => `M${x + 14} 430V292Q${x + 50} 234 ${x + 86} 292V430`).join("");
      const people = [
        [184, 372],
        [214, 360],
        [246, 366],
        [334, 362],
        [366, 358],
        [398, 370],
        [426, 378],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y! - 30}" r="10"/><path d="M${x! - 14} ${y! + 30}V${y! - 6}Q${x} ${y! - 22} ${x! + 14} ${y! - 6}V${y! + 30}Z"/>`)
        .join("");
      return {
        body: [
          {
            d: "M118 76H482V524H118Z",
            t: "rotate(3 300 300)",
            fill: "#FBF8F1",
            inner:
              `<rect x="146" y="104" width="308" height="330" fill="${p.fill}"/>` +
              `<g fill="#FFF"><rect x="146" y="104" width="308" height="330" fill-opacity=".12"/>` +
              `<circle cx="300" cy="330" r="120" fill-opacity=".16"/><ellipse cx="300" cy="414" rx="150" ry="26" fill-opacity=".3"/>` +
              `<path d="M146 156H454V168H146ZM146 196H454V214H146Z" fill-opacity=".5"/>` +
              `<path d="M160 156V116H310V156ZM320 156V116H454V156Z" fill-opacity=".3"/></g>` +
              `<path d="M146 168 166 196 186 168 206 196 226 168 246 196 266 168 286 196 306 168 326 196 346 168 366 196 386 168 406 196 426 168 446 196" fill="none" stroke="#FFF" stroke-opacity=".5" stroke-width="3"/>` +
              `<path d="${arches}" fill="none" stroke="#FFF" stroke-opacity=".45" stroke-width="10"/>` +
              `<g fill="#FFF" fill-opacity=".9">${[172, 204, 236, 268, 340, 372, 404].map((x) => `<rect x="${x}" y="128" width="18" height="14"/>`).join("")}</g>` +
              `<g fill="#000" fill-opacity=".85">${people}</g>` +
              `<path d="M286 408 300 376 314 408M300 376V352M284 352 316 344" fill="none" stroke="#000" stroke-opacity=".85" stroke-width="9" stroke-linecap="round"/>` +
              `<circle cx="300" cy="340" r="9" fill="#000" fill-opacity=".85"/>` +
              text(300, 478, 30, INK, "EAST HARLEM", 230) +
              text(300, 504, 14, INK, "SHOT ON FILM \u2022 EST. 2024", 260),
          },
        ],
        details: "",
        print: `<g fill="${PAPER}" fill-opacity=".75"><rect x="110" y="58" width="80" height="26" transform="rotate(-34 150 71)"/><rect x="410" y="58" width="80" height="26" transform="rotate(36 450 71)"/></g>`,
      };
    }
  }
}

/** Hard offset shadow, then each part filled, its inner drawing, shaded and outlined, then the seams and details. */
function item(p: Palette, body: readonly Part[], details: string, id = "k"): string {
  const tf = (part: Part) => (part.t ? ` transform="${part.t}"` : "");
  const path = (part: Part, attrs: string) => `<path d="${part.d}"${tf(part)}${attrs}/>`;
  const inner = (part: Part, i: number) =>
    part.inner
      ? `<clipPath id="${id}${i}"><path d="${part.d}"/></clipPath><g${tf(part)} clip-path="url(#${id}${i})" stroke="none">${part.inner}</g>`
      : "";
  return (
    `<g transform="translate(14 14)" fill="${p.pop}">${body.map((part) => path(part, "")).join("")}</g>` +
    `<g stroke="${INK}" stroke-width="5" stroke-linejoin="round">` +
    body
      .map((part, i) => path(part, ` fill="${part.fill ?? p.fill}" stroke="none"`) + inner(part, i) + path(part, ` fill="url(#s)"`))
      .join("") +
    `</g>` +
    `<g fill="none" stroke="${p.seam}" stroke-opacity="${p.seamOpacity}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${details}</g>`
  );
}

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
  const d = drawing(kind, p);
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
