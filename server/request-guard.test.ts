import { describe, expect, it } from "vitest";
import { addressProblem, bodyLimitFor, FORM_LIMIT_BYTES, formTextIsUtf8, isHostName, MESSAGES, UPLOAD_LIMIT_BYTES } from "./request-guard.ts";

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

describe("the UTF-8 check of a form's text", () => {
  const URLENCODED = "application/x-www-form-urlencoded";
  const bytes = (text: string) => new TextEncoder().encode(text);
  /** A multipart body as a browser sends it, from the forms' own encoder. */
  async function multipart(parts: [string, string | Blob][]): Promise<{ body: Uint8Array; type: string }> {
    const form = new FormData();
    for (const [name, value] of parts) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, value, "photo.bin");
    }
    const request = new Request("http://store.test/", { method: "POST", body: form });
    return { body: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("content-type")! };
  }
  /** A multipart body's bytes with the first occurrence of `marker` replaced by `raw`. */
  function swap(body: Uint8Array, marker: string, raw: number[]): Uint8Array {
    const at = Buffer.from(body).indexOf(marker);
    return Uint8Array.from([...body.subarray(0, at), ...raw, ...body.subarray(at + marker.length)]);
  }

  it("takes what the store's pages send: percent-encoded text in any language, a stray %, files of any bytes", async () => {
    for (const body of ["name=Jos%C3%A9+Ortiz&note=caf%C3%A9+%F0%9F%8E%A4", "q=50%25", "q=100%", "q=%zz", "name=José"]) expect(formTextIsUtf8(bytes(body), URLENCODED), body).toBe(true);
    const photo = await multipart([["title", "Señora en el barrio"], ["image", new Blob([Uint8Array.from([0xff, 0xd8, 0xc3, 0x28, 0xfe])])]]);
    expect(formTextIsUtf8(photo.body, photo.type)).toBe(true);
  });

  it("refuses bytes that are not UTF-8 in any name or value, urlencoded or multipart", async () => {
    for (const body of ["name=%C3%28%FF%FE", "note=ok&name=%C3", "%FF=x", "name=a%C3&b=%A9"]) expect(formTextIsUtf8(bytes(body), URLENCODED), body).toBe(false);
    expect(formTextIsUtf8(Uint8Array.from([...bytes("name="), 0xc3, 0x28]), URLENCODED)).toBe(false);
    const text = await multipart([["title", "MARK"], ["image", new Blob([Uint8Array.from([0xff, 0xfe])])]]);
    expect(formTextIsUtf8(swap(text.body, "MARK", [0xc3, 0x28, 0xff, 0xfe]), text.type)).toBe(false);
    const alone = await multipart([["title", "MARK"]]);
    expect(formTextIsUtf8(swap(alone.body, "MARK", [0xc3, 0x28]), alone.type)).toBe(false);
  });
});
