import { redirect } from "react-router";
import {
  consume,
  findUserByEmail,
  finishSignIn,
  getAccount,
  MESSAGES,
  registerSchema,
  resetRequestSchema,
  signInSchema,
  signInWithPassword,
  THROTTLE,
  throttleKeys,
} from "../../core/accounts/index.ts";
import { fieldErrors } from "../../core/shared/zod.ts";
import type { StoreContext } from "../../server/context.ts";
import { describeAuthError, forwardCookies } from "./auth-errors.server.ts";
import { clearCartCookie, readGuestCartId } from "./cart.server.ts";
import { safeRedirectPath } from "./safe-redirect.ts";
import { isLocale } from "../../core/shared/locale.ts";
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
async function spendPasswordCheck(context: StoreContext, password: string): Promise<void> {
  const { password: passwords } = await context.auth.$context;
  await passwords.hash(password);
}

export async function signIn(request: Request, context: StoreContext, fields: Fields): Promise<AuthFormResult | Response> {
  const parsed = signInSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, mode: "signin", error: MESSAGES.fillAll };
  const { email, password } = parsed.data;
  const signInRequest = { email, clientIp: context.clientIp, guestCartId: await readGuestCartId(request, context), adminEmails: context.adminEmails };
  const result = await signInWithPassword(context.db, signInRequest, {
    spendPasswordCheck: () => spendPasswordCheck(context, password),
    checkPassword: async () => {
      try {
        const { headers, response } = await context.auth.api.signInEmail({
          body: { email, password, rememberMe: true },
          headers: request.headers,
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
  if (!result.ok) {
    const retryAfterSeconds = result.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    return { ok: false, mode: "signin", error: result.error, fields: { email }, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
  }
  return signedIn(request, context, result.session, safeRedirectPath(fields.redirectTo));
}

export async function register(request: Request, context: StoreContext, fields: Fields): Promise<AuthFormResult | Response> {
  const parsed = registerSchema.safeParse(fields);
  const keep = { email: fields.email ?? "", displayName: fields.displayName ?? "" };
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, mode: "register", error: Object.values(errors)[0] ?? MESSAGES.registrationFailed, fields: keep };
  }
  const { email, password, displayName } = parsed.data;
  // The identity library writes the user, the password and the session itself (its own handle); the
  // store's part follows in one transaction of ours. The verification mail is written before the profile
  // exists, so its callbackURL (the page in this page's language) gives it its language.
  let authHeaders: Headers;
  let userId: string;
  try {
    const { headers, response } = await context.auth.api.signUpEmail({
      body: { email, password, name: displayName || email.split("@")[0]!, callbackURL: localePath("/dashboard?verified=1", requestLocale(request)) },
      headers: request.headers,
      returnHeaders: true,
    });
    authHeaders = headers;
    userId = response.user.id;
  } catch (error) {
    const { message } = describeAuthError(error);
    return { ok: false, mode: "register", error: message === MESSAGES.unexpected ? MESSAGES.registrationFailed : message, fields: keep };
  }
  const guestCartId = await readGuestCartId(request, context);
  await finishSignIn(context.db, { userId, email, clientIp: context.clientIp, guestCartId, adminEmails: context.adminEmails, language: requestLocale(request) });
  return signedIn(request, context, authHeaders, safeRedirectPath(fields.redirectTo));
}

/** The same answer whether or not the address has an account, so the form tells nobody who is registered. */
export async function requestReset(request: Request, context: StoreContext, fields: Fields): Promise<AuthFormResult> {
  const parsed = resetRequestSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, mode: "reset", error: fieldErrors(parsed.error).email ?? MESSAGES.resetFailed, fields: { email: fields.email ?? "" } };
  const { email } = parsed.data;
  if (!(await consume(context.db, throttleKeys.passwordReset(email), THROTTLE.passwordReset))) {
    return { ok: false, mode: "reset", error: MESSAGES.tooManyRequests, fields: { email } };
  }
  const user = await findUserByEmail(context.db, email);
  if (user && user.active && !user.deletedAt) {
    try {
      await context.auth.api.requestPasswordReset({ body: { email, redirectTo: localePath("/reset-password", requestLocale(request)) }, headers: request.headers });
    } catch (error) {
      const { message } = describeAuthError(error);
      context.log.warn({ message }, "password reset request failed");
    }
  }
  return { ok: true, mode: "reset", message: RESET_SENT_MESSAGE };
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
