import { describe, it, expect } from "vitest";
import { ART_KINDS, garmentSvg, isArtKind } from "./art.ts";
import { setText } from "../shared/lettering.ts";
import { colorHex, luminance } from "./rules.ts";

/**
 * A small well-formedness check: every tag is closed in order, attribute values are quoted,
 * and every "&" starts an entity. Enough to catch broken markup from string building.
 */
function checkXml(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  let roots = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const between = xml.slice(last, m.index);
    if (between.includes("<") || between.includes(">")) problems.push(`stray markup near ${m.index}: ${between.slice(0, 40)}`);
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(between)) problems.push(`bare & near ${m.index}`);
    const [, close, name = "", , selfClose] = m;
    if (close) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? "nothing"}>`);
    } else {
      if (stack.length === 0) roots++;
      if (!selfClose) stack.push(name);
    }
    last = tag.lastIndex;
  }
  if (last !== xml.length) problems.push(`trailing or unparsed text: ${xml.slice(last, last + 40)}`);
  if (stack.length) problems.push(`unclosed: ${stack.join(",")}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

const COLORS = ["black", "white", "navy", "gray", "grey", "red", "blue", "green", "yellow", "orange", "purple", "pink", "brown", "beige", "cream", "maroon", "olive", "teal", "silver"];

describe("garmentSvg", () => {
  for (const kind of ART_KINDS) {
    it(`renders a well-formed ${kind} in every named colour and by default`, () => {
      for (const color of [...COLORS, null]) {
        const svg = garmentSvg(kind, color);
        expect(checkXml(svg), `${kind}/${color}`).toEqual([]);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600"')).toBe(true);
        expect(svg.endsWith("</svg>")).toBe(true);
        expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
        if (color) {
          expect(svg).toContain(`fill="${colorHex(color)}"`);
          expect(svg).toContain(color);
        }
        // Nothing loads from another host; the only URL is the SVG namespace.
        expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:|<image|@import/i);
        // Small on the wire: lettering and all, a few kilobytes before compression.
        expect(svg.length).toBeLessThan(14 * 1024);
      }
    });
  }

  it("letters the brand's words in the display face, as outlines every device draws alike", () => {
    for (const kind of ART_KINDS) {
      const svg = garmentSvg(kind, "black");
      // No text left for the browser to lay out, and no font to look for.
      expect(svg, kind).not.toMatch(/<text|<textPath|font-family/);
    }
    const tee = garmentSvg("tee", "black");
    // The emblem's "EAST HARLEM" and "EH", and the band's line, each as the display face sets them.
    expect(tee).toContain(`d="${setText("display", "EAST HARLEM", 28, 0, 80, { anchor: "middle", width: 176 }).d}"`);
    expect(tee).toContain(`d="${setText("display", "EH", 124, 0, 40, { anchor: "middle", width: 150 }).d}"`);
    expect(tee).toContain(`d="${setText("display", "EAST HARLEM", 28, 130, 68, { anchor: "middle", width: 200 }).d}"`);
  });

  it("draws unknown colour names in light grey and names them in the title", () => {
    const svg = garmentSvg("hoodie", "Harlem Gold");
    expect(svg).toContain('fill="#D3D3D3"');
    expect(svg).toContain("<title");
    expect(svg).toMatch(/<title[^>]*>[^<]*Harlem Gold[^<]*<\/title>/);
  });

  it("uses a default colour for null and empty names", () => {
    expect(garmentSvg("tee", null)).toContain(`fill="${colorHex("black")}"`);
    expect(garmentSvg("tee", "  ")).toBe(garmentSvg("tee", null));
  });

  it("escapes text put into the document", () => {
    const svg = garmentSvg("cap", `<script>alert("x")</script> & 'co'`);
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;co&apos;");
    expect(checkXml(svg)).toEqual([]);
    expect(svg).toContain('fill="#D3D3D3"');
  });

  it("prints in a colour that differs from the garment", () => {
    for (const color of COLORS) {
      const svg = garmentSvg("tee", color);
      const hex = colorHex(color);
      // The emblem's crown is printed in the print colour, like its letters.
      const printFill = /<path d="M-48 20-40-20-20 4 0-28 20 4 40-20 48 20Z" transform="translate\(0 -92\)" fill="(#[0-9A-F]{6})"/.exec(svg)?.[1];
      expect(printFill, color).toBeDefined();
      expect(printFill, color).not.toBe(hex);
    }
  });
});

describe("garment drawings", () => {
  const title = (svg: string) => /<title[^>]*>([^<]*)<\/title>/.exec(svg)?.[1];

  it("names a different garment or item for every kind", () => {
    const titles = ART_KINDS.map((k) => title(garmentSvg(k, "black"))!.replace(/^East Harlem | in black$/g, ""));
    expect(new Set(titles).size).toBe(ART_KINDS.length);
    expect(title(garmentSvg("varsity", "maroon"))).toBe("East Harlem varsity jacket in maroon");
    expect(title(garmentSvg("vinyl", null))).toBe("East Harlem vinyl box set in black");
  });

  it("draws every kind differently", () => {
    const drawn = new Set(ART_KINDS.map((k) => garmentSvg(k, "navy").replace(/<title[^>]*>.*?<\/title>/, "")));
    expect(drawn.size).toBe(ART_KINDS.length);
  });

  it("gives a varsity jacket sleeves that contrast with its body", () => {
    for (const color of ["maroon", "cream", "black", "white", "navy", "gray"]) {
      const svg = garmentSvg("varsity", color);
      const fills = [...svg.matchAll(/<path d="[^"]*" fill="(#[0-9A-Fa-f]{6})" stroke="none"\/>/g)].map((m) => m[1]!);
      const body = colorHex(color);
      expect(fills, color).toContain(body);
      const sleeve = fills[0]!;
      const [hi, lo] = [luminance(sleeve), luminance(body)].sort((a, b) => b - a) as [number, number];
      expect((hi + 0.05) / (lo + 0.05), color).toBeGreaterThan(2.5);
    }
  });

  it("draws an LP's pressing in the colour and keeps its sleeve", () => {
    const black = garmentSvg("lp", "black");
    const red = garmentSvg("lp", "red");
    expect(red).toContain(`<circle r="156" fill="${colorHex("red")}"`);
    expect(black).toContain(`<circle r="156" fill="${colorHex("black")}"`);
    const sleeve = (svg: string) => /<path d="M88 140H412V464H88Z" fill="(#[0-9A-F]{6})"/.exec(svg)?.[1];
    expect(sleeve(red)).toBeDefined();
    expect(sleeve(red)).toBe(sleeve(black));
  });
});

describe("isArtKind", () => {
  it("accepts exactly the listed kinds", () => {
    expect(ART_KINDS).toHaveLength(25);
    for (const kind of ART_KINDS) expect(isArtKind(kind)).toBe(true);
    for (const s of ["", "Tee", "shoe", "toString", "__proto__", "tee "]) expect(isArtKind(s)).toBe(false);
  });
});
