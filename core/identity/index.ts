// The identity module's face (better-auth with the store's settings: sessions, password hashes and one-time
// tokens in the store's database, ADR 0047): the server opens it and serves its links; the pages and the JSON
// API call it through the load context (app/context.ts).
export { authCookieSettings, createAuth, type Auth, type AuthOptions, type LoadingAuth } from "./library.ts";
export { hashPassword, verifyPassword } from "./password.ts";
export { describeAuthError } from "./errors.ts";
export {
  changePassword,
  createAccount,
  currentPreferences,
  deleteAccount,
  passwordSignIn,
  resendVerification,
  RESET_SENT_MESSAGE,
  savePreferences,
  sendPasswordReset,
  VERIFICATION_SENT,
  type AccountCall,
  type AccountDeps,
  type AccountStep,
  type PasswordStep,
  type SettingsAccount,
  type SettingsCall,
  type SettingsDeps,
} from "./commands.ts";
