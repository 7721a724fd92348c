/**
 * The drawings of clothes, tops to shorts (tee through mesh-shorts), for art.ts: each kind's outline, seams and print.
 */
import { setTextAlong } from "../shared/lettering.ts";
import { type ArtKind, contrast, type Drawing, emblem, GOLD, INK, LEX_GREEN, type Palette, RED, ribs, SILVER, stitch, text, twoTone, WHITE, zipper } from "./art-parts.ts";
import { luminance } from "./rules.ts";

const COLLAR = "M222 98Q300 162 378 98";
const LONG_BODY =
  "M228 96 150 118Q112 134 100 196L64 448 116 460 156 268 170 236V504H430V236L444 268 484 460 536 448 500 196Q488 134 450 118L372 96Q300 146 228 96Z";
const LONG_SEAMS = "M150 118Q170 170 170 236M450 118Q430 170 430 236M70 418 122 430M530 418 478 430";

const HOODIE_BODY =
  "M232 110 156 128Q114 144 102 206L66 452 118 464 158 276 172 244V504H428V244L442 276 482 464 534 452 498 206Q486 144 444 128L368 110Z";
const HOOD = "M214 150Q194 40 300 32 406 40 386 150 340 180 300 200 260 180 214 150Z";
const HOOD_INSIDE = `<path d="M246 140Q244 70 300 64 356 70 354 140 330 168 300 184 270 168 246 140Z" fill="#000" fill-opacity=".45" stroke="none"/>`;

export const CLOTHES = {
  tee: (p) => ({
    body: [{ d: "M228 96 150 118 76 196 128 250 170 214V504H430V214L472 250 524 196 450 118 372 96Q300 146 228 96Z" }],
    details:
      `<path d="${COLLAR}M150 118Q168 160 170 214M450 118Q432 160 430 214"/>` +
      stitch("M88 184 140 237M512 184 460 237M172 488H428"),
    print: emblem(p, 300, 318, 0.9),
  }),
  longsleeve: (p) => ({
    body: [{ d: LONG_BODY }],
    details: `<path d="${COLLAR}${LONG_SEAMS}"/>` + stitch("M172 488H428"),
    print:
      emblem(p, 300, 312, 0.8) +
      text(0, 0, 24, p.print, "EAST HARLEM", 150, ` transform="translate(122 344) rotate(-82)"`),
  }),
  hoodie: (p) => ({
    body: [{ d: HOODIE_BODY }, { d: HOOD }],
    details:
      HOOD_INSIDE +
      `<path d="${LONG_SEAMS}M174 474H426"/>` +
      stitch("M206 398H394L416 470H184Z") +
      `<path d="M284 186 278 248M316 186 322 248" stroke="${p.print}" stroke-opacity="1" stroke-width="6"/>`,
    print: emblem(p, 300, 334, 0.56),
  }),
  "zip-hoodie": (p) => ({
    body: [{ d: HOODIE_BODY }, { d: HOOD }],
    details:
      HOOD_INSIDE +
      `<path d="${LONG_SEAMS}M174 474H426"/>` +
      `<path d="M214 392Q204 430 196 470M386 392Q396 430 404 470" stroke-width="5"/>` +
      stitch("M214 392H290M386 392H310") +
      zipper(300, 186, 504, 226) +
      `<path d="M276 182 268 250M324 182 332 250" stroke="${p.print}" stroke-opacity="1" stroke-width="6"/>`,
    print: emblem(p, 372, 296, 0.3, false),
  }),
  crewneck: (p) => ({
    body: [{ d: LONG_BODY }],
    details:
      `<path d="M206 102Q300 178 394 102${LONG_SEAMS}M172 470H428"/>` +
      `<g stroke-width="2">${ribs(180, 428, 12, 474, 500)}</g>`,
    print:
      `<path d="${setTextAlong("display", "EAST HARLEM", 36, { from: [176, 312], via: [300, 188], to: [424, 312] })}" fill="${p.print}"/>` +
      text(300, 388, 120, p.print, "EH", 160) +
      text(300, 428, 26, p.print, "EST. 2024", 120),
  }),
  jacket: (p) => ({
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
  }),
  varsity: (p) => {
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
  },
  windbreaker: (p) => {
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
  },
  sweatpants: (p) => ({
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
  }),
  "track-pants": (p) => {
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
  },
  shorts: (p) => ({
    body: [{ d: "M168 184H432L452 420 328 434 308 300Q300 290 292 300L272 434 148 420Z" }, { d: "M166 148H434V188H166Z" }],
    details:
      `<path d="M186 190Q202 236 236 244M414 190Q398 236 364 244M152 394 274 408M448 394 326 408"/>` +
      stitch("M312 190V258Q312 278 294 286M150 380 274 394M450 380 326 394") +
      [190, 250, 350, 410].map((x) => `<rect x="${x - 6}" y="142" width="12" height="52" rx="3" fill="${p.fill}"/>`).join("") +
      `<circle cx="300" cy="168" r="8" fill="${SILVER}" stroke="${INK}" stroke-opacity="1"/>`,
    print: text(392, 352, 40, p.print, "EH", 54),
  }),
  "mesh-shorts": (p) => {
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
  },
} satisfies Partial<Record<ArtKind, (p: Palette) => Drawing>>;
