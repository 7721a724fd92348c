import { describe, expect, it } from "vitest";
import { isLocalizedPath, localePath, splitLocale } from "./paths.ts";

describe("language in the address", () => {
  it("puts Spanish pages under /es and English ones at the root", () => {
    expect(localePath("/", "es")).toBe("/es");
    expect(localePath("/shop?category=music#top", "es")).toBe("/es/shop?category=music#top");
    expect(localePath("/es/shop/harlem-classic-tee", "en")).toBe("/shop/harlem-classic-tee");
    expect(localePath("/es", "en")).toBe("/");
    expect(localePath("/es/cart", "es")).toBe("/es/cart");
  });

  it("leaves the back office, files, relative addresses and other sites alone", () => {
    expect(localePath("/admin/orders", "es")).toBe("/admin/orders");
    expect(localePath("/art/tee/black.svg", "es")).toBe("/art/tee/black.svg");
    expect(localePath("reviews", "es")).toBe("reviews");
    expect(localePath("//example.com/x", "es")).toBe("//example.com/x");
    expect(isLocalizedPath("/analytics")).toBe(false);
    expect(isLocalizedPath("/administrator")).toBe(true);
  });

  it("reads the language of an address", () => {
    expect(splitLocale("/es/shop")).toEqual({ locale: "es", path: "/shop" });
    expect(splitLocale("/es")).toEqual({ locale: "es", path: "/" });
    expect(splitLocale("/estate")).toEqual({ locale: "en", path: "/estate" });
    expect(splitLocale("/shop")).toEqual({ locale: "en", path: "/shop" });
  });
});
