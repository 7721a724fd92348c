/**
 * The drawings of everything but clothes, for art.ts: headwear, bags, socks and bandanas, records and tapes, prints
 * (cap through photo-print).
 */
import { type ArtKind, contrast, CROWN, type Drawing, emblem, GOLD, INK, item, type Palette, PAPER, RED, record, ribs, stitch, text } from "./art-parts.ts";

export const GOODS = {
  cap: (p) => ({
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
  }),
  "dad-cap": (p) => ({
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
  }),
  beanie: (p) => ({
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
  }),
  "bucket-hat": (p) => ({
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
  }),
  tote: (p) => ({
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
  }),
  socks: (p) => {
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
  },
  bandana: (p) => ({
    body: [{ d: "M118 122Q300 110 482 120 490 300 480 482 300 490 120 478 110 300 118 122Z", t: "rotate(-8 300 300)" }],
    details:
      `<defs><pattern id="p" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M9 22Q0 12 9 6 19 2 18 13 17 21 9 22Z" fill="${p.print}"/><circle cx="24" cy="24" r="2.5" fill="${p.print}"/></pattern></defs>` +
      `<g transform="rotate(-8 300 300)"><rect x="142" y="142" width="316" height="316" fill="url(#p)" stroke="none"/>` +
      `<rect x="180" y="180" width="240" height="240" fill="${p.fill}" stroke="${p.print}" stroke-width="5" stroke-opacity="1"/>` +
      `<rect x="194" y="194" width="212" height="212" stroke="${p.print}" stroke-opacity="1" stroke-dasharray="4 6"/></g>`,
    print: `<g transform="rotate(-8 300 300)">${emblem(p, 300, 310, 0.72, false)}</g>`,
  }),
  vinyl: (p) => {
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
  },
  lp: (p) => ({
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
  }),
  cassette: (p) => ({
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
  }),
  "cassette-set": (p) => {
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
  },
  poster: (p) => {
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
  },
  "photo-print": (p) => {
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
  },
} satisfies Partial<Record<ArtKind, (p: Palette) => Drawing>>;
