import { describe, expect, it } from "vitest";
import {
  artUrl,
  canAddToCart,
  checkMarkColor,
  colorHex,
  isColorAvailable,
  isSizeAvailable,
  lowStockThreshold,
  luminance,
  makeSku,
  optionValues,
  originalPriceCents,
  searchDocument,
  selectVariant,
  showOutOfStockBadge,
  sortSizes,
  starParts,
  stockLabel,
  truncate,
  type VariantOption,
} from "./rules.ts";

const v = (id: number, size: string | null, color: string | null, available: number, priceCents = 5500): VariantOption => ({
  id,
  size,
  color,
  available,
  priceCents,
});

describe("low-stock threshold", () => {
  it("is 20% of the initial stock rounded down, clamped to 2..10", () => {
    expect(lowStockThreshold(0)).toBe(2);
    expect(lowStockThreshold(9)).toBe(2);
    expect(lowStockThreshold(15)).toBe(3);
    expect(lowStockThreshold(24)).toBe(4);
    expect(lowStockThreshold(50)).toBe(10);
    expect(lowStockThreshold(500)).toBe(10);
  });
});

describe("colours", () => {
  it("maps the spec's colour names, either spelling of grey, and any case", () => {
    expect(colorHex("Black")).toBe("#000000");
    expect(colorHex("navy")).toBe("#000080");
    expect(colorHex("gray")).toBe(colorHex("Grey"));
    for (const name of ["white", "red", "blue", "green", "yellow", "orange", "purple", "pink", "brown", "beige", "cream", "maroon", "olive", "teal", "silver"]) {
      expect(colorHex(name)).toMatch(/^#[0-9A-F]{6}$/);
    }
  });

  it("gives light grey to colours it does not know", () => {
    expect(colorHex("Harlem Gold")).toBe("#D3D3D3");
  });

  it("draws a black check mark on light swatches and a white one on dark swatches", () => {
    expect(luminance("#FFFFFF")).toBeCloseTo(1);
    expect(luminance("#000000")).toBe(0);
    expect(checkMarkColor("White")).toBe("black");
    expect(checkMarkColor("Yellow")).toBe("black");
    expect(checkMarkColor("Cream")).toBe("black");
    expect(checkMarkColor("Black")).toBe("white");
    expect(checkMarkColor("Navy")).toBe("white");
    expect(checkMarkColor("Red")).toBe("white");
    expect(checkMarkColor("Harlem Gold")).toBe("black"); // light grey
  });
});

describe("truncation", () => {
  it("shows at most 4 swatches and counts the rest", () => {
    expect(truncate(["a", "b", "c", "d", "e", "f"], 4)).toEqual({ shown: ["a", "b", "c", "d"], more: 2 });
    expect(truncate(["a", "b"], 4)).toEqual({ shown: ["a", "b"], more: 0 });
  });
  it("shows at most 3 tags", () => {
    expect(truncate(["x", "y", "z", "w"], 3).shown).toEqual(["x", "y", "z"]);
  });
});

describe("options", () => {
  const tee = [v(1, "M", "White", 0, 6000), v(2, "L", "White", 3, 6000), v(3, "M", "Black", 5), v(4, "S", "Black", 0)];

  it("lists sizes once in garment order and colours once alphabetically", () => {
    expect(optionValues(tee)).toEqual({ sizes: ["S", "M", "L"], colors: ["Black", "White"] });
  });

  it("puts garment sizes smallest first, then any other size in the order it came", () => {
    expect(sortSizes(["XXL", "L", "XS", "M", "XL", "S"])).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    // Editions and ticket types are not garment sizes: they keep the variants' order, after the run.
    expect(sortSizes(["Standard", "Deluxe"])).toEqual(["Standard", "Deluxe"]);
    expect(sortSizes(["One Size", "xl", "General Admission", "s"])).toEqual(["s", "xl", "One Size", "General Admission"]);
    const vinyl = [v(1, "Standard", null, 3), v(2, "Deluxe", null, 2)];
    expect(optionValues(vinyl).sizes).toEqual(["Standard", "Deluxe"]);
  });

  it("disables a size no variant in stock has, given the chosen colour", () => {
    expect(isSizeAvailable(tee, "S", null)).toBe(false);
    expect(isSizeAvailable(tee, "M", null)).toBe(true);
    expect(isSizeAvailable(tee, "M", "White")).toBe(false);
    expect(isSizeAvailable(tee, "M", "Black")).toBe(true);
  });

  it("disables a colour no variant in stock has, given the chosen size", () => {
    expect(isColorAvailable(tee, "White", null)).toBe(true);
    expect(isColorAvailable(tee, "White", "M")).toBe(false);
    expect(isColorAvailable(tee, "Black", "S")).toBe(false);
  });

  it("chooses a variant only when every attribute is picked", () => {
    expect(selectVariant(tee, "M", null)).toBeNull();
    expect(selectVariant(tee, "L", "White")?.id).toBe(2);
    expect(selectVariant(tee, "L", "Black")).toBeNull();
    const cap = [v(9, null, "Black", 4), v(10, null, "Red", 0)];
    expect(selectVariant(cap, null, "Red")?.id).toBe(10);
    const poster = [v(11, null, null, 2)];
    expect(selectVariant(poster, null, null)?.id).toBe(11);
  });

  it("labels the stock of the choice", () => {
    expect(stockLabel(null)).toBe("Select size and color to check availability");
    expect(stockLabel(v(1, "M", "Black", 7))).toBe("7 in stock");
    expect(stockLabel(v(1, "M", "Black", 0))).toBe("Out of stock");
  });

  it("shows the Out of Stock badge for a sold-out choice, or when nothing is in stock", () => {
    expect(showOutOfStockBadge(tee, null)).toBe(false);
    expect(showOutOfStockBadge(tee, tee[0]!)).toBe(true);
    expect(showOutOfStockBadge([v(1, "M", null, 0)], null)).toBe(true);
  });

  it("allows adding only a chosen variant that is in stock", () => {
    expect(canAddToCart(tee, null)).toBe(false);
    expect(canAddToCart(tee, tee[0]!)).toBe(false);
    expect(canAddToCart(tee, tee[2]!)).toBe(true);
    const poster = [v(11, null, null, 2)];
    expect(canAddToCart(poster, selectVariant(poster, null, null))).toBe(true);
  });

  it("strikes through the base price only when the chosen variant costs less (ADR 0041)", () => {
    expect(originalPriceCents(5500, { priceCents: 4500 })).toBe(5500);
    // $60.00 against a $55.00 base price is not a sale: no "Original price" beside it.
    expect(originalPriceCents(5500, { priceCents: 6000 })).toBeNull();
    expect(originalPriceCents(5500, { priceCents: 5500 })).toBeNull();
    expect(originalPriceCents(5500, null)).toBeNull();
  });
});

describe("stars", () => {
  it("splits an average into full, half and empty stars", () => {
    expect(starParts(4.5)).toEqual({ full: 4, half: true, empty: 0 });
    expect(starParts(3.2)).toEqual({ full: 3, half: false, empty: 2 });
    expect(starParts(3.3)).toEqual({ full: 3, half: true, empty: 1 });
    expect(starParts(0)).toEqual({ full: 0, half: false, empty: 5 });
    expect(starParts(7)).toEqual({ full: 5, half: false, empty: 0 });
  });
});

describe("catalogue text", () => {
  it("builds SKUs, art paths and the search text", () => {
    expect(makeSku("harclatee", "XL", "Harlem Gold")).toBe("EH-HARCLATEE-XL-HARLEMGOLD");
    expect(makeSku("poster", null, null)).toBe("EH-POSTER");
    expect(artUrl("tee", "Harlem Gold")).toBe("/art/tee/harlem-gold.svg");
    expect(artUrl("vinyl", null)).toBe("/art/vinyl/default.svg");
    expect(searchDocument({ name: "Block Hoodie", tags: ["fleece"], category: "apparel", description: "Warm." })).toBe(
      "block hoodie fleece apparel warm.",
    );
  });
});
