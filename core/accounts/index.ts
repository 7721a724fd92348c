// The accounts module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { accountsField, attemptPair, authErrorMessage, causeFromProviderCode, type AuthCause, DEFAULT_PREFERENCES, deletedAccountEmail, isAdminRole, MIN_PASSWORD_LENGTH, PASSWORD_THROTTLE, THROTTLE, UNEXPECTED_AUTH_ERROR } from "./rules.ts";
export { changePasswordJsonSchema, changePasswordSchema, deleteAccountSchema, newPasswordSchema, preferencesJsonSchema, preferencesSchema, profileJsonSchema, profileSchema, registerJsonSchema, registerSchema, resetRequestSchema, signInSchema } from "./inputs.ts";
export { findPairAttempts, findUserByEmail, getAccount, listSessions, type SignedInSession } from "./queries.ts";
export { applyAdminEmails, endSession, ensureProfile, finishSignIn, retireAccount, setCurrencyPreference, setRoleByEmail, signInWithPassword, signUpWithPassword, softDeleteUser, updatePreferences, updateProfile, withPasswordThrottle, type PasswordSignInPorts, type PasswordSignUpPorts } from "./commands.ts";
export { claimAttempt, consume, consumeAll, countInWindow, isThrottled, pruneWindows, throttleKeys, SyncedWindowCounter, WindowCounter, type ThrottleRule, type WindowCount } from "./throttle.ts";
export { AccountError } from "./errors.ts";
export type { Preferences, Role } from "../../db/schema/index.ts";
export { joinRefusedHere, limitJoins } from "./joins.ts";
