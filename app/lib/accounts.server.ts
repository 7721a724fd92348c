import { redirect } from "react-router";
import {
  consume,
  findUserByEmail,
  getAccount,
  MESSAGES,
  registerSchema,
  resetRequestSchema,
  signInSchema,
  signInWithPassword,
  signUpWithPassword,
  THROTTLE,
  throttleKeys,
} from "../../core/accounts/index.ts";
import { fieldErrors } from "../../core/shared/zod.ts";
import type { StoreContext } from "../../server/context.ts";
import { describeAuthError, forwardCookies } from "./auth-errors.server.ts";
import { clearCartCookie, readGuestCartId } from "./cart.server.ts";
import { safeRedirectPath } from "../../core/shared/safe-redirect.ts";
import { isLocale, type Locale } from "../../core/shared/locale.ts";
import { localePath } from "../i18n/index.ts";
import { languageSetCookie, localizedRedirect, localizeErrors, localizeText, requestLocale } from "./i18n.server.ts";
import { getViewer } from "./session.server.ts";

export type AuthFormResult =
  | { ok: false; mode: "signin" | "register" | "reset"; error: string; fields?: Record<string, string>; retryAfterSeconds?: number }
  | { ok: true; mode: "reset"; message: string };

export const RESET_SENT_MESSAGE =
  "If an account exists for that email, we've sent instructions to reset your password. Check your inbox.";

type Fields = Record<string, string>;

/**
 * The redirect after a sign-in or sign-up, in the language of the page the form was on: the identity
 * library's session cookie, and the guest cart cookie gone.
 */
async function signedIn(request: Request, context: StoreContext, authHeaders: Headers, redirectTo: string) {
  const headers = new Headers();
  forwardCookies(authHeaders, headers);
  headers.append("Set-Cookie", await clearCartCookie(context));
  return localizedRedirect(request, redirectTo, { headers });
}

/**
 * An account form's answer in the request's language: the domain writes its messages in English (the
 * spec's catalogue), and the page shows them in its own.
 */
export function localizeResult<R extends { error?: string; message?: string; fieldErrors?: Record<string, string> }>(request: Request, result: R): R {
  const out: { error?: string; message?: string; fieldErrors?: Record<string, string> } = { ...result };
  if (out.error !== undefined) out.error = localizeText(request, out.error);
  if (out.message !== undefined) out.message = localizeText(request, out.message);
  if (out.fieldErrors) out.fieldErrors = localizeErrors(request, out.fieldErrors) as Record<string, string>;
  return out as R;
}

/**
 * For an email with no account: one argon2id hash of the typed password by the identity library's own
 * hash function (the real hashes' parameters), so the answer takes as long as a wrong password's.
 */
async function spendPasswordCheck(auth: StoreContext["auth"], password: string): Promise<void> {
  const { password: passwords } = await auth.$context;
  await passwords.hash(password);
}

/** What the account steps need from the server, for the pages and the app's API alike. */
export type AccountDeps = Pick<StoreContext, "db" | "auth" | "adminEmails" | "log">;

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
        return { ok: false, error: message === MESSAGES.unexpected ? MESSAGES.loginFailed : message };
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
          return { ok: false as const, error: message === MESSAGES.unexpected ? MESSAGES.registrationFailed : message };
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
  if (!(await consume(deps.db, throttleKeys.passwordReset(email), THROTTLE.passwordReset))) return { ok: false, error: MESSAGES.tooManyRequests };
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

export const VERIFICATION_SENT = "Verification email sent. Check your inbox.";

/**
 * Mails the verification link again to an account not verified yet, at most 3 times an hour (the profile's
 * button and the app's API). The link leads to the dashboard in the caller's language.
 */
export async function resendVerification(
  deps: AccountDeps,
  call: AccountCall,
  account: { id: string; email: string; emailVerified: boolean },
): Promise<{ ok: true; message: string } | { ok: false; error: string; throttled?: true }> {
  if (account.emailVerified) return { ok: false, error: MESSAGES.resendFailed };
  if (!(await consume(deps.db, throttleKeys.verificationResend(account.id), THROTTLE.verificationResend))) return { ok: false, error: MESSAGES.tooManyRequests, throttled: true };
  try {
    await deps.auth.api.sendVerificationEmail({ body: { email: account.email, callbackURL: localePath("/dashboard?verified=1", call.locale) }, headers: call.headers });
  } catch (error) {
    try {
      describeAuthError(error);
    } catch {
      deps.log.error({ err: error }, MESSAGES.resendFailed);
    }
    return { ok: false, error: MESSAGES.resendFailed };
  }
  return { ok: true, message: VERIFICATION_SENT };
}

/** The account steps' call for a page's request. */
export async function pageCall(request: Request, context: StoreContext): Promise<AccountCall> {
  return { headers: request.headers, locale: requestLocale(request), clientIp: context.clientIp, guestCartId: await readGuestCartId(request, context) };
}

export async function signIn(request: Request, context: StoreContext, fields: Fields): Promise<AuthFormResult | Response> {
  const parsed = signInSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, mode: "signin", error: MESSAGES.fillAll };
  const { email } = parsed.data;
  const result = await passwordSignIn(context, await pageCall(request, context), parsed.data);
  if (!result.ok) {
    const retryAfterSeconds = result.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    return { ok: false, mode: "signin", error: result.error, fields: { email }, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
  }
  return signedIn(request, context, result.authHeaders, safeRedirectPath(fields.redirectTo));
}

export async function register(request: Request, context: StoreContext, fields: Fields): Promise<AuthFormResult | Response> {
  const parsed = registerSchema.safeParse(fields);
  const keep = { email: fields.email ?? "", displayName: fields.displayName ?? "" };
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, mode: "register", error: Object.values(errors)[0] ?? MESSAGES.registrationFailed, fields: keep };
  }
  const result = await createAccount(context, await pageCall(request, context), parsed.data);
  if (!result.ok) return { ok: false, mode: "register", error: result.error, fields: keep };
  return signedIn(request, context, result.authHeaders, safeRedirectPath(fields.redirectTo));
}

/** The same answer whether or not the address has an account, so the form tells nobody who is registered. */
export async function requestReset(request: Request, context: StoreContext, fields: Fields): Promise<AuthFormResult> {
  const parsed = resetRequestSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, mode: "reset", error: fieldErrors(parsed.error).email ?? MESSAGES.resetFailed, fields: { email: fields.email ?? "" } };
  const { email } = parsed.data;
  const result = await sendPasswordReset(context, await pageCall(request, context), email);
  if (!result.ok) return { ok: false, mode: "reset", error: result.error, fields: { email } };
  return { ok: true, mode: "reset", message: result.message };
}

export async function signOut(request: Request, context: StoreContext): Promise<Response> {
  const headers = new Headers();
  // The account's language outlives the session: the pages after signing out keep speaking it.
  const viewer = await getViewer(request, context);
  const language = viewer ? (await getAccount(context.db, viewer.id))?.preferences.language : undefined;
  if (isLocale(language)) headers.append("Set-Cookie", await languageSetCookie(language, context.secureCookies));
  try {
    const result = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    forwardCookies(result.headers, headers);
  } catch (error) {
    describeAuthError(error); // rethrows anything but the library's own refusal (no session: nothing to end)
  }
  headers.append("Set-Cookie", await clearCartCookie(context));
  return redirect("/", { headers });
}
