import { describe, expect, it } from "vitest";
import { withoutSecrets } from "./http.ts";

describe("the request log", () => {
  it("keeps the one-time tokens of mailed links out of the log", () => {
    expect(withoutSecrets("/api/auth/reset-password/abc123?callbackURL=%2Freset-password")).toBe("/api/auth/reset-password/[token]?callbackURL=%2Freset-password");
    expect(withoutSecrets("/api/auth/verify-email?token=eyJhbGc.x.y&callbackURL=/")).toBe("/api/auth/verify-email?token=[token]&callbackURL=/");
    expect(withoutSecrets("/shop?size=M")).toBe("/shop?size=M");
  });
});
