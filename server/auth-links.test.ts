import { describe, expect, it } from "vitest";
import { REDIRECT_BYPASSES } from "../tests/redirect-bypasses.ts";
import { CALLBACK_FALLBACK, isStoreLocation, withSafeCallbacks } from "./auth-links.ts";

const BASE = "https://east-harlem.test";
const link = (query: string) => `${BASE}/api/auth/verify-email?token=abc&${query}`;
const callbacks = (address: string, name: string) => new URL(withSafeCallbacks(address)).searchParams.getAll(name);

describe("the identity library's callbacks", () => {
  it.each(["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo", "RedirectTo", "redirect_uri"])("sends %s to the fallback for every known bypass", (name) => {
    for (const value of REDIRECT_BYPASSES) {
      expect(callbacks(link(`${name}=${encodeURIComponent(value)}`), name), value).toEqual([CALLBACK_FALLBACK]);
    }
  });

  it("keeps a path of the store as a browser reads it, and the token as it was", () => {
    const address = withSafeCallbacks(link(`callbackURL=${encodeURIComponent("/es/dashboard?verified=1")}`));
    expect(new URL(address).searchParams.get("callbackURL")).toBe("/es/dashboard?verified=1");
    expect(new URL(address).searchParams.get("token")).toBe("abc");
    expect(callbacks(link("callbackURL=/shop/../cart"), "callbackURL")).toEqual(["/cart"]);
  });

  it("takes no callback given twice, even when one of them is safe", () => {
    expect(callbacks(link("callbackURL=/cart&callbackURL=//evil.example"), "callbackURL")).toEqual([CALLBACK_FALLBACK]);
    expect(callbacks(link("callbackURL=//evil.example&callbackURL=/cart"), "callbackURL")).toEqual([CALLBACK_FALLBACK]);
  });

  it("leaves other parameters and a link without callbacks alone", () => {
    expect(withSafeCallbacks(`${BASE}/api/auth/verify-email?token=abc`)).toBe(`${BASE}/api/auth/verify-email?token=abc`);
  });

  it("tells a Location on the store from one off it", () => {
    for (const location of ["/", "/dashboard?verified=1", "/reset-password?token=x", `${BASE}/reset-password?token=x`]) expect(isStoreLocation(location, BASE), location).toBe(true);
    for (const location of ["https://evil.example/?token=x", `${BASE}//evil.example?token=x`, "http://east-harlem.test/", "javascript:alert(1)?error=x", ...REDIRECT_BYPASSES]) {
      expect(isStoreLocation(location, BASE), location).toBe(false);
    }
  });
});
