import { and, eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import type { Db } from "../../db/client.ts";
import { accounts, carts, sessions, userProfiles, users, verifications, wishlists, type Preferences, type Role } from "../../db/schema/index.ts";
import { AccountError, accountsText } from "./errors.ts";
import { attachGuestCart } from "../cart/index.ts";
import { findUserByEmail } from "./queries.ts";
import { accountsField, attemptPair, DEFAULT_PREFERENCES, deletedAccountEmail, type AttemptPair } from "./rules.ts";
import { claimAttempt, forgiveAttempts } from "./throttle.ts";
import { crashPoint } from "../shared/failpoints.ts";

/** The store's record of a new user: profile and default preferences (idempotent). */
/** A new account's profile speaks the language of the page it was made on; an existing one keeps its own. */
export async function ensureProfile(db: Db, userId: string, language: Locale = DEFAULT_LOCALE): Promise<void> {
  await db.insert(userProfiles).values({ userId, preferences: { ...DEFAULT_PREFERENCES, language } }).onConflictDoNothing();
}

/** ADMIN_EMAILS grants admin at sign-up and sign-in; it never lowers a role. */
export async function applyAdminEmails(db: Db, userId: string, email: string, adminEmails: readonly string[]): Promise<void> {
  if (!adminEmails.includes(email.trim().toLowerCase())) return;
  await db.update(users).set({ role: "admin", updatedAt: new Date() }).where(and(eq(users.id, userId), eq(users.role, "customer")));
}

export async function recordSignIn(db: Db, userId: string, at = new Date()): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

/**
 * The profile's "marketing communications" box and Settings' Promotions switch are one consent: saving
 * either writes both, so the store never mails promotions to someone who unticked the other.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: { firstName: string; lastName: string; phone: string; marketingOptIn: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const promotions = input.marketingOptIn;
    await tx
      .insert(userProfiles)
      .values({ userId, ...input, preferences: withPromotions(DEFAULT_PREFERENCES, promotions) })
      .onConflictDoUpdate({
        target: userProfiles.userId,
        set: {
          ...input,
          preferences: sql`jsonb_set(${userProfiles.preferences}, '{notifications,email,promotions}', to_jsonb(${promotions}::boolean), true)`,
          updatedAt: new Date(),
        },
      });
    const displayName = `${input.firstName} ${input.lastName}`.trim();
    if (displayName) await tx.update(users).set({ name: displayName, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

/** Saves the preferences; the email Promotions switch also sets the profile's marketing consent (see updateProfile). */
export async function updatePreferences(db: Db, userId: string, preferences: Preferences): Promise<void> {
  const marketingOptIn = preferences.notifications.email.promotions;
  await db
    .insert(userProfiles)
    .values({ userId, preferences, marketingOptIn })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { preferences, marketingOptIn, updatedAt: new Date() } });
}

function withPromotions(preferences: Preferences, promotions: boolean): Preferences {
  return { ...preferences, notifications: { ...preferences.notifications, email: { ...preferences.notifications.email, promotions } } };
}

/** Sets only the currency preference (the chooser outside Settings), leaving the others as they are. */
export async function setCurrencyPreference(db: Db, userId: string, currency: string): Promise<void> {
  await db
    .insert(userProfiles)
    .values({ userId, preferences: { ...DEFAULT_PREFERENCES, currency } })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: { preferences: sql`jsonb_set(${userProfiles.preferences}, '{currency}', to_jsonb(${currency}::text), true)`, updatedAt: new Date() },
    });
}

/**
 * Soft delete (SPEC), by the shopper (Settings, the app's API) or by a super_admin, in one transaction:
 * the account is marked deleted and inactive and every session ends. What stays is for the store's books:
 * the row, under an address nobody can have (deletedAccountEmail), so the person's email may make a new
 * account, and the orders, which keep the name, email and addresses they were placed with. What goes: the
 * name, the profile's name and phone, the marketing consent, the password and pending reset links, the cart
 * (emptied of its owner) and every wishlist with its items, so a shared list's link finds nothing. Reviews
 * stay, named "Former customer" from the deletion on (core/reviews reads deleted_at).
 */
export async function retireAccount(tx: Db, userId: string, at = new Date()): Promise<void> {
  await tx.update(users).set({ deletedAt: at, active: false, email: deletedAccountEmail(userId), name: "", image: null, updatedAt: at }).where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  // A password reset link's row holds the account's id as its value.
  await tx.delete(verifications).where(eq(verifications.value, userId));
  await tx.update(userProfiles).set({ firstName: "", lastName: "", phone: "", marketingOptIn: false, updatedAt: at }).where(eq(userProfiles.userId, userId));
  await tx.update(carts).set({ userId: null }).where(eq(carts.userId, userId));
  await tx.delete(wishlists).where(eq(wishlists.userId, userId));
}

/** The shopper's own deletion: retireAccount in a transaction of its own. */
export async function softDeleteUser(db: Db, userId: string, at = new Date()): Promise<void> {
  await db.transaction((tx) => retireAccount(tx, userId, at));
}

export async function setRoleByEmail(db: Db, email: string, role: Role): Promise<void> {
  const updated = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AccountError("accounts.user_not_found", accountsText("account.domain.noAccountWithEmail", { email }));
}

/**
 * Ends one of the account's own sessions (signs a browser or an app out from elsewhere). Another account's
 * session is not found, never ended.
 */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<void> {
  const ended = await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))).returning({ id: sessions.id });
  if (ended.length === 0) throw new AccountError("accounts.session_not_found", accountsText("api.domain.sessionNotFound"));
}

/** Ends every session of the user but the one given (after a password change). */
export async function endOtherSessions(db: Db, userId: string, keepToken: string): Promise<void> {
  const others = await db.select({ id: sessions.id, token: sessions.token }).from(sessions).where(eq(sessions.userId, userId));
  const ids = others.filter((s) => s.token !== keepToken).map((s) => s.id);
  if (ids.length) await db.delete(sessions).where(inArray(sessions.id, ids));
}

/** What sign-in needs from the identity library, which reads and writes through its own database handle. */
export interface PasswordSignInPorts<Session> {
  /** Checks an existing account's password and, when it is right, starts a session. */
  checkPassword(): Promise<{ ok: true; userId: string; session: Session } | { ok: false; error: string }>;
  /** Spends what a password check costs (one argon2id hash with the real parameters), for emails with no account. */
  spendPasswordCheck(): Promise<void>;
}

export interface PasswordSignIn {
  /** The language of the page signed in from: a new account's own. */
  language?: Locale;
  email: string;
  clientIp: string;
  /** The guest cart the browser brings along, joined to the account's at sign-in. */
  guestCartId: string | null;
  adminEmails: readonly string[];
}

export type PasswordSignInResult<Session> = { ok: true; userId: string; session: Session } | { ok: false; error: string; retryAfterMs?: number };

/**
 * Sign-in with email and password, in three steps:
 * 1. one transaction: the (account, address) pair's attempt is counted, or refused while the pair must wait,
 *    and the account is looked up;
 * 2. the password check, outside any transaction: the identity library reads the hash and writes the
 *    session through the outer handle, which on PGlite's single connection would wait forever behind an
 *    open transaction of ours. An email with no account spends the same time on a hash, so the answer's
 *    timing does not tell which emails are registered (the spec's messages already differ; the clock
 *    should not add a faster oracle);
 * 3. one transaction on success (see `finishSignIn`).
 */
export async function signInWithPassword<Session>(
  db: Db,
  input: PasswordSignIn,
  ports: PasswordSignInPorts<Session>,
  now = new Date(),
): Promise<PasswordSignInResult<Session>> {
  const pair = attemptPair(input.email, input.clientIp);
  const start = await db.transaction(async (tx) => {
    const decision = await claimAttempt(tx, pair, now);
    return decision.allowed ? { allowed: true as const, user: await findUserByEmail(tx, pair.account) } : decision;
  });
  if (!start.allowed) return { ok: false, error: accountsField("account.error.tooManyRequests"), retryAfterMs: start.retryAfterMs };
  if (!start.user || !start.user.active || start.user.deletedAt) {
    await ports.spendPasswordCheck();
    // A deactivated (not deleted) account is told so; no session is ever started for it.
    const deactivated = start.user && !start.user.active && !start.user.deletedAt;
    return { ok: false, error: accountsField(deactivated ? "account.error.accountDeactivated" : "account.error.userNotFound") };
  }
  const checked = await ports.checkPassword();
  if (!checked.ok) return checked;
  await finishSignIn(db, { ...input, userId: checked.userId });
  return checked;
}

/** What sign-up needs from the identity library. */
export interface PasswordSignUpPorts<Session> {
  /**
   * Writes the new user, its password, its session and its verification mail with the transaction given
   * (never through another handle), or refuses (an email already in use) having written nothing.
   */
  createIdentity(tx: Db): Promise<{ ok: true; userId: string; session: Session } | { ok: false; error: string }>;
}

/** A refusal carried out of the sign-up's transaction, so that it rolls back whatever was written. */
class SignUpRefused extends Error {
  constructor(readonly error: string) {
    super(error);
  }
}

/**
 * A new account with email and password, whole or not at all: the identity library's rows (user, password,
 * session, verification mail) and the store's part (`finishSignIn`: profile, admin role, last login, guest
 * cart) are written in one transaction. A process killed at any step leaves nothing of the account (the
 * shopper registers again, with any password) or all of it (the account exists and its password opens it).
 */
export async function signUpWithPassword<Session>(
  db: Db,
  input: PasswordSignIn,
  ports: PasswordSignUpPorts<Session>,
): Promise<{ ok: true; userId: string; session: Session } | { ok: false; error: string }> {
  try {
    const made = await db.transaction(async (tx) => {
      const identity = await ports.createIdentity(tx);
      if (!identity.ok) throw new SignUpRefused(identity.error);
      crashPoint("accounts.sign_up.after_identity");
      await finishSignIn(tx, { ...input, userId: identity.userId });
      crashPoint("accounts.sign_up.after_profile");
      return identity;
    });
    crashPoint("accounts.sign_up.after_commit");
    return made;
  } catch (error) {
    if (error instanceof SignUpRefused) return { ok: false, error: error.error };
    throw error;
  }
}

/**
 * After a right password or a new account, in one transaction: the pair's failures forgotten, the store's
 * profile, the admin role from ADMIN_EMAILS, the last login, and the guest cart joined to the account's.
 */
export async function finishSignIn(db: Db, input: PasswordSignIn & { userId: string }, at = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    await forgiveAttempts(tx, attemptPair(input.email, input.clientIp));
    await ensureProfile(tx, input.userId, input.language);
    await applyAdminEmails(tx, input.userId, input.email, input.adminEmails);
    await recordSignIn(tx, input.userId, at);
    return attachGuestCart(tx, input.guestCartId, input.userId);
  });
}

/**
 * A signed-in account's current-password check (changing the password, deleting the account) under the
 * same per-(account, address) throttle as sign-in, sharing its counts: the attempt is counted before
 * `check` runs and forgiven when `check` resolves. A `check` that throws (a wrong password) leaves it
 * counted and its error goes to the caller. `check` runs outside any transaction (see step 2 above).
 */
export async function withPasswordThrottle<T>(
  db: Db,
  pair: AttemptPair,
  check: () => Promise<T>,
  now = new Date(),
): Promise<{ ok: true; value: T } | { ok: false; retryAfterMs: number }> {
  const decision = await db.transaction((tx) => claimAttempt(tx, pair, now));
  if (!decision.allowed) return { ok: false, retryAfterMs: decision.retryAfterMs };
  const value = await check();
  await forgiveAttempts(db, pair);
  return { ok: true, value };
}
