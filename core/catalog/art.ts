/**
 * The store's own product imagery, drawn as SVG strings. Pure: no React, no Node APIs,
 * nothing loaded from other hosts. Every image is a street-poster style card: a flat
 * background that contrasts with the item, halftone dots, a spray-tag band, and the item
 * itself in the requested colour with shading, seams and an "EH" print.
 */
import { colorHex, luminance } from "./rules.ts";

export const ART_KINDS = [
  "tee",
  "longsleeve",
  "hoodie",
  "crewneck",
  "jacket",
  "sweatpants",
  "shorts",
  "cap",
  "beanie",
  "bucket-hat",
  "tote",
  "socks",
  "bandana",
  "vinyl",
  "cassette",
  "poster",
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

const KIND_SET: ReadonlySet<string> = new Set<string>(ART_KINDS);

export function isArtKind(s: string): s is ArtKind {
  return KIND_SET.has(s);
}

const LABEL: Readonly<Record<ArtKind, string>> = {
  tee: "T-shirt",
  longsleeve: "long-sleeve tee",
  hoodie: "hoodie",
  crewneck: "crewneck sweatshirt",
  jacket: "coach jacket",
  sweatpants: "sweatpants",
  shorts: "shorts",
  cap: "cap",
  beanie: "beanie",
  "bucket-hat": "bucket hat",
  tote: "tote bag",
  socks: "socks",
  bandana: "bandana",
  vinyl: "vinyl record",
  cassette: "cassette tape",
  poster: "poster",
};

/** The colour an item is drawn in when no colour is asked for. */
const DEFAULT_COLOR: Readonly<Record<ArtKind, string>> = {
  tee: "black",
  longsleeve: "white",
  hoodie: "black",
  crewneck: "maroon",
  jacket: "navy",
  sweatpants: "gray",
  shorts: "black",
  cap: "black",
  beanie: "maroon",
  "bucket-hat": "beige",
  tote: "cream",
  socks: "white",
  bandana: "red",
  vinyl: "black",
  cassette: "black",
  poster: "orange",
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
    bg,
    pop,
    popText: darkBg ? INK : PAPER,
    print,
    seam: dark ? WHITE : "#000000",
    seamOpacity: dark ? ".3" : ".32",
    ghost: darkBg ? PAPER : INK,
  };
}

/** One filled outline of the item; t is an optional transform. */
interface Part {
  d: string;
  t?: string;
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

function text(x: number, y: number, size: number, fill: string, content: string, width?: number, extra = ""): string {
  const fit = width ? ` textLength="${width}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${fit}${extra}>${escapeXml(content)}</text>`;
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
        body: [
          { d: "M232 110 156 128Q114 144 102 206L66 452 118 464 158 276 172 244V504H428V244L442 276 482 464 534 452 498 206Q486 144 444 128L368 110Z" },
          { d: "M214 150Q194 40 300 32 406 40 386 150 340 180 300 200 260 180 214 150Z" },
        ],
        details:
          `<path d="M246 140Q244 70 300 64 356 70 354 140 330 168 300 184 270 168 246 140Z" fill="#000" fill-opacity=".45" stroke="none"/>` +
          `<path d="${LONG_SEAMS}M174 474H426"/>` +
          stitch("M206 398H394L416 470H184Z") +
          `<path d="M284 186 278 248M316 186 322 248" stroke="${p.print}" stroke-opacity="1" stroke-width="6"/>`,
        print: emblem(p, 300, 334, 0.56),
      };
    case "crewneck":
      return {
        body: [{ d: LONG_BODY }],
        details:
          `<path d="M206 102Q300 178 394 102${LONG_SEAMS}M172 470H428"/>` +
          `<g stroke-width="2">${ribs(180, 428, 12, 474, 500)}</g>`,
        print:
          `<path id="a" d="M176 312Q300 188 424 312" fill="none" stroke="none"/>` +
          `<text font-size="36" fill="${p.print}"><textPath href="#a" startOffset="50%">EAST HARLEM</textPath></text>` +
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
    case "sweatpants":
      return {
        body: [{ d: "M186 84H414L424 140 456 500 452 548H332L318 290Q300 250 282 290L268 548H148L144 500 176 140Z" }],
        details:
          `<path d="M180 128H420M300 128V258M182 152Q214 170 228 220M418 152Q386 170 372 220M146 510 268 512M332 512 454 510"/>` +
          `<g stroke-width="2">${ribs(196, 410, 12, 90, 124)}</g>` +
          `<path d="M184 148 152 502M416 148 448 502" stroke="${p.print}" stroke-opacity="1" stroke-width="9"/>` +
          `<path d="M292 128Q286 170 276 200M308 128Q314 170 324 200" stroke="${p.print}" stroke-opacity="1" stroke-width="5"/>`,
        print:
          text(226, 350, 70, p.print, "EH", 80) +
          text(0, 0, 30, p.print, "EAST HARLEM", 190, ` transform="translate(396 380) rotate(-90)"`),
      };
    case "shorts":
      return {
        body: [{ d: "M176 150H424L436 196 468 420 328 440 312 340Q300 318 288 340L272 440 132 420 164 196Z" }],
        details:
          `<path d="M168 194H432M300 194V326M170 216Q206 228 220 268M430 216Q394 228 380 268"/>` +
          `<g stroke-width="2">${ribs(184, 420, 12, 156, 190)}</g>` +
          stitch("M137 402 274 422M463 402 326 422") +
          `<path d="M292 194Q286 230 278 250M308 194Q314 230 322 250" stroke="${p.print}" stroke-opacity="1" stroke-width="5"/>`,
        print: emblem(p, 220, 350, 0.42, false) + text(384, 380, 40, p.print, "2024", 70),
      };
    case "cap":
      return {
        body: [
          { d: "M148 340Q146 170 300 156 454 170 452 340Z" },
          { d: "M118 344Q300 300 482 344 492 392 300 420 108 392 118 344Z" },
        ],
        details:
          `<path d="M300 160V318M300 160Q222 190 200 330M300 160Q378 190 400 330"/>` +
          `<circle cx="300" cy="158" r="12" fill="${p.fill}"/>` +
          `<circle cx="228" cy="212" r="5" fill="#000" fill-opacity=".5"/><circle cx="372" cy="212" r="5" fill="#000" fill-opacity=".5"/>` +
          stitch("M132 356Q300 318 468 356M146 372Q300 334 454 372"),
        print:
          `<path d="${CROWN}" transform="translate(300 214) scale(.6)" fill="${p.print}"/>` +
          text(305, 307, 96, p.pop === p.fill ? p.bg : p.pop, "EH", 130) +
          text(300, 302, 96, p.print, "EH", 130),
      };
    case "beanie":
      return {
        body: [
          { d: "M244 150a56 56 0 1 0 112 0a56 56 0 1 0-112 0Z" },
          { d: "M170 380Q168 180 300 170 432 180 430 380Z" },
          { d: "M156 346H444L448 452H152Z" },
        ],
        details:
          `<clipPath id="c"><path d="M170 380Q168 180 300 170 432 180 430 380Z"/></clipPath>` +
          `<g clip-path="url(#c)" stroke-width="3">${ribs(186, 430, 20, 160, 346)}</g>` +
          `<g stroke-width="3">${ribs(170, 440, 16, 354, 446)}</g>` +
          `<path d="M270 120l10 10M320 118l-8 12M296 104v12M262 160l12-4M336 164l-12-6M300 188v-12"/>`,
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
    case "vinyl":
      return {
        under:
          `<g transform="translate(420 300)"><circle r="160" fill="${INK}" stroke="#555" stroke-width="3"/>` +
          `<circle r="140" fill="none" stroke="#333" stroke-width="2"/><circle r="122" fill="none" stroke="#2C2C2C" stroke-width="2"/>` +
          `<circle r="104" fill="none" stroke="#333" stroke-width="2"/><circle r="86" fill="none" stroke="#2C2C2C" stroke-width="2"/>` +
          `<path d="M60-120A134 134 0 0 1 128-40" fill="none" stroke="#FFF" stroke-opacity=".25" stroke-width="6"/>` +
          `<circle r="56" fill="${p.print}"/><circle r="6" fill="${p.bg}"/></g>`,
        body: [{ d: "M100 140H420V460H100Z" }],
        details:
          `<path d="M414 146V454"/>` +
          `<circle cx="260" cy="286" r="100" fill="${p.print}" stroke="none"/>` +
          `<clipPath id="c"><circle cx="260" cy="286" r="100"/></clipPath>` +
          `<path d="M160 292H360V300H160ZM160 314H360V326H160ZM160 340H360V356H160ZM160 370H360V392H160Z" clip-path="url(#c)" fill="${p.fill}" stroke="none"/>`,
        print:
          text(260, 440, 40, p.print, "EAST HARLEM", 280) +
          text(136, 178, 18, p.print, "SIDE A", 60) +
          text(260, 270, 60, p.fill, "EH", 70),
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
  }
}

/** Hard offset shadow, then each part filled, outlined and shaded, then the seams and details. */
function item(p: Palette, body: readonly Part[], details: string): string {
  const path = (part: Part, attrs: string) =>
    `<path d="${part.d}"${part.t ? ` transform="${part.t}"` : ""}${attrs}/>`;
  return (
    `<g transform="translate(14 14)" fill="${p.pop}">${body.map((part) => path(part, "")).join("")}</g>` +
    `<g stroke="${INK}" stroke-width="5" stroke-linejoin="round">` +
    body.map((part) => path(part, ` fill="${p.fill}"`) + path(part, ` fill="url(#s)" stroke="none"`)).join("") +
    `</g>` +
    `<g fill="none" stroke="${p.seam}" stroke-opacity="${p.seamOpacity}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${details}</g>`
  );
}

/**
 * A complete 600x600 SVG document showing `kind` in `colorName`
 * (null: the item's default colour; unknown names: light grey).
 */
export function garmentSvg(kind: ArtKind, colorName: string | null): string {
  const name = colorName?.trim() || DEFAULT_COLOR[kind];
  const p = palette(colorHex(name));
  const d = drawing(kind, p);
  const title = `East Harlem ${LABEL[kind]} in ${name}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-labelledby="t" font-family="Impact, 'Arial Black', sans-serif" text-anchor="middle">` +
    `<title id="t">${escapeXml(title)}</title>` +
    `<defs><pattern id="h" width="14" height="14" patternUnits="userSpaceOnUse"><circle cx="7" cy="7" r="2.4" fill="${p.pop}"/></pattern>` +
    `<linearGradient id="s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFF" stop-opacity=".24"/><stop offset=".45" stop-color="#FFF" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".34"/></linearGradient></defs>` +
    `<rect width="600" height="600" fill="${p.bg}"/>` +
    `<path d="M0 600V300L300 600ZM600 0V250L350 0Z" fill="url(#h)" opacity=".35"/>` +
    `<text x="300" y="470" font-size="400" fill="none" stroke="${p.ghost}" stroke-width="3" opacity=".12" textLength="540" lengthAdjust="spacingAndGlyphs">EH</text>` +
    `<g transform="rotate(-7 300 300)"><rect x="-40" y="34" width="330" height="44" fill="${p.pop}"/>` +
    `<path d="M60 78v34M112 78v18M228 78v44" stroke="${p.pop}" stroke-width="7" stroke-linecap="round"/>` +
    `<text x="130" y="68" font-size="28" fill="${p.popText}" textLength="200" lengthAdjust="spacingAndGlyphs">EAST HARLEM</text></g>` +
    `<text x="580" y="584" font-size="16" fill="${p.ghost}" opacity=".6" text-anchor="end">HIP HOP CULTURE IN EAST HARLEM \u00B7 EST. 2024</text>` +
    (d.under ?? "") +
    item(p, d.body, d.details) +
    d.print +
    `</svg>`
  );
}
