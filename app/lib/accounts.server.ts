import { redirect } from "react-router";
import {
  applyAdminEmails,
  consume,
  ensureProfile,
  findUserByEmail,
  isThrottled,
  MESSAGES,
  recordSignIn,
  registerSchema,
  resetRequestSchema,
  signInSchema,
  THROTTLE,
  throttleKeys,
} from "../../core/accounts/index.ts";
import { attachGuestCart } from "../../core/cart/index.ts";
import { fieldErrors } from "../../core/shared/zod.ts";
import type { StoreContext } from "../../server/context.ts";
import { describeAuthError, forwardCookies } from "./auth-errors.server.ts";
import { clearCartCookie, readGuestCartId } from "./cart.server.ts";
import { safeRedirectPath } from "./safe-redirect.ts";

export type AuthFormResult =
  | { ok: false; mode: "signin" | "register" | "reset"; error: string; fields?: Record<string, string> }
  | { ok: true; mode: "reset"; message: string };

export const RESET_SENT_MESSAGE =
  "If an account exists for that email, we've sent instructions to reset your password. Check your inbox.";

type Fields = Record<string, string>;

/** After any successful sign-in or sign-up: the store's record, the admin list, the last login, the cart. */
async function completeSignIn(request: Request, context: StoreContext, user: { id: string; email: string }, authHeaders: Headers, redirectTo: string) {
  await ensureProfile(context.db, user.id);
  await applyAdminEmails(context.db, user.id, user.email, context.adminEmails);
  await recordSignIn(context.db, user.id);
  await attachGuestCart(context.db, await readGuestCartId(request, context), user.id);
  const headers = new Headers();
  forwardCookies(authHeaders, headers);
  headers.append("Set-Cookie", await clearCartCookie(context));
  return redirect(redirectTo, { headers });
}

export async function signIn(request: Request, context: StoreContext, fields: Fields): Promise<AuthFormResult | Response> {
  const parsed = signInSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, mode: "signin", error: MESSAGES.fillAll };
  const { email, password } = parsed.data;
  const accountKey = throttleKeys.signInAccount(email);
  const clientKey = throttleKeys.signInClient(context.clientIp);
  if (
    (await isThrottled(context.db, accountKey, THROTTLE.signInPerAccount)) ||
    (await isThrottled(context.db, clientKey, THROTTLE.signInPerClient))
  ) {
    return { ok: false, mode: "signin", error: MESSAGES.tooManyRequests, fields: { email } };
  }
  const failed = async (error: string): Promise<AuthFormResult> => {
    await consume(context.db, accountKey, THROTTLE.signInPerAccount);
    await consume(context.db, clientKey, THROTTLE.signInPerClient);
    return { ok: false, mode: "signin", error, fields: { email } };
  };
  const user = await findUserByEmail(context.db, email);
  if (!user || !user.active || user.deletedAt) return failed(MESSAGES.userNotFound);
  try {
    const { headers, response } = await context.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return completeSignIn(request, context, { id: response.user.id, email }, headers, safeRedirectPath(fields.redirectTo));
  } catch (error) {
    // The account exists (checked above), so a refused credential is a wrong password.
    const { message } = describeAuthError(error, { INVALID_EMAIL_OR_PASSWORD: "wrong-password" });
    return failed(message === MESSAGES.unexpected ? MESSAGES.loginFailed : message);
  }
}

export async function register(request: Request, context: StoreContext, fields: Fields): Promise<AuthFormResult | Response> {
  const parsed = registerSchema.safeParse(fields);
  const keep = { email: fields.email ?? "", displayName: fields.displayName ?? "" };
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, mode: "register", error: Object.values(errors)[0] ?? MESSAGES.registrationFailed, fields: keep };
  }
  const { email, password, displayName } = parsed.data;
  try {
    const { headers, response } = await context.auth.api.signUpEmail({
      body: { email, password, name: displayName || email.split("@")[0]!, callbackURL: "/dashboard?verified=1" },
      headers: request.headers,
      returnHeaders: true,
    });
    return completeSignIn(request, context, { id: response.user.id, email }, headers, safeRedirectPath(fields.redirectTo));
  } catch (error) {
    const { message } = describeAuthError(error);
    return { ok: false, mode: "register", error: message === MESSAGES.unexpected ? MESSAGES.registrationFailed : message, fields: keep };
  }
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
      await context.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: request.headers });
    } catch (error) {
      const { message } = describeAuthError(error);
      context.log.warn({ message }, "password reset request failed");
    }
  }
  return { ok: true, mode: "reset", message: RESET_SENT_MESSAGE };
}

export async function signOut(request: Request, context: StoreContext): Promise<Response> {
  const headers = new Headers();
  try {
    const result = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    forwardCookies(result.headers, headers);
  } catch (error) {
    describeAuthError(error); // rethrows anything but the library's own refusal (no session: nothing to end)
  }
  headers.append("Set-Cookie", await clearCartCookie(context));
  return redirect("/", { headers });
}
