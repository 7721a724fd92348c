import { describe, expect, it } from "vitest";
import { DEFAULT_WISHLIST_NAME } from "../../core/wishlist/rules.ts";
import { wishlistName } from "../../texts/labels.ts";

describe("a wishlist's name on a page", () => {
  it("names the first list's stored default name, core's, in the page's language", () => {
    const t = (id: string) => (id === "wishlist.defaultName" ? "Mis favoritos" : id);
    expect(wishlistName(t, DEFAULT_WISHLIST_NAME)).toBe("Mis favoritos");
    expect(wishlistName(t, "Gifts")).toBe("Gifts");
  });
});
