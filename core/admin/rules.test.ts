import { describe, expect, it } from "vitest";
import { ADMIN_ACTIONS, ADMIN_RESOURCES, can, permissionsOf } from "./rules.ts";

describe("who may do what in the back office", () => {
  it("gives customers nothing", () => {
    for (const resource of ADMIN_RESOURCES) for (const action of ADMIN_ACTIONS) expect(can("customer", resource, action)).toBe(false);
    expect(can(null, "orders", "read")).toBe(false);
  });

  it("gives admins the spec's set: users read and update only, no role changes, no user deletion", () => {
    for (const resource of ["products", "orders", "inventory"] as const) for (const action of ADMIN_ACTIONS) expect(can("admin", resource, action)).toBe(true);
    expect(can("admin", "users", "read")).toBe(true);
    expect(can("admin", "users", "update")).toBe(true);
    expect(can("admin", "users", "delete")).toBe(false);
    expect(can("admin", "roles", "update")).toBe(false);
    expect(can("admin", "mail", "read")).toBe(false);
    expect(can("admin", "analytics", "read")).toBe(true);
    expect(can("admin", "analytics", "update")).toBe(false);
    expect(permissionsOf("admin").find((p) => p.resource === "settings")).toEqual({ resource: "settings", actions: ["read", "update"] });
  });

  it("gives super_admins everything", () => {
    for (const resource of ADMIN_RESOURCES) for (const action of ADMIN_ACTIONS) expect(can("super_admin", resource, action)).toBe(true);
  });
});
