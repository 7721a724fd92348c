import { describe, expect, it } from "vitest";
import { REDIRECT_BYPASSES } from "../../tests/redirect-bypasses.ts";
import { safeRedirectPath, toSafeRedirectPath } from "./safe-redirect.ts";

describe("safe redirects", () => {
  it.each(REDIRECT_BYPASSES)("refuses %j", (value) => {
    expect(toSafeRedirectPath(value)).toBeNull();
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });

  it("refuses what is not text", () => {
    for (const value of [null, undefined, 42, {}, new File(["x"], "x.txt")]) expect(toSafeRedirectPath(value)).toBeNull();
    expect(safeRedirectPath(null)).toBe("/");
  });

  it("keeps the store's own paths, queries and fragments as they are", () => {
    for (const path of [
      "/",
      "/cart",
      "/shop/harlem-classic-tee#reviews",
      "/shop?category=t-shirts&sort=price-asc&page=2",
      "/shop?q=50%25%20off",
      "/shop?q=caf%C3%A9",
      "/wishlist?list=3",
      "/login?redirectTo=%2Fcheckout",
      "/shop?q=a\\b",
    ]) {
      expect(toSafeRedirectPath(path)).toBe(path);
    }
  });

  it("answers the path as a browser reads it", () => {
    expect(toSafeRedirectPath("/shop/../cart")).toBe("/cart");
    expect(toSafeRedirectPath("/shop/./x")).toBe("/shop/x");
    expect(toSafeRedirectPath("/shop?q=café")).toBe("/shop?q=caf%C3%A9");
  });
});
