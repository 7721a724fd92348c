import { redirect } from "react-router";
import { accountsField, registerSchema, resetRequestSchema, signInSchema } from "../../core/accounts/index.ts";
import type { AccountCall } from "../../core/identity/index.ts";
import type { StoreContext } from "../context.ts";
import { describeAuthError, forwardCookies } from "./auth-errors.server.ts";
import { clearCartCookie, readGuestCartId } from "./cart.server.ts";
import { safeRedirectPath } from "../../core/shared/safe-redirect.ts";
import { isLocale } from "../../core/shared/locale.ts";
import { fieldWords, languageSetCookie, localizedRedirect, localizeErrors, localizeText, requestLocale } from "./i18n.server.ts";
import { getViewer } from "./session.server.ts";

export type AuthFormResult =
  | { ok: false; mode: "signin" | "register" | "reset"; error: string; fields?: Record<string, string>; retryAfterSeconds?: number }
  | { ok: true; mode: "reset"; message: string };

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
 * An account form's answer in the request's language: the steps answer texts of the catalogue by id (the
 * spec's catalogue), which the page words in its own; what the door worded already stays as it is.
 */
export function localizeResult<R extends { error?: string; message?: string; fieldErrors?: Record<string, string> }>(request: Request, result: R): R {
  const out: { error?: string; message?: string; fieldErrors?: Record<string, string> } = { ...result };
  if (out.error !== undefined) out.error = localizeText(request, out.error);
  if (out.message !== undefined) out.message = localizeText(request, out.message);
  if (out.fieldErrors) out.fieldErrors = localizeErrors(request, out.fieldErrors) as Record<string, string>;
  return out as R;
}

/** The account steps' call for a page's request. */
export async function pageCall(request: Request, context: StoreContext): Promise<AccountCall> {
  return { headers: request.headers, locale: requestLocale(request), clientIp: context.clientIp, guestCartId: await readGuestCartId(request, context) };
}

export async function signIn(request: Request, context: StoreContext, fields: Fields): Promise<AuthFormResult | Response> {
  const parsed = signInSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, mode: "signin", error: accountsField("account.error.fillAll") };
  const { email } = parsed.data;
  const result = await context.useCases.identity.passwordSignIn(await pageCall(request, context), parsed.data);
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
    const errors = fieldWords(request, parsed.error);
    return { ok: false, mode: "register", error: Object.values(errors)[0] ?? accountsField("account.error.registrationFailed"), fields: keep };
  }
  const result = await context.useCases.identity.createAccount(await pageCall(request, context), parsed.data);
  if (!result.ok) return { ok: false, mode: "register", error: result.error, fields: keep };
  return signedIn(request, context, result.authHeaders, safeRedirectPath(fields.redirectTo));
}

/** The same answer whether or not the address has an account, so the form tells nobody who is registered. */
export async function requestReset(request: Request, context: StoreContext, fields: Fields): Promise<AuthFormResult> {
  const parsed = resetRequestSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, mode: "reset", error: fieldWords(request, parsed.error).email ?? localizeText(request, accountsField("account.error.resetFailed")), fields: { email: fields.email ?? "" } };
  const { email } = parsed.data;
  const result = await context.useCases.identity.sendPasswordReset(await pageCall(request, context), email);
  if (!result.ok) return { ok: false, mode: "reset", error: result.error, fields: { email } };
  return { ok: true, mode: "reset", message: result.message };
}

export async function signOut(request: Request, context: StoreContext): Promise<Response> {
  const headers = new Headers();
  // The account's language outlives the session: the pages after signing out keep speaking it.
  const viewer = await getViewer(request, context);
  const language = viewer ? (await context.useCases.accounts.getAccount(viewer.id))?.preferences.language : undefined;
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
