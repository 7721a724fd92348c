/**
 * Who may do what in the back office: the server's table, from the spec's sample permission set.
 * Pure (no database), so the admin screens can also hide what a role may not use.
 */
import type { Role } from "../../db/schema/auth.ts";
import { fieldTextsOf } from "../shared/text.ts";

/** The people screens' field messages (inputs.ts): ids of the catalogue (texts/messages/<locale>/admin.json). */
export const adminField = fieldTextsOf({
  "admin.domain.chooseRole": [],
  "admin.domain.hideReasonRequired": [],
  "admin.domain.hideReasonTooLong": ["max"],
});

export const ADMIN_RESOURCES = ["products", "orders", "inventory", "users", "reviews", "content", "events", "newsletter", "analytics", "settings", "audit", "roles", "mail"] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];
export const ADMIN_ACTIONS = ["create", "read", "update", "delete"] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

const ALL = ADMIN_ACTIONS;

/** The roles an account may have, in the order the screens list them (db/schema/auth.ts holds the same three). */
export const ROLE_CHOICES = ["customer", "admin", "super_admin"] as const satisfies readonly Role[];
export const ROLE_LABEL: Record<Role, string> = { customer: "Customer", admin: "Admin", super_admin: "Super admin" };

/**
 * admin: products, orders and inventory (create, read, update, delete); users (read, update); reviews
 * (read, update: hide and unhide); the culture pages' content (articles, collections and looks,
 * playlists and tracks), events (with their tickets, check-in and RSVP lists) and the newsletter
 * (create, read, update, delete); analytics (read); settings (read, update); the audit log (read).
 * super_admin: everything, and alone changes roles ("roles"), deletes users and reads the mail the store kept
 * unsent ("mail": its links verify addresses and reset passwords). Customers: nothing.
 */
export const ROLE_PERMISSIONS: { readonly [R in Role]: { readonly [S in AdminResource]?: readonly AdminAction[] } } = {
  customer: {},
  admin: {
    products: ALL,
    orders: ALL,
    inventory: ALL,
    users: ["read", "update"],
    reviews: ["read", "update"],
    content: ALL,
    events: ALL,
    newsletter: ALL,
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

/** One changed field of an audited entity, as the audit screen shows it. */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

const shown = (value: unknown): string => (value === undefined ? "—" : value === null ? "none" : typeof value === "string" ? value : JSON.stringify(value));

/** The fields that differ between an entity's before and after (top level; a non-object counts as one field "value"). */
export function auditDiff(before: unknown, after: unknown): AuditChange[] {
  const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : v === null || v === undefined ? {} : { value: v });
  const b = asRecord(before);
  const a = asRecord(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return fields.filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f])).map((field) => ({ field, before: shown(b[field]), after: shown(a[field]) }));
}
