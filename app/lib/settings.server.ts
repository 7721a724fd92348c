import { data, redirect } from "react-router";
import { localePath } from "../i18n/index.ts";
import { accountsField, deleteAccountSchema, preferencesSchema } from "../../core/accounts/index.ts";
import { z } from "zod";
import type { StoreContext } from "../context.ts";
import type { FormResult } from "../components/account/form-result.ts";
import { forwardCookies } from "./auth-errors.server.ts";
import { clearCartCookie } from "./cart.server.ts";
import { expectDomainError } from "./domain-errors.server.ts";
import { readForm } from "./form.server.ts";
import { requireViewer } from "./session.server.ts";
import { cookieLocale, fieldWords, firstWords, languageSetCookie, localizedRedirect, localizeText, requestLocale } from "./i18n.server.ts";
import { localizeResult } from "./accounts.server.ts";
import { noStore } from "./private-page.ts";

// The page's own notices: ids of the catalogue, worded with the answer (localizeResult).
const PREFERENCES_SAVED = "account.settings.saved";
const SIGNED_OUT_THERE = "account.settings.signedOutThere";
const sessionIdSchema = z.object({ sessionId: z.string().min(1).max(100) });

/** A session's User-Agent as a person reads it: the app's own name, else the browser and the system. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const app = /^(EastHarlem\w*)\/([\d.]+)/.exec(userAgent);
  if (app) return `${app[1]} ${app[2]}`;
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrome\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : null;
  const system = /iPhone|iPad/.test(userAgent) ? "iOS" : /Android/.test(userAgent) ? "Android" : /Mac OS X/.test(userAgent) ? "macOS" : /Windows/.test(userAgent) ? "Windows" : /Linux/.test(userAgent) ? "Linux" : null;
  return browser || system ? [browser, system].filter(Boolean).join(", ") : userAgent.slice(0, 60);
}

type SettingsResult = FormResult<"preferences"> | FormResult<"delete"> | FormResult<"revoke">;

/** The settings page's forms: the preferences, signing out another session, deleting the account. */
export async function settingsAction(request: Request, context: StoreContext) {
  // Always the signed-in account: no id is read from the form.
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const reply = (result: SettingsResult, status = result.ok ? 200 : 400, headers: Record<string, string> = {}) =>
    data(localizeResult(request, result), { status, headers: { ...noStore, ...headers } });

  if (form.intent === "preferences") {
    const parsed = preferencesSchema.safeParse(form);
    if (!parsed.success) {
      const errors = fieldWords(request, parsed.error);
      return reply({ intent: "preferences", ok: false, error: Object.values(errors)[0] ?? accountsField("error.unexpected.detail"), fieldErrors: errors });
    }
    const p = parsed.data;
    const preferences = {
      theme: p.theme,
      language: p.language,
      currency: p.currency,
      notifications: {
        email: { orderUpdates: p.emailOrderUpdates, promotions: p.emailPromotions, newsletter: p.emailNewsletter, restockAlerts: p.emailRestockAlerts },
        push: { orderUpdates: p.pushOrderUpdates, promotions: p.pushPromotions, cartReminders: p.pushCartReminders },
      },
    };
    const saved = await context.useCases.identity.savePreferences(viewer, preferences);
    if (!saved.ok) {
      const message = localizeText(request, saved.error);
      return reply({ intent: "preferences", ok: false, error: message, fieldErrors: { [saved.field]: message } });
    }
    // The language is the store's too: the switcher's cookie follows it (it outlives the session), and a new
    // one opens this page in it.
    const languageCookie: Record<string, string> =
      (await cookieLocale(request)) === p.language ? {} : { "Set-Cookie": await languageSetCookie(p.language, context.secureCookies) };
    if (p.language !== requestLocale(request)) {
      return redirect(localePath("/settings?saved=1", p.language), { headers: { ...noStore, ...languageCookie } });
    }
    // The root loader reloads after this post and puts the new theme on <html>.
    return reply({ intent: "preferences", ok: true, message: PREFERENCES_SAVED }, 200, languageCookie);
  }

  if (form.intent === "revoke") {
    // Only the account's own sessions are found (core's endSession): an id of another's is "not found".
    const parsed = sessionIdSchema.safeParse(form);
    if (!parsed.success) return reply({ intent: "revoke", ok: false, error: accountsField("error.unexpected.detail") });
    try {
      await context.useCases.accounts.endSession(viewer.id, parsed.data.sessionId);
    } catch (error) {
      return reply({ intent: "revoke", ok: false, error: localizeText(request, expectDomainError(error)) }, 404);
    }
    return reply({ intent: "revoke", ok: true, message: SIGNED_OUT_THERE });
  }

  if (form.intent === "delete") {
    const parsed = deleteAccountSchema.safeParse(form);
    if (!parsed.success) {
      return reply({ intent: "delete", ok: false, error: firstWords(request, parsed.error, accountsField("account.error.deletionFailed")), fieldErrors: fieldWords(request, parsed.error) });
    }
    let deleted;
    try {
      deleted = await context.useCases.identity.deleteAccount({ headers: request.headers, clientIp: context.clientIp }, viewer, parsed.data.password);
    } catch {
      return reply({ intent: "delete", ok: false, error: accountsField("account.error.deletionFailed") }, 500);
    }
    if (!deleted.ok) {
      const throttled = deleted.retryAfterMs !== undefined;
      const headers: Record<string, string> = throttled ? { "Retry-After": String(Math.ceil(deleted.retryAfterMs! / 1000)) } : {};
      return reply({ intent: "delete", ok: false, error: deleted.error, fieldErrors: { password: deleted.error } }, throttled ? 429 : 400, headers);
    }
    // Every session is gone already; signing out also expires this browser's cookie.
    const headers = new Headers();
    try {
      const result = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true });
      forwardCookies(result.headers, headers);
    } catch {
      // The session no longer exists, so it cannot be used whatever the cookie says.
    }
    headers.append("Set-Cookie", await clearCartCookie(context));
    return localizedRedirect(request, "/", { headers });
  }

  return reply({ intent: "preferences", ok: false, error: accountsField("error.unexpected.detail") });
}
