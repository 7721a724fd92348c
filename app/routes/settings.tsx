import { data, useNavigation } from "react-router";
import { Form, useLocale, useT, type MessageId } from "../i18n/index.ts";
import { offeredCurrencies } from "../../core/currency/index.ts";
import { storeDateTime } from "../lib/dates.ts";
import { MemberErrorBoundary, guardedMeta } from "../components/account/auth-guard.tsx";
import { resultFor } from "../components/account/form-result.ts";
import { inputClass, labelClass, Notice, primaryButton, secondaryButton, Section } from "../components/account/page-shell.tsx";
import { actionRetryAfter } from "../lib/retry-after.ts";
import { requireViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/settings";
import { deviceName, settingsAction } from "../lib/settings.server.ts";
import { noStore } from "../lib/private-page.ts";

export const headers = actionRetryAfter;

export const meta: Route.MetaFunction = guardedMeta({ id: "account.settings.pageTitle" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  // The newsletter switch shows the subscription itself (the two are one; a guest sign-up counts too).
  const current = await context.useCases.identity.currentPreferences(viewer);
  if (!current) throw data({ access: "signed-out" as const }, { status: 401, headers: noStore });
  const { preferences, newsletterPending } = current;
  // A save that changed the language opens this page again in the new one, saying it was saved.
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  // Only US dollars and the currencies with a rate are offered; a saved choice whose rate was cleared shows as USD.
  const currencies = offeredCurrencies(await context.useCases.currency.currentRates());
  if (!(currencies as string[]).includes(preferences.currency)) preferences.currency = "USD";
  // Where the account is signed in: browsers and the app's tokens (the app's API lists the same, ADR 0027).
  const session = await context.auth.api.getSession({ headers: request.headers });
  const sessions = (await context.useCases.accounts.listSessions(viewer.id)).map((s) => ({
    id: s.id,
    device: deviceName(s.userAgent),
    createdAt: s.createdAt.toISOString(),
    current: s.id === session?.session.id,
  }));
  return data({ preferences, currencies, newsletterPending, email: viewer.email, saved, sessions }, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction(request, context);
}

const THEME_OPTIONS: readonly { value: string; label: MessageId }[] = [
  { value: "auto", label: "account.settings.theme.auto" },
  { value: "light", label: "account.settings.theme.light" },
  { value: "dark", label: "account.settings.theme.dark" },
];

/**
 * The email switches. Each governs the mail kinds MAIL_KINDS (core/mail/kinds.ts) names for it, checked by
 * queueMail for every mail: order updates the shipped, delivered, cancelled and refunded notices; the
 * newsletter is the subscription itself; promotions and restock alerts the mails of those kinds (the
 * drops' restock alerts, when they come). Receipts, tickets, RSVPs and account mails ignore them and say so.
 */
const EMAIL_SWITCHES = [
  { name: "emailOrderUpdates", label: "account.settings.orderUpdates", key: "orderUpdates" },
  { name: "emailPromotions", label: "account.settings.promotions", key: "promotions" },
  { name: "emailNewsletter", label: "account.settings.newsletter", key: "newsletter" },
  { name: "emailRestockAlerts", label: "account.settings.restockAlerts", key: "restockAlerts" },
] as const satisfies readonly { name: string; label: MessageId; key: string }[];

const PUSH_SWITCHES = [
  { name: "pushOrderUpdates", label: "account.settings.orderUpdates", key: "orderUpdates" },
  { name: "pushPromotions", label: "account.settings.promotions", key: "promotions" },
  { name: "pushCartReminders", label: "account.settings.cartReminders", key: "cartReminders" },
] as const satisfies readonly { name: string; label: MessageId; key: string }[];

function Switch({ name, label, checked, hint }: { name: string; label: string; checked: boolean; hint?: string | null }) {
  return (
    <div>
      <label htmlFor={name} className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded px-1 hover:bg-paper">
        <span>{label}</span>
        <input id={name} name={name} type="checkbox" role="switch" defaultChecked={checked} aria-describedby={hint ? `${name}-hint` : undefined} className="h-5 w-5 shrink-0 accent-current" />
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="px-1 pb-2 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { preferences, currencies, newsletterPending, email } = loaderData;
  const t = useT();
  const newsletterHint = newsletterPending ? t("account.settings.newsletterPending", { email }) : null;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const prefsResult = resultFor(actionData, "preferences") ?? (loaderData.saved ? { ok: true as const, message: t("account.settings.saved") } : null);
  const deleteResult = resultFor(actionData, "delete");
  const revokeResult = resultFor(actionData, "revoke");
  const locale = useLocale();
  const deleteFailed = deleteResult && !deleteResult.ok ? deleteResult : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl">{t("account.settings.pageTitle")}</h1>

      <div className="mt-8 space-y-6">
        <Section title={t("account.settings.preferences")} id="preferences-heading">
          <Form method="post" action="/settings" className="space-y-6" preventScrollReset>
            <input type="hidden" name="intent" value="preferences" />
            {prefsResult ? <Notice tone={prefsResult.ok ? "ok" : "error"}>{prefsResult.ok ? prefsResult.message : prefsResult.error}</Notice> : null}

            <fieldset>
              <legend className={labelClass}>{t("account.settings.theme")}</legend>
              <div className="flex flex-wrap gap-x-6">
                {THEME_OPTIONS.map((option) => (
                  <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-2">
                    <input type="radio" name="theme" value={option.value} defaultChecked={preferences.theme === option.value} className="h-5 w-5 accent-current" />
                    {t(option.label)}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="language" className={labelClass}>
                  {t("account.settings.language")}
                </label>
                <select id="language" name="language" defaultValue={preferences.language} aria-describedby="language-hint" className={inputClass}>
                  <option value="en" lang="en">
                    English
                  </option>
                  <option value="es" lang="es">
                    Español
                  </option>
                </select>
                <p id="language-hint" className="mt-1 text-sm text-muted">
                  {t("account.settings.languageHint")}
                </p>
              </div>
              {currencies.length > 1 ? (
                <div>
                  <label htmlFor="currency" className={labelClass}>
                    {t("account.settings.currency")}
                  </label>
                  <select id="currency" name="currency" defaultValue={preferences.currency} aria-describedby="currency-hint" className={inputClass}>
                    {currencies.map((code) => (
                      <option key={code} value={code}>
                        {t("currency.option", { code, name: t(`currency.name.${code}`) })}
                      </option>
                    ))}
                  </select>
                  <p id="currency-hint" className="mt-1 text-sm text-muted">
                    {t("currency.settingsHint")}
                  </p>
                </div>
              ) : (
                // No rates are set: prices are in US dollars only, and there is nothing to choose.
                <input type="hidden" name="currency" value="USD" />
              )}
            </div>

            <fieldset>
              <legend className={labelClass}>{t("account.settings.emailNotifications")}</legend>
              <p className="px-1 pb-2 text-sm text-muted">
                {t("account.settings.alwaysSent")}
              </p>
              <div className="divide-y divide-line">
                {EMAIL_SWITCHES.map((s) => (
                  <Switch key={s.name} name={s.name} label={t(s.label)} checked={preferences.notifications.email[s.key]} hint={s.key === "newsletter" ? newsletterHint : null} />
                ))}
              </div>
            </fieldset>

            <fieldset>
              <legend className={labelClass}>{t("account.settings.pushNotifications")}</legend>
              <div className="divide-y divide-line">
                {PUSH_SWITCHES.map((s) => (
                  <Switch key={s.name} name={s.name} label={t(s.label)} checked={preferences.notifications.push[s.key]} />
                ))}
              </div>
            </fieldset>

            <button type="submit" disabled={busy("preferences")} className={primaryButton}>
              {busy("preferences") ? t("account.saving") : t("account.settings.savePreferences")}
            </button>
          </Form>
        </Section>

        <Section title={t("account.settings.sessions")} id="sessions-heading">
          <div className="space-y-4">
            <p>{t("account.settings.sessionsText")}</p>
            {revokeResult ? <Notice tone={revokeResult.ok ? "ok" : "error"}>{revokeResult.ok ? revokeResult.message : revokeResult.error}</Notice> : null}
            <ul className="divide-y divide-line" data-testid="sessions">
              {loaderData.sessions.map((session) => (
                <li key={session.id} className="flex min-h-11 flex-wrap items-center justify-between gap-3 py-2">
                  <div>
                    <p className="font-semibold">
                      {session.device ?? t("account.settings.unknownDevice")}
                      {session.current ? <span className="ml-2 text-sm font-normal text-muted">{t("account.settings.thisBrowser")}</span> : null}
                    </p>
                    <p className="text-sm text-muted">{t("account.settings.signedInOn", { date: storeDateTime(session.createdAt, locale) })}</p>
                  </div>
                  {session.current ? null : (
                    <Form method="post" action="/settings" preventScrollReset>
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="sessionId" value={session.id} />
                      <button type="submit" className={secondaryButton} aria-label={t("account.settings.revokeDevice", { device: session.device ?? t("account.settings.unknownDevice") })}>
                        {t("account.settings.revoke")}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </Section>

        <Section title={t("account.settings.yourData")} id="data-heading">
          <div className="space-y-4">
            <p>{t("account.settings.yourDataText")}</p>
            {/* A plain link: the file downloads with or without JavaScript, and the page stays where it is. */}
            <a href="/settings/export" download className={secondaryButton}>
              {t("account.settings.download")}
            </a>
          </div>
        </Section>

        <Section title={t("account.settings.deleteAccount")} id="delete-heading" className="border-danger">
          <Form method="post" action="/settings" className="space-y-4" noValidate preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <p>{t("account.settings.deleteText")}</p>
            {deleteFailed ? <Notice tone="error" id="delete-error">{deleteFailed.error}</Notice> : null}
            <div>
              <label htmlFor="delete-password" className={labelClass}>
                {t("account.password")}
              </label>
              <input
                id="delete-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                className={inputClass}
                {...(deleteFailed ? { "aria-invalid": true, "aria-describedby": "delete-error" } : {})}
              />
            </div>
            <button type="submit" disabled={busy("delete")} className="inline-flex min-h-11 items-center justify-center rounded bg-brick px-5 py-2 font-semibold text-white disabled:opacity-60">
              {busy("delete") ? t("account.settings.deleting") : t("account.settings.deleteButton")}
            </button>
          </Form>
        </Section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
