import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { WISHLIST_PRIORITIES as SCHEMA_PRIORITIES } from "../../db/schema/wishlist.ts";
import {
  availabilityLabel,
  compareItems,
  generateShareCode,
  itemOffer,
  SHARE_CODE_ALPHABET,
  SHARE_CODE_LENGTH,
  SHARE_CODE_PATTERN,
  WISHLIST_PRIORITIES,
  type OfferVariant,
} from "./rules.ts";

describe("share codes", () => {
  it("are 6 characters of a confusion-free uppercase alphabet that the database accepts", () => {
    expect(SHARE_CODE_LENGTH).toBe(6);
    expect(SHARE_CODE_ALPHABET).toMatch(/^[A-Z0-9]+$/);
    for (const confusable of ["0", "O", "1", "I", "L"]) expect(SHARE_CODE_ALPHABET).not.toContain(confusable);
    expect(new Set(SHARE_CODE_ALPHABET).size).toBe(SHARE_CODE_ALPHABET.length);
    // Enough codes that guessing is impractical under the lookup throttle.
    expect(SHARE_CODE_ALPHABET.length ** SHARE_CODE_LENGTH).toBeGreaterThan(500_000_000);

    const codes = Array.from({ length: 2000 }, () => generateShareCode(randomInt));
    for (const code of codes) {
      expect(code).toMatch(SHARE_CODE_PATTERN);
      expect([...code].every((c) => SHARE_CODE_ALPHABET.includes(c))).toBe(true);
    }
    // Random, not a counter: 2000 draws from 887 million codes essentially never repeat, and every symbol shows up.
    expect(new Set(codes).size).toBeGreaterThan(1995);
    expect(new Set(codes.join("")).size).toBe(SHARE_CODE_ALPHABET.length);
  });

  it("take each symbol from the random source", () => {
    const picks = [0, 30, 1, 29, 2, 28];
    let i = 0;
    expect(generateShareCode(() => picks[i++]!)).toBe("2Z3Y4X");
  });
});

describe("priorities", () => {
  it("match the database's and sort high first, then newest", () => {
    expect(WISHLIST_PRIORITIES).toEqual(SCHEMA_PRIORITIES);
    const items = [
      { name: "low-new", priority: "low" as const, addedAt: "2026-11-03T00:00:00Z" },
      { name: "medium-old", priority: "medium" as const, addedAt: "2026-11-01T00:00:00Z" },
      { name: "high", priority: "high" as const, addedAt: "2026-11-01T00:00:00Z" },
      { name: "medium-new", priority: "medium" as const, addedAt: "2026-11-02T00:00:00Z" },
    ];
    expect(items.sort(compareItems).map((i) => i.name)).toEqual(["high", "medium-new", "medium-old", "low-new"]);
  });
});

describe("a saved item against today's catalogue", () => {
  const tee: OfferVariant[] = [
    { id: 1, size: "S", color: "Black", priceCents: 5500, available: 3 },
    { id: 2, size: "M", color: "Black", priceCents: 5500, available: 0 },
    { id: 3, size: "M", color: "White", priceCents: 6000, available: 2 },
  ];

  it("with a size and colour: that variant's price and stock", () => {
    expect(itemOffer({ size: "S", color: "Black", variantId: 1 }, tee)).toMatchObject({ priceCents: 5500, availability: "in_stock", available: 3, variantId: 1, choices: [] });
    const soldOut = itemOffer({ size: "M", color: "Black", variantId: 2 }, tee);
    expect(soldOut).toMatchObject({ availability: "out_of_stock", available: 0, variantId: 2 });
    expect(availabilityLabel(soldOut)).toBe("Out of stock");
  });

  it("without options: the lowest price of what fits, and the variants to choose from", () => {
    const offer = itemOffer({ size: null, color: null, variantId: null }, tee);
    expect(offer).toMatchObject({ priceCents: 5500, priceVaries: true, availability: "in_stock", available: 5, variantId: null });
    expect(offer.choices.map((v) => v.id)).toEqual([1, 2, 3]);
    expect(availabilityLabel(offer)).toBe("5 in stock");
    // Only a size chosen: the colours of that size.
    expect(itemOffer({ size: "M", color: null, variantId: null }, tee).choices.map((v) => v.id)).toEqual([2, 3]);
  });

  it("a product with one variant needs no choice", () => {
    const vinyl = [{ id: 9, size: null, color: null, priceCents: 12000, available: 4 }];
    expect(itemOffer({ size: null, color: null, variantId: null }, vinyl)).toMatchObject({ variantId: 9, priceCents: 12000, choices: [] });
  });

  it("is no longer available when the product or the saved variant was withdrawn", () => {
    expect(itemOffer({ size: null, color: null, variantId: null }, tee, false)).toMatchObject({ availability: "unavailable", priceCents: null });
    const gone = itemOffer({ size: "XL", color: "Black", variantId: null }, tee);
    expect(gone.availability).toBe("unavailable");
    expect(availabilityLabel(gone)).toBe("No longer available");
  });
});
