import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { carts, sessions, userProfiles, users, type Preferences, type Role } from "../../db/schema/index.ts";
import { AccountError } from "./errors.ts";

export const DEFAULT_PREFERENCES: Preferences = {
  theme: "auto",
  language: "en",
  currency: "USD",
  notifications: {
    email: { orderUpdates: true, promotions: false, newsletter: false, restockAlerts: false },
    push: { orderUpdates: false, promotions: false, cartReminders: false },
  },
};

/** The store's record of a new user: profile and default preferences (idempotent). */
export async function ensureProfile(db: Db, userId: string): Promise<void> {
  await db.insert(userProfiles).values({ userId, preferences: DEFAULT_PREFERENCES }).onConflictDoNothing();
}

/** ADMIN_EMAILS grants admin at sign-up and sign-in; it never lowers a role. */
export async function applyAdminEmails(db: Db, userId: string, email: string, adminEmails: readonly string[]): Promise<void> {
  if (!adminEmails.includes(email.trim().toLowerCase())) return;
  await db.update(users).set({ role: "admin", updatedAt: new Date() }).where(and(eq(users.id, userId), eq(users.role, "customer")));
}

export async function recordSignIn(db: Db, userId: string, at = new Date()): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

export async function updateProfile(
  db: Db,
  userId: string,
  input: { firstName: string; lastName: string; phone: string; marketingOptIn: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(userProfiles)
      .values({ userId, ...input, preferences: DEFAULT_PREFERENCES })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { ...input, updatedAt: new Date() } });
    const displayName = `${input.firstName} ${input.lastName}`.trim();
    if (displayName) await tx.update(users).set({ name: displayName, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

export async function updatePreferences(db: Db, userId: string, preferences: Preferences): Promise<void> {
  await db
    .insert(userProfiles)
    .values({ userId, preferences })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { preferences, updatedAt: new Date() } });
}

/**
 * Soft delete (SPEC): the user is marked deleted and inactive, every session ends, and the account can
 * no longer sign in. Orders stay for the store's books; the cart is emptied of its owner.
 */
export async function softDeleteUser(db: Db, userId: string, at = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: at, active: false, updatedAt: at }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.update(carts).set({ userId: null }).where(eq(carts.userId, userId));
  });
}

export async function setRoleByEmail(db: Db, email: string, role: Role): Promise<void> {
  const updated = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AccountError("accounts.user_not_found", `No account found with the email ${email}.`);
}

/** Ends every session of the user but the one given (after a password change). */
export async function endOtherSessions(db: Db, userId: string, keepToken: string): Promise<void> {
  const others = await db.select({ id: sessions.id, token: sessions.token }).from(sessions).where(eq(sessions.userId, userId));
  const ids = others.filter((s) => s.token !== keepToken).map((s) => s.id);
  if (ids.length) await db.delete(sessions).where(inArray(sessions.id, ids));
}
