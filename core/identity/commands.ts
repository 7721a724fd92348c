/**
 * The account's steps through the identity library, for the pages and the app's API alike (ADR 0027): signing
 * in and up, a reset link, the verification mail again; Settings' and the profile's changes. Each door reads
 * its own request (a form, JSON) and answers in its own way (a page, a problem); the steps between are these.
 */
import type { Logger } from "pino";
import {
  attemptPair,
  consume,
  findUserByEmail,
  getAccount,
  accountsField as say,
  signInWithPassword,
  signUpWithPassword,
  softDeleteUser,
  THROTTLE,
  throttleKeys,
  updatePreferences,
  withPasswordThrottle,
  type Preferences,
  UNEXPECTED_AUTH_ERROR,
} from "../accounts/index.ts";
import { requireOffered, type DisplayCurrency } from "../currency/index.ts";
import { accountSubscription, preferenceFor, setAccountNewsletter } from "../newsletter/index.ts";
import type { Db } from "../shared/db.ts";
import { isDomainError } from "../shared/errors.ts";
import type { TextRef } from "../shared/text.ts";
import type { JobQueue } from "../shared/jobs.ts";
import type { Locale } from "../shared/locale.ts";
import { localePath } from "../shared/paths.ts";
import { describeAuthError } from "./errors.ts";
import type { LoadingAuth } from "./library.ts";

/** The one answer to a reset request, whether or not the email has an account (a text's id, as every step's answer). */
export const RESET_SENT_MESSAGE = say("account.error.resetSent");

/**
 * For an email with no account: one argon2id hash of the typed password by the identity library's own
 * hash function (the real hashes' parameters), so the answer takes as long as a wrong password's.
 */
async function spendPasswordCheck(auth: LoadingAuth, password: string): Promise<void> {
  const { password: passwords } = await auth.$context;
  await passwords.hash(password);
}

/** What the account steps need from the server, for the pages and the app's API alike. */
export interface AccountDeps {
  db: Db;
  auth: LoadingAuth;
  /** Emails that get the admin role at sign-up and sign-in (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  log: Logger;
}

/**
 * Who is signing in or up: the headers handed to the identity library (it keeps the user agent with the
 * session), the language of the page or app, the client's address (the throttle's) and the guest cart
 * to join to the account (the app has none).
 */
export interface AccountCall {
  headers: Headers;
  locale: Locale;
  clientIp: string;
  guestCartId: string | null;
}

export type AccountStep = { ok: true; userId: string; authHeaders: Headers } | { ok: false; error: string; retryAfterMs?: number };

/** Sign-in with a checked email and password (core's throttle, the identity library's check, the store's part). */
export async function passwordSignIn(deps: AccountDeps, call: AccountCall, input: { email: string; password: string }): Promise<AccountStep> {
  const { email, password } = input;
  const signInRequest = { email, clientIp: call.clientIp, guestCartId: call.guestCartId, adminEmails: deps.adminEmails };
  const result = await signInWithPassword(deps.db, signInRequest, {
    spendPasswordCheck: () => spendPasswordCheck(deps.auth, password),
    checkPassword: async () => {
      try {
        const { headers, response } = await deps.auth.api.signInEmail({
          body: { email, password, rememberMe: true },
          headers: call.headers,
          returnHeaders: true,
        });
        return { ok: true, userId: response.user.id, session: headers };
      } catch (error) {
        // The account exists (the core looked), so a refused credential is a wrong password.
        const { message } = describeAuthError(error, { INVALID_EMAIL_OR_PASSWORD: "wrong-password" });
        return { ok: false, error: message === UNEXPECTED_AUTH_ERROR ? say("account.error.loginFailed") : message };
      }
    },
  });
  if (!result.ok) return result;
  return { ok: true, userId: result.userId, authHeaders: result.session };
}

/**
 * A new account from checked fields, whole or not at all (core's signUpWithPassword): the identity library
 * writes the user, the password, the session and the verification mail in the store's transaction, and the
 * store's part follows in it. The verification mail is written before the profile exists, so its callbackURL
 * (the dashboard in the caller's language) gives it its language.
 */
export async function createAccount(deps: AccountDeps, call: AccountCall, input: { email: string; password: string; displayName: string }): Promise<AccountStep> {
  const { email, password, displayName } = input;
  const signUpRequest = { email, clientIp: call.clientIp, guestCartId: call.guestCartId, adminEmails: deps.adminEmails, language: call.locale };
  const result = await signUpWithPassword(deps.db, signUpRequest, {
    createIdentity: (tx) =>
      deps.auth.writingIn(tx, async () => {
        try {
          const { headers, response } = await deps.auth.api.signUpEmail({
            body: { email, password, name: displayName || email.split("@")[0]!, callbackURL: localePath("/dashboard?verified=1", call.locale) },
            headers: call.headers,
            returnHeaders: true,
          });
          return { ok: true as const, userId: response.user.id, session: headers };
        } catch (error) {
          const { message } = describeAuthError(error);
          return { ok: false as const, error: message === UNEXPECTED_AUTH_ERROR ? say("account.error.registrationFailed") : message };
        }
      }),
  });
  if (!result.ok) return result;
  return { ok: true, userId: result.userId, authHeaders: result.session };
}

/**
 * A reset link for a checked email, throttled per address typed; the same answer whether or not the email
 * has an account, so nobody learns who is registered.
 */
export async function sendPasswordReset(deps: AccountDeps, call: AccountCall, email: string): Promise<{ ok: true; message: string } | { ok: false; error: string }> {
  if (!(await consume(deps.db, throttleKeys.passwordReset(email), THROTTLE.passwordReset))) return { ok: false, error: say("account.error.tooManyRequests") };
  const user = await findUserByEmail(deps.db, email);
  if (user && user.active && !user.deletedAt) {
    try {
      await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: localePath("/reset-password", call.locale) }, headers: call.headers });
    } catch (error) {
      const { message } = describeAuthError(error);
      deps.log.warn({ message }, "password reset request failed");
    }
  }
  return { ok: true, message: RESET_SENT_MESSAGE };
}

export const VERIFICATION_SENT = say("account.profile.verificationSent");

/**
 * Mails the verification link again to an account not verified yet, at most 3 times an hour (the profile's
 * button and the app's API). The link leads to the dashboard in the caller's language.
 */
export async function resendVerification(
  deps: AccountDeps,
  call: AccountCall,
  account: { id: string; email: string; emailVerified: boolean },
): Promise<{ ok: true; message: string } | { ok: false; error: string; throttled?: true }> {
  if (account.emailVerified) return { ok: false, error: say("account.error.resendFailed") };
  if (!(await consume(deps.db, throttleKeys.verificationResend(account.id), THROTTLE.verificationResend))) return { ok: false, error: say("account.error.tooManyRequests"), throttled: true };
  try {
    await deps.auth.api.sendVerificationEmail({ body: { email: account.email, callbackURL: localePath("/dashboard?verified=1", call.locale) }, headers: call.headers });
  } catch (error) {
    try {
      describeAuthError(error);
    } catch {
      deps.log.error({ err: error }, "verification resend failed");
    }
    return { ok: false, error: say("account.error.resendFailed") };
  }
  return { ok: true, message: VERIFICATION_SENT };
}

// Settings' and the profile's changes as steps, for the pages and the app's API alike (ADR 0027): the
// page reads its form and answers HTML, the API reads JSON and answers problems; the steps between are these.

/** What the steps need from the server. */
export interface SettingsDeps {
  db: Db;
  auth: LoadingAuth;
  log: Logger;
  jobs: JobQueue;
  baseUrl: string;
  /** The server's signing secret: newsletter unsubscribe links are signed with a key derived from it. */
  signingSecret: string;
}

/** The signed-in account a step acts for: always the session's (or the token's), never an id from the request. */
export interface SettingsAccount {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * The identity library's calls are made with the caller's own credentials (the page's cookie or the app's
 * bearer token) and from its address (the password throttle's).
 */
export interface SettingsCall {
  headers: Headers;
  clientIp: string;
}

/** The account's preferences as Settings shows them: the newsletter switch is the subscription itself. */
export async function currentPreferences(deps: Pick<SettingsDeps, "db">, account: { id: string; email: string }): Promise<{ preferences: Preferences; newsletterPending: boolean } | null> {
  const found = await getAccount(deps.db, account.id);
  if (!found) return null;
  const newsletter = await accountSubscription(deps.db, account.email);
  const email = { ...found.preferences.notifications.email, newsletter: preferenceFor(newsletter) };
  return { preferences: { ...found.preferences, notifications: { ...found.preferences.notifications, email } }, newsletterPending: newsletter === "pending" };
}

/**
 * Saves Settings' preferences: the currency must be one offered now (it has a rate); the newsletter switch
 * subscribes or unsubscribes the account's address, and the preference follows the subscription.
 */
export async function savePreferences(deps: SettingsDeps, account: SettingsAccount, preferences: Preferences & { currency: DisplayCurrency }): Promise<{ ok: true } | { ok: false; field: "currency"; error: TextRef | string }> {
  try {
    await requireOffered(deps.db, preferences.currency);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { ok: false, field: "currency", error: error.text };
  }
  await updatePreferences(deps.db, account.id, preferences);
  await setAccountNewsletter({ db: deps.db, jobs: deps.jobs, baseUrl: deps.baseUrl, secret: deps.signingSecret }, account, preferences.notifications.email.newsletter);
  return { ok: true };
}

/** The identity library's refusal in the spec's words; anything else is logged and gets the fallback. */
function authFailure(deps: Pick<SettingsDeps, "log">, error: unknown, fallback: string): string {
  try {
    const { message } = describeAuthError(error);
    return message === UNEXPECTED_AUTH_ERROR ? fallback : message;
  } catch {
    deps.log.error({ err: error }, fallback);
    return fallback;
  }
}

export type PasswordStep<T> = { ok: true; value: T } | { ok: false; error: string; field?: "currentPassword" | "password"; retryAfterMs?: number };

/**
 * Changes the password after checking the current one, under the sign-in throttle for (account, address).
 * Every other session ends; the caller's is renewed: `authHeaders` carry its new cookie (or token).
 */
export async function changePassword(deps: SettingsDeps, call: SettingsCall, account: SettingsAccount, input: { currentPassword: string; newPassword: string }): Promise<PasswordStep<Headers>> {
  try {
    const changed = await withPasswordThrottle(deps.db, attemptPair(account.email, call.clientIp), () =>
      deps.auth.api.changePassword({ body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true }, headers: call.headers, returnHeaders: true }),
    );
    if (!changed.ok) return { ok: false, error: say("account.error.tooManyRequests"), field: "currentPassword", retryAfterMs: changed.retryAfterMs };
    return { ok: true, value: changed.value.headers };
  } catch (error) {
    const message = authFailure(deps, error, say("account.error.changeFailed"));
    return message === say("account.error.wrongPassword") ? { ok: false, error: message, field: "currentPassword" } : { ok: false, error: message };
  }
}

/**
 * Deletes the account (the spec's soft delete: every session ends, it can no longer sign in) once its
 * password is confirmed, under the sign-in throttle. A failure of the deletion itself is logged and thrown.
 */
export async function deleteAccount(deps: SettingsDeps, call: SettingsCall, account: SettingsAccount, password: string): Promise<PasswordStep<null>> {
  try {
    const checked = await withPasswordThrottle(deps.db, attemptPair(account.email, call.clientIp), () => deps.auth.api.verifyPassword({ body: { password }, headers: call.headers }));
    if (!checked.ok) return { ok: false, error: say("account.error.tooManyRequests"), field: "password", retryAfterMs: checked.retryAfterMs };
  } catch (error) {
    let message: string = say("account.error.deletionFailed");
    try {
      if (describeAuthError(error).cause === "wrong-password") message = say("account.error.wrongPassword");
    } catch {
      deps.log.error({ err: error, userId: account.id }, "password check before account deletion failed");
    }
    return { ok: false, error: message, field: "password" };
  }
  try {
    await softDeleteUser(deps.db, account.id);
  } catch (error) {
    deps.log.error({ err: error, userId: account.id }, "account deletion failed");
    throw error;
  }
  deps.log.info({ userId: account.id }, "account deleted");
  return { ok: true, value: null };
}
