import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_LENGTH, safeRedirectPath, toSafeRedirectPath } from "./safe-redirect.ts";

// Known ways past naive "starts with /" checks: each must fall back, whichever layer decodes it.
const BYPASSES = [
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\r/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0a/evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%252F/evil.example",
  "/%25252F/evil.example",
  "%2F%2Fevil.example",
  "%2F/evil.example",
  "/%E0%A4%A",
  "/%",
  "https://evil.example",
  "http://evil.example/",
  "http:evil.example",
  "https:/evil.example",
  "//evil.example/%2F..",
  "/..//evil.example",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/a/../..//evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  " /evil",
  " //evil.example",
  "\t//evil.example",
  "\u3000//evil.example",
  "/ /evil.example",
  "/\u0000/evil.example",
  "/\u2028/evil.example",
  "/cart\r\nSet-Cookie: a=b",
  "/cart%0d%0aSet-Cookie:%20a=b",
  "／／evil.example",
  "/／evil.example",
  "evil.example",
  "",
  "/" + "a".repeat(MAX_REDIRECT_LENGTH),
];

describe("safe redirects", () => {
  it.each(BYPASSES)("refuses %j", (value) => {
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
