import { attemptPair, getAccount, MESSAGES, softDeleteUser, updatePreferences, withPasswordThrottle } from "../../core/accounts/index.ts";
import { requireOffered, type DisplayCurrency } from "../../core/currency/index.ts";
import { accountSubscription, preferenceFor, setAccountNewsletter } from "../../core/newsletter/index.ts";
import type { Preferences } from "../../db/schema/index.ts";
import type { StoreContext } from "../../server/context.ts";
import { describeAuthError } from "./auth-errors.server.ts";
import { expectDomainError } from "./domain-errors.server.ts";
import { newsletterDeps } from "./newsletter.server.ts";

// Settings' and the profile's changes as steps, for the pages and the app's API alike (ADR 0027): the
// page reads its form and answers HTML, the API reads JSON and answers problems; the steps between are these.

/** What the steps need from the server. */
export type SettingsDeps = Pick<StoreContext, "db" | "auth" | "log" | "jobs" | "baseUrl" | "signingSecret">;

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
export async function savePreferences(deps: SettingsDeps, account: SettingsAccount, preferences: Preferences & { currency: DisplayCurrency }): Promise<{ ok: true } | { ok: false; field: "currency"; error: string }> {
  try {
    await requireOffered(deps.db, preferences.currency);
  } catch (error) {
    return { ok: false, field: "currency", error: expectDomainError(error).message };
  }
  await updatePreferences(deps.db, account.id, preferences);
  await setAccountNewsletter(newsletterDeps(deps), account, preferences.notifications.email.newsletter);
  return { ok: true };
}

/** The identity library's refusal in the spec's words; anything else is logged and gets the fallback. */
function authFailure(deps: Pick<SettingsDeps, "log">, error: unknown, fallback: string): string {
  try {
    const { message } = describeAuthError(error);
    return message === MESSAGES.unexpected ? fallback : message;
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
    if (!changed.ok) return { ok: false, error: MESSAGES.tooManyRequests, field: "currentPassword", retryAfterMs: changed.retryAfterMs };
    return { ok: true, value: changed.value.headers };
  } catch (error) {
    const message = authFailure(deps, error, MESSAGES.changeFailed);
    return message === MESSAGES.wrongPassword ? { ok: false, error: message, field: "currentPassword" } : { ok: false, error: message };
  }
}

/**
 * Deletes the account (the spec's soft delete: every session ends, it can no longer sign in) once its
 * password is confirmed, under the sign-in throttle. A failure of the deletion itself is logged and thrown.
 */
export async function deleteAccount(deps: SettingsDeps, call: SettingsCall, account: SettingsAccount, password: string): Promise<PasswordStep<null>> {
  try {
    const checked = await withPasswordThrottle(deps.db, attemptPair(account.email, call.clientIp), () => deps.auth.api.verifyPassword({ body: { password }, headers: call.headers }));
    if (!checked.ok) return { ok: false, error: MESSAGES.tooManyRequests, field: "password", retryAfterMs: checked.retryAfterMs };
  } catch (error) {
    let message: string = MESSAGES.deletionFailed;
    try {
      if (describeAuthError(error).cause === "wrong-password") message = MESSAGES.wrongPassword;
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
