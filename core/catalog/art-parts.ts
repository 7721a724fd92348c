/**
 * The drawing vocabulary shared by the product images (art.ts, art-clothes.ts, art-goods.ts): the colours and
 * palette, lettering, the crown-and-"EH" emblem, seams, zippers, records, and `item`, which paints a drawing's body.
 */
import { setText } from "../shared/lettering.ts";
import { luminance } from "./rules.ts";

/** The kinds of item the store draws (art.ts picks each one's drawing). */
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

export const INK = "#111111";
export const PAPER = "#F3EBDA";
export const GOLD = "#F6B800";
export const RED = "#E63329";
export const WHITE = "#FFFFFF";
/** The Lexington Avenue express green, for track-pant stripes. */
export const LEX_GREEN = "#00933C";
/** An LP's sleeve, the same for every pressing. */
export const LP_SLEEVE = "#1D2A48";
export const SILVER = "#C9CED4";

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

export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export interface Palette {
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

export function palette(fill: string): Palette {
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
export interface Part {
  d: string;
  t?: string;
  fill?: string;
  inner?: string;
}

export interface Drawing {
  /** Outlined shapes in the item colour (shadowed, shaded). */
  body: Part[];
  /** Drawn before the shadow and body (e.g. the record behind its sleeve). */
  under?: string;
  /** Seams and details; default paint is no fill, seam-coloured stroke. */
  details: string;
  /** The print/graphic, drawn last. */
  print: string;
}

export const CROWN = "M-48 20-40-20-20 4 0-28 20 4 40-20 48 20Z";

/**
 * A line of lettering centred on (x, baseline y), in the display face at `size`, stretched or squeezed to
 * `width` when given: set as outlines (core/shared/lettering.ts), so every device shows the same letters.
 */
export function text(x: number, y: number, size: number, fill: string, content: string, width?: number, extra = "", anchor: "middle" | "end" = "middle"): string {
  return `<path d="${setText("display", content, size, x, y, { anchor, width }).d}" fill="${fill}"${extra}/>`;
}

/** Crown over a big "EH" over "EAST HARLEM", centred on (cx, cy). */
export function emblem(p: Palette, cx: number, cy: number, s: number, shadow = true): string {
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
export function ribs(x0: number, x1: number, step: number, y0: number, y1: number): string {
  let d = "";
  for (let x = x0; x < x1; x += step) d += `M${x} ${y0}V${y1}`;
  return `<path d="${d}"/>`;
}

export const stitch = (d: string) => `<path d="${d}" stroke-dasharray="7 6"/>`;

/** A light or dark contrast for a two-tone item, against the item colour. */
export function twoTone(fill: string): string {
  return luminance(fill) > 0.33 ? "#1E1E1E" : "#F1E8D2";
}

/** A zipper from (x, y0) down to y1 with its pull at yPull. */
export function zipper(x: number, y0: number, y1: number, yPull: number): string {
  return (
    `<path d="M${x} ${y0}V${y1}" stroke="${INK}" stroke-opacity="1" stroke-width="8" stroke-dasharray="3 3" stroke-linecap="butt"/>` +
    `<rect x="${x - 6}" y="${yPull}" width="12" height="30" rx="4" fill="${SILVER}" stroke="${INK}" stroke-opacity="1"/>`
  );
}

/** A record seen from the front, centred on (cx, cy): grooves, a shine and a label. */
export function record(cx: number, cy: number, r: number, color: string, label: string, hole: string): string {
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

/** Hard offset shadow, then each part filled, its inner drawing, shaded and outlined, then the seams and details. */
export function item(p: Palette, body: readonly Part[], details: string, id = "k"): string {
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
