import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";

describe("TRUSTED_PROXIES", () => {
  it("is empty when unset or blank: no proxy is believed", () => {
    expect(loadEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(loadEnv({ TRUSTED_PROXIES: " " }).TRUSTED_PROXIES).toEqual([]);
  });

  it("takes comma-separated addresses and CIDR blocks, IPv4 and IPv6", () => {
    expect(loadEnv({ TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8,::1,fd00::/8" }).TRUSTED_PROXIES).toEqual(["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"]);
  });

  it("refuses anything else with a message naming the variable", () => {
    for (const bad of ["loopback", "10.0.0.0/33", "::/129", "10.0.0.1/8/8", "10.0.0", "127.0.0.1;10.0.0.1", "10.0.0.0/"]) {
      expect(() => loadEnv({ TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES must be comma-separated IP addresses or CIDR blocks/);
    }
  });
});
