import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("uses argon2id at OWASP's parameters and verifies only the right password", async () => {
    const encoded = await hashPassword("block party 116");
    expect(encoded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ hash: encoded, password: "block party 116" })).toBe(true);
    expect(await verifyPassword({ hash: encoded, password: "block party 117" })).toBe(false);
    expect(await verifyPassword({ hash: "not a hash", password: "x" })).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });
});
