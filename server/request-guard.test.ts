import { describe, expect, it } from "vitest";
import { addressProblem, bodyLimitFor, FORM_LIMIT_BYTES, isHostName, MESSAGES, UPLOAD_LIMIT_BYTES } from "./request-guard.ts";

describe("the address check", () => {
  it("passes the store's own addresses", () => {
    for (const url of ["/", "/shop?category=t-shirts&page=2", "/shop?q=caf%C3%A9+tee", "/shop/harlem-classic-tee#x", "/login?redirectTo=%2Fcheckout", "/shop?q=50%25", "/shop?q=a%09b", "/cart.data?_routes=routes%2Fcart"]) {
      expect(addressProblem(url), url).toBeNull();
    }
  });

  it("refuses malformed percent-encoding and control characters", () => {
    for (const url of ["/shop/%E0%A4%A", "/shop?q=%E0%A4", "/shop?q=%", "/shop?%zz=1", "/%C0%AF"]) expect(addressProblem(url), url).toBe(MESSAGES.badEncoding);
    for (const url of ["/shop/%00", "/shop?size=%00", "/shop?size=%1B", "/shop?q=%7F", "/shop?q=%C2%85", "/shop?%0A=1", "/x%09y"]) expect(addressProblem(url), url).toBe(MESSAGES.controlInAddress);
  });
});

describe("the Host check", () => {
  it("takes host names, addresses and ports", () => {
    for (const host of ["store.test", "127.0.0.1:3000", "localhost", "[::1]:3000", "shop.example.com:443", "xn--caf-dma.example"]) expect(isHostName(host), host).toBe(true);
  });

  it("refuses credentials, paths and junk", () => {
    for (const host of ["a@b", "evil/x", "", "a b", "x?y", "x#y", "a\\b", "host:port", "[::1"]) expect(isHostName(host), host).toBe(false);
  });
});

describe("the body limit", () => {
  it("is 1 MB everywhere but a photo form's POST, which takes a 10 MB photo and its fields", () => {
    expect(FORM_LIMIT_BYTES).toBe(1024 * 1024);
    expect(UPLOAD_LIMIT_BYTES).toBeGreaterThan(10 * 1024 * 1024);
    expect(UPLOAD_LIMIT_BYTES).toBeLessThanOrEqual(11 * 1024 * 1024);
    for (const path of ["/admin/products/12/images", "/admin/products/12/images.data", "/admin/articles/new", "/admin/articles/3.data", "/admin/collections/2", "/admin/events/4", "/admin/music/1.data"]) {
      expect(bodyLimitFor("POST", path), path).toBe(UPLOAD_LIMIT_BYTES);
    }
    for (const [method, path] of [
      ["PUT", "/admin/products/12/images"],
      ["POST", "/admin/products/12"],
      ["POST", "/admin/products/12/images/extra"],
      ["POST", "/admin/products/images"],
      ["POST", "/admin/events/check-in"],
      ["POST", "/admin/articles"],
      ["POST", "/admin/music"],
      ["POST", "/cart"],
      ["POST", "/admin/inventory"],
      ["POST", "/x/admin/products/12/images"],
    ] as const) {
      expect(bodyLimitFor(method, path), `${method} ${path}`).toBe(FORM_LIMIT_BYTES);
    }
  });
});
