import type { Preferences } from "../../db/schema/index.ts";
import { fieldTextsOf } from "../shared/text.ts";

/** Account rules and the product's messages (SPEC sections 5 and 8), word for word. */

export const MIN_PASSWORD_LENGTH = 6;

export const DEFAULT_PREFERENCES: Preferences = {
  theme: "auto",
  language: "en",
  currency: "USD",
  notifications: {
    email: { orderUpdates: true, promotions: false, newsletter: false, restockAlerts: false },
    push: { orderUpdates: false, promotions: false, cartReminders: false },
  },
};

/**
 * The address a deleted account's row keeps: not an email (no "@"), so no sign-up can ever be given it or
 * collide with it, and the person's own email is free for a new account.
 */
export function deletedAccountEmail(userId: string): string {
  return `deleted:${userId}`;
}

/**
 * The account's texts (SPEC sections 5 and 8): ids of the catalogue (texts/messages), worded by the doors in
 * the request's language. The form checks give them as their messages; the steps (core/identity) answer them.
 */
export const accountsField = fieldTextsOf({
  "account.error.fillRequired": [],
  "account.error.fillAll": [],
  "account.error.passwordsDontMatch": [],
  "account.error.passwordTooShort": [],
  "account.error.acceptTerms": [],
  "account.error.newPasswordsDontMatch": [],
  "account.error.userNotFound": [],
  "account.error.accountDeactivated": [],
  "account.error.wrongPassword": [],
  "account.error.emailInUse": [],
  "account.error.weakPassword": [],
  "account.error.invalidEmail": [],
  "account.error.tooManyRequests": [],
  "account.error.networkError": [],
  "account.error.requiresRecentLogin": [],
  "error.unexpected.detail": [],
  "account.error.loginFailed": [],
  "account.error.registrationFailed": [],
  "account.error.resetFailed": [],
  "account.error.changeFailed": [],
  "account.error.resendFailed": [],
  "account.error.deletionFailed": [],
  "account.error.profileSaved": [],
  "account.error.profileFailed": [],
  "account.error.resetSent": [],
  "account.profile.verificationSent": [],
  "account.error.emailRequired": [],
  "account.error.max50": [],
  "account.error.max80": [],
  "api.domain.tooLong": [],
  "account.error.phone": [],
  "account.error.chooseTheme": [],
  "account.error.chooseLanguage": [],
  "account.error.chooseCurrency": [],
  "account.error.confirmWithPassword": [],
});
const field = accountsField;

/** The causes the identity layer reports, as the spec's catalogue names them. */
export type AuthCause =
  | "user-not-found"
  | "wrong-password"
  | "email-already-in-use"
  | "weak-password"
  | "invalid-email"
  | "too-many-requests"
  | "network-request-failed"
  | "requires-recent-login";

const CAUSE_TEXTS: Record<AuthCause, string> = {
  "user-not-found": field("account.error.userNotFound"),
  "wrong-password": field("account.error.wrongPassword"),
  "email-already-in-use": field("account.error.emailInUse"),
  "weak-password": field("account.error.weakPassword"),
  "invalid-email": field("account.error.invalidEmail"),
  "too-many-requests": field("account.error.tooManyRequests"),
  "network-request-failed": field("account.error.networkError"),
  "requires-recent-login": field("account.error.requiresRecentLogin"),
};

/** The text of an unexpected failure, which the steps replace with their own (login failed, ...). */
export const UNEXPECTED_AUTH_ERROR = field("error.unexpected.detail");

/**
 * The spec's error catalogue: a known cause's text (its id), else the provider's own message (the identity
 * library's words, which the catalogue cannot know), else the unexpected failure's text.
 */
export function authErrorMessage(cause: AuthCause | null, providerMessage?: string | null): string {
  if (cause) return CAUSE_TEXTS[cause];
  return providerMessage?.trim() || UNEXPECTED_AUTH_ERROR;
}

/** Maps better-auth's error codes to the catalogue's causes. */
export function causeFromProviderCode(code: string | undefined): AuthCause | null {
  switch (code) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "email-already-in-use";
    case "PASSWORD_TOO_SHORT":
      return "weak-password";
    case "INVALID_EMAIL":
      return "invalid-email";
    case "INVALID_PASSWORD":
      return "wrong-password";
    case "USER_NOT_FOUND":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return "user-not-found";
    case "SESSION_EXPIRED":
      return "requires-recent-login";
    case "TOO_MANY_REQUESTS":
      return "too-many-requests";
    default:
      return null;
  }
}

/** Up to two initials from the display name, else the part of the email before the @. */
export function avatarText(displayName: string | null | undefined, email: string): string {
  const words = (displayName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) return words.slice(0, 2).map((w) => w[0]!.toUpperCase()).join("");
  return email.split("@")[0] ?? email;
}

export function isAdminRole(role: string | null | undefined): boolean {
  return role === "admin" || role === "super_admin";
}

/** Fixed windows for the mail a visitor can make the store send: verification resends and reset requests. */
export const THROTTLE = {
  verificationResend: { limit: 3, windowMs: 60 * 60_000 },
  passwordReset: { limit: 5, windowMs: 60 * 60_000 },
} as const;

/**
 * Password guesses (sign-in, and the current-password checks in settings) are throttled per pair of
 * account and client address, never per account alone, so that nobody can lock an owner out from
 * elsewhere (ADR 0010). A pair's first `freeFailures` failures cost nothing; after each further one the
 * pair waits, twice as long each time, up to `maxWaitMs`. A pair quiet for `forgetAfterMs` starts afresh.
 * An address that has failed on more than `spray.accounts` different accounts within `spray.windowMs` is
 * spraying: its pairs that have failed lose their free failures and wait from `spray.firstWaitMs`. Pairs
 * that have not failed are never held back, whatever their address did elsewhere.
 */
export const PASSWORD_THROTTLE = {
  freeFailures: 5,
  firstWaitMs: 2_000,
  maxWaitMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  spray: { accounts: 50, windowMs: 60 * 60_000, firstWaitMs: 60_000 },
} as const;

/** Whose guesses are counted together: the account (its email, as typed) and the client's address. */
export interface AttemptPair {
  account: string;
  client: string;
}

export function attemptPair(email: string, clientIp: string): AttemptPair {
  return { account: email.trim().toLowerCase(), client: clientIp };
}

/** A pair's record: attempts not proven right, and when the latest one started. */
export interface PairAttempts {
  failures: number;
  lastAttemptAt: Date;
}

export type AttemptDecision = { allowed: true; failures: number } | { allowed: false; retryAfterMs: number };

/** How long a pair waits after its latest failure, given how many failures it has. */
export function waitAfterFailuresMs(failures: number, spraying: boolean): number {
  const free = spraying ? 0 : PASSWORD_THROTTLE.freeFailures;
  if (failures <= free) return 0;
  const first = spraying ? PASSWORD_THROTTLE.spray.firstWaitMs : PASSWORD_THROTTLE.firstWaitMs;
  // Capped before doubling overflows: 2^30 times any first wait is far past the cap.
  return Math.min(first * 2 ** Math.min(failures - free - 1, 30), PASSWORD_THROTTLE.maxWaitMs);
}

/**
 * Whether a pair may try a password now. Allowed, the attempt counts as a failure until it succeeds
 * (`failures` is the pair's count with it); refused, `retryAfterMs` says when the pair may try again.
 */
export function decideAttempt(pair: PairAttempts | null, spraying: boolean, now: Date): AttemptDecision {
  const sinceLastMs = pair ? now.getTime() - pair.lastAttemptAt.getTime() : Infinity;
  const failures = pair && sinceLastMs < PASSWORD_THROTTLE.forgetAfterMs ? pair.failures : 0;
  const waitMs = waitAfterFailuresMs(failures, spraying);
  if (waitMs > 0 && sinceLastMs < waitMs) return { allowed: false, retryAfterMs: waitMs - sinceLastMs };
  return { allowed: true, failures: failures + 1 };
}
