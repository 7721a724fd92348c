import { redirect } from "react-router";
import { z } from "zod";
import { LOCALES } from "../../core/shared/locale.ts";
import { localePath } from "../i18n/index.ts";
import { readForm } from "../lib/form.server.ts";
import { firstWords, languageSetCookie } from "../lib/i18n.server.ts";
import { safeRedirectPath } from "../../core/shared/safe-redirect.ts";
import { getViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/language";
import { privateHeaders } from "../lib/private-page.ts";

const switchSchema = z.object({ lang: z.enum(LOCALES, "account.error.chooseLanguage"), redirectTo: z.string().optional() });

/**
 * The header's language switcher posts here (a plain form: it works without JavaScript). The choice is kept
 * in a cookie, and on the account of a signed-in shopper (Settings shows it), then the same page opens in
 * that language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = switchSchema.safeParse(await readForm(request));
  if (!parsed.success) return Response.json({ error: firstWords(request, parsed.error, "account.error.chooseLanguage") }, { status: 400 });
  const { lang } = parsed.data;
  const viewer = await getViewer(request, context);
  if (viewer) {
    const account = await context.useCases.accounts.getAccount(viewer.id);
    if (account && account.preferences.language !== lang) await context.useCases.accounts.updatePreferences(viewer.id, { ...account.preferences, language: lang });
  }
  return redirect(localePath(safeRedirectPath(parsed.data.redirectTo), lang), {
    headers: privateHeaders({ "Set-Cookie": await languageSetCookie(lang, context.secureCookies) }),
  });
}

/** Following a link here changes nothing: a GET never changes state. */
export function loader() {
  return redirect("/");
}
