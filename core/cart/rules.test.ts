import { describe, expect, it } from "vitest";
import { badgeText, cartTotals, lineTotalCents } from "./rules.ts";

describe("cart arithmetic", () => {
  it("multiplies each line in cents and sums the cart", () => {
    expect(lineTotalCents({ unitPriceCents: 5500, quantity: 3 })).toBe(16500);
    expect(
      cartTotals([
        { unitPriceCents: 5500, quantity: 2 },
        { unitPriceCents: 6000, quantity: 1 },
        { unitPriceCents: 1999, quantity: 3 },
      ]),
    ).toEqual({ subtotalCents: 22997, itemCount: 6 });
    expect(cartTotals([])).toEqual({ subtotalCents: 0, itemCount: 0 });
  });

  it("caps the badge at 99+ and hides it when empty", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });
});
