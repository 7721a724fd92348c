/**
 * Who may do what in the back office: the server's table, from the spec's sample permission set.
 * Pure (no database), so the admin screens can also hide what a role may not use.
 */
import type { Role } from "../../db/schema/auth.ts";

export const ADMIN_RESOURCES = ["products", "orders", "inventory", "users", "reviews", "analytics", "settings", "audit", "roles"] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];
export const ADMIN_ACTIONS = ["create", "read", "update", "delete"] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

const ALL = ADMIN_ACTIONS;

/**
 * admin: products, orders and inventory (create, read, update, delete); users (read, update); reviews
 * (read, update: hide and unhide); analytics (read); settings (read, update); the audit log (read).
 * super_admin: everything, and alone changes roles ("roles") and deletes users. Customers: nothing.
 */
export const ROLE_PERMISSIONS: { readonly [R in Role]: { readonly [S in AdminResource]?: readonly AdminAction[] } } = {
  customer: {},
  admin: {
    products: ALL,
    orders: ALL,
    inventory: ALL,
    users: ["read", "update"],
    reviews: ["read", "update"],
    analytics: ["read"],
    settings: ["read", "update"],
    audit: ["read"],
  },
  super_admin: Object.fromEntries(ADMIN_RESOURCES.map((resource) => [resource, ALL])),
};

export function can(role: Role | null | undefined, resource: AdminResource, action: AdminAction): boolean {
  if (!role) return false;
  return ROLE_PERMISSIONS[role]?.[resource]?.includes(action) ?? false;
}

/** The permission list of a role, as the admin user screens show it ({ resource, actions }). */
export function permissionsOf(role: Role): { resource: AdminResource; actions: AdminAction[] }[] {
  return ADMIN_RESOURCES.flatMap((resource) => {
    const actions = ROLE_PERMISSIONS[role][resource];
    return actions && actions.length > 0 ? [{ resource, actions: [...actions] }] : [];
  });
}
