import sharp from "sharp";
import { describe, it, expect } from "vitest";
import { ART_KINDS, garmentSvg, type ArtKind } from "../../core/catalog/index.ts";
import { seedCollections, seedProducts, type SeedProduct } from "./catalogue.ts";
import { seedProductDescriptionsEs } from "./catalogue-es.ts";
import { seedCollectionsEs, seedLooksEs } from "./collections-es.ts";
import { seedLooks } from "./culture.ts";

const bySlug = new Map(seedProducts.map((p) => [p.slug, p]));
const colours = (p: SeedProduct) => new Set(p.variants.flatMap((v) => (v.color ? [v.color] : [])));
const price = (p: SeedProduct, v: SeedProduct["variants"][number]) => v.price ?? p.basePrice;

describe("seed products", () => {
  it("has at least 30 products with unique, well-formed slugs", () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(30);
    expect(bySlug.size).toBe(seedProducts.length);
    for (const p of seedProducts) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("covers all three categories, mostly apparel", () => {
    const count = (c: string) => seedProducts.filter((p) => p.category === c).length;
    expect(count("apparel")).toBeGreaterThan(seedProducts.length / 2);
    expect(count("accessories")).toBeGreaterThan(0);
    expect(count("music")).toBeGreaterThan(0);
  });

  it("starts with the spec's seed catalogue", () => {
    const [tee, hoodie, vintage, cap, vinyl] = seedProducts;

    expect(tee?.basePrice).toBe(55);
    expect(tee?.category).toBe("apparel");
    expect(tee?.artKind).toBe("tee");
    const black = tee!.variants.filter((v) => v.color === "Black");
    const white = tee!.variants.filter((v) => v.color === "White");
    expect(black.map((v) => v.size).sort()).toEqual(["L", "M", "S", "XL"]);
    expect(white.map((v) => v.size).sort()).toEqual(["L", "M", "S", "XL"]);
    for (const v of black) expect(price(tee!, v)).toBe(55);
    for (const v of white) expect(price(tee!, v)).toBe(60);

    expect(hoodie?.basePrice).toBe(85);
    expect(hoodie?.slug).toContain("hoodie");
    expect(hoodie?.name).toContain("Hoodie");
    expect(hoodie?.artKind).toBe("hoodie");

    expect(vintage?.basePrice).toBe(45);
    expect(vintage?.artKind).toBe("tee");
    expect(vintage?.name.toLowerCase()).toContain("vintage");

    expect(cap?.basePrice).toBe(35);
    expect(cap?.artKind).toBe("cap");
    expect(cap?.variants.every((v) => v.color !== undefined && v.size === undefined)).toBe(true);

    expect(vinyl?.basePrice).toBe(120);
    expect(vinyl?.category).toBe("music");
    expect(vinyl?.artKind).toBe("vinyl");
    const deluxe = vinyl!.variants.find((v) => v.size === "Deluxe");
    const standard = vinyl!.variants.find((v) => v.size === "Standard");
    expect(deluxe && price(vinyl!, deluxe)).toBe(180);
    expect(standard && price(vinyl!, standard)).toBe(120);

    for (const p of [tee, hoodie, vintage, cap, vinyl]) {
      expect(p!.variants.some((v) => v.size !== undefined || v.color !== undefined)).toBe(true);
    }
  });

  it("has well-formed variants", () => {
    for (const p of seedProducts) {
      expect(p.variants.length, p.slug).toBeGreaterThan(0);
      const combos = p.variants.map((v) => `${v.size ?? ""}|${v.color ?? ""}`);
      expect(new Set(combos).size, p.slug).toBe(combos.length);
      const optionless = p.variants.filter((v) => v.size === undefined && v.color === undefined);
      if (optionless.length > 0) expect(p.variants.length, p.slug).toBe(1);
      for (const v of p.variants) {
        expect(Number.isInteger(v.stock), p.slug).toBe(true);
        expect(v.stock, p.slug).toBeGreaterThanOrEqual(0);
        expect(v.stock, p.slug).toBeLessThanOrEqual(60);
        if (v.price !== undefined) {
          expect(v.price, p.slug).not.toBe(p.basePrice);
          expect(v.price, p.slug).toBeGreaterThan(0);
        }
      }
    }
    const total = seedProducts.reduce((n, p) => n + p.variants.length, 0);
    expect(total).toBeLessThan(400);
  });

  it("has the variety the shop needs", () => {
    const soldOut = seedProducts.filter((p) => p.variants.every((v) => v.stock === 0));
    expect(soldOut.length).toBeGreaterThanOrEqual(2);
    const partlyOut = seedProducts.filter(
      (p) => p.variants.some((v) => v.stock === 0) && p.variants.some((v) => v.stock > 0),
    );
    expect(partlyOut.length).toBeGreaterThan(0);
    expect(seedProducts.filter((p) => colours(p).size >= 6).length).toBeGreaterThanOrEqual(3);
    expect(
      seedProducts.filter((p) => p.variants.length === 1 && !p.variants[0]!.size && !p.variants[0]!.color)
        .length,
    ).toBeGreaterThan(0);
    expect(seedProducts.filter((p) => p.variants.some((v) => v.price !== undefined)).length).toBeGreaterThan(2);
  });

  it("has 6-8 featured products with distinct ranks", () => {
    const featured = seedProducts.filter((p) => p.featured);
    expect(featured.length).toBeGreaterThanOrEqual(6);
    expect(featured.length).toBeLessThanOrEqual(8);
    const ranks = featured.map((p) => p.featuredRank);
    expect(ranks.every((r) => Number.isInteger(r) && r! >= 1)).toBe(true);
    expect(new Set(ranks).size).toBe(ranks.length);
    for (const p of seedProducts) if (!p.featured) expect(p.featuredRank, p.slug).toBeUndefined();
  });

  it("has 2-6 lower-case tags per product and distinct ages", () => {
    for (const p of seedProducts) {
      expect(p.tags.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.tags.length, p.slug).toBeLessThanOrEqual(6);
      for (const t of p.tags) expect(t, p.slug).toBe(t.toLowerCase());
      expect(new Set(p.tags).size, p.slug).toBe(p.tags.length);
    }
    const ages = seedProducts.map((p) => p.createdDaysAgo);
    expect(new Set(ages).size).toBe(ages.length);
    for (const a of ages) expect(Number.isInteger(a) && a >= 0).toBe(true);
  });

  it("has a Spanish description for every product, and for no other slug", () => {
    expect(Object.keys(seedProductDescriptionsEs).sort()).toEqual(seedProducts.map((p) => p.slug).sort());
    for (const [slug, text] of Object.entries(seedProductDescriptionsEs)) {
      expect(text.length, slug).toBeGreaterThan(40);
      expect(text, slug).not.toBe(bySlug.get(slug)!.description);
    }
  });
});

/**
 * What a product is, read from its name (and, where the name alone does not say, its tags), and the
 * drawing that shows it. The first rule that fits decides; a product no rule fits fails the test, so
 * a new product gets a rule and a drawing of its own.
 */
const GARMENTS: [string, (p: SeedProduct) => boolean, ArtKind][] = [
  ["varsity jacket", (p) => /Varsity Jacket$/.test(p.name), "varsity"],
  ["coaches jacket", (p) => /Coach(es)? Jacket$/.test(p.name), "jacket"],
  ["windbreaker", (p) => /Windbreaker$/.test(p.name), "windbreaker"],
  ["zip hoodie", (p) => /Zip Hoodie$/.test(p.name), "zip-hoodie"],
  ["pullover hoodie", (p) => /Hoodie$/.test(p.name), "hoodie"],
  ["crewneck", (p) => /Crewneck$/.test(p.name), "crewneck"],
  ["long-sleeve tee", (p) => /Longsleeve$/.test(p.name), "longsleeve"],
  ["tee", (p) => /Tee$/.test(p.name), "tee"],
  ["track pants", (p) => /Track Pants$/.test(p.name), "track-pants"],
  ["sweatpants", (p) => /Sweatpants$/.test(p.name), "sweatpants"],
  ["mesh shorts", (p) => /Mesh Shorts$/.test(p.name), "mesh-shorts"],
  ["twill shorts", (p) => /Shorts$/.test(p.name) && p.tags.includes("twill"), "shorts"],
  ["dad cap", (p) => /Dad Cap$/.test(p.name), "dad-cap"],
  ["snapback cap", (p) => /Cap$/.test(p.name) && p.tags.includes("snapback"), "cap"],
  ["beanie", (p) => /Beanie$/.test(p.name), "beanie"],
  ["bucket hat", (p) => /Bucket Hat$/.test(p.name), "bucket-hat"],
  ["tote", (p) => /Tote$/.test(p.name), "tote"],
  ["socks", (p) => /Socks$/.test(p.name), "socks"],
  ["bandana", (p) => /Bandana$/.test(p.name), "bandana"],
  ["vinyl box set", (p) => /Vinyl Collection$/.test(p.name) && p.tags.includes("box-set"), "vinyl"],
  ["single record", (p) => /\b(LP|12-Inch)$/.test(p.name), "lp"],
  ["cassette", (p) => /Cassette$/.test(p.name), "cassette"],
  ["cassette box set", (p) => /Set$/.test(p.name) && p.tags.includes("cassette") && p.tags.includes("box-set"), "cassette-set"],
  ["photo print", (p) => /Print$/.test(p.name) && p.tags.includes("photography"), "photo-print"],
  ["art print", (p) => /Print$/.test(p.name), "poster"],
];

describe("seed product drawings", () => {
  it("draws each product as the garment or item its name says", () => {
    for (const p of seedProducts) {
      const rule = GARMENTS.find(([, fits]) => fits(p));
      expect(rule, `no rule says what "${p.name}" is`).toBeDefined();
      expect(p.artKind, `${p.name} is a ${rule![0]}`).toBe(rule![2]);
    }
  });

  it("uses every drawing for some product", () => {
    const used = new Set(seedProducts.map((p) => p.artKind));
    expect(ART_KINDS.filter((k) => !used.has(k))).toEqual([]);
  });

  it("renders every drawing as valid SVG in every seeded colour", async () => {
    const seeded = [...new Set(seedProducts.flatMap((p) => p.variants.flatMap((v) => (v.color ? [v.color] : []))))];
    expect(seeded.length).toBeGreaterThan(10);
    // About 400 drawings, parsed side by side on sharp's threads (one after another they take seconds on a
    // busy machine).
    const drawings = ART_KINDS.flatMap((kind) => [...seeded, null].map((color) => ({ kind, color, svg: garmentSvg(kind, color) })));
    for (const { kind, color, svg } of drawings) if (color) expect(svg, `${kind}/${color}`).toMatch(new RegExp(`<title[^>]*>[^<]* in ${color}</title>`));
    // librsvg parses strictly: malformed markup throws here.
    const rendered = await Promise.all(drawings.map(({ svg }) => sharp(Buffer.from(svg), { density: 8 }).raw().toBuffer({ resolveWithObject: true })));
    rendered.forEach(({ info }, i) => expect(info.width, `${drawings[i]!.kind}/${drawings[i]!.color}`).toBeGreaterThan(0));
  }, 30_000);

  it("draws each colour of a product differently", () => {
    for (const p of seedProducts) {
      const colors = [...new Set(p.variants.flatMap((v) => (v.color ? [v.color] : [])))];
      const drawn = new Set(colors.map((c) => garmentSvg(p.artKind, c).replace(/<title[^>]*>.*?<\/title>/, "")));
      expect(drawn.size, p.slug).toBe(colors.length);
    }
  });
});

describe("seed collections", () => {
  it("lists the four collections in order with the right sizes", () => {
    expect(seedCollections.map((c) => c.slug)).toEqual([
      "spring-2024-urban-renaissance",
      "street-essentials",
      "underground-classics",
      "limited-edition",
    ]);
    const positions = seedCollections.map((c) => c.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(positions).size).toBe(positions.length);

    const [spring, essentials, classics, limited] = seedCollections;
    expect(spring?.name).toBe("Spring 2024: Urban Renaissance");
    expect(spring?.featured).toBe(true);
    expect(spring?.season).toBe("Spring 2024");
    expect(spring!.products.length).toBeGreaterThanOrEqual(6);
    expect(spring!.products.length).toBeLessThanOrEqual(10);
    expect(essentials?.name).toBe("Street Essentials");
    expect(essentials?.products).toHaveLength(8);
    expect(classics?.name).toBe("Underground Classics");
    expect(classics?.products).toHaveLength(12);
    expect(limited?.name).toBe("Limited Edition");
    expect(limited?.products).toHaveLength(6);
  });

  it("only lists existing products, each once per collection", () => {
    for (const c of seedCollections) {
      expect(new Set(c.products).size, c.slug).toBe(c.products.length);
      for (const s of c.products) expect(bySlug.has(s), `${c.slug}: ${s}`).toBe(true);
    }
  });

  it("has Spanish texts for every collection (a season where it has one) and no other slug", () => {
    expect(Object.keys(seedCollectionsEs).sort()).toEqual(seedCollections.map((c) => c.slug).sort());
    for (const c of seedCollections) {
      const es = seedCollectionsEs[c.slug]!;
      expect(es.description.length, c.slug).toBeGreaterThan(40);
      expect(es.description, c.slug).not.toBe(c.description);
      expect(es.season === undefined, c.slug).toBe(c.season === undefined);
      if (c.season) expect(es.season, c.slug).not.toBe(c.season);
    }
  });
});

describe("seed looks", () => {
  it("has a Spanish title, caption and picture description for every look, and for no other", () => {
    expect(new Set(seedLooks.map((l) => l.title)).size).toBe(seedLooks.length);
    expect(Object.keys(seedLooksEs).sort()).toEqual(seedLooks.map((l) => l.title).sort());
    for (const look of seedLooks) {
      const es = seedLooksEs[look.title]!;
      expect(es.title, look.title).not.toBe(look.title);
      expect(es.caption.length, look.title).toBeGreaterThan(40);
      expect(es.caption, look.title).not.toBe(look.caption);
      expect(es.imageAlt.length, look.title).toBeGreaterThan(40);
      expect(es.imageAlt, look.title).not.toBe(look.imageAlt);
    }
  });
});
