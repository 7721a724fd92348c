import { data, useLocation, useNavigation } from "react-router";
import { Form, Link, useT } from "../i18n/index.ts";
import { accountsField, changePasswordSchema, profileSchema } from "../../core/accounts/index.ts";
import { MemberErrorBoundary, guardedMeta } from "../components/account/auth-guard.tsx";
import { resultFor, type FormResult } from "../components/account/form-result.ts";
import { inputClass, labelClass, Notice, primaryButton, secondaryButton, Section } from "../components/account/page-shell.tsx";
import { ChangePasswordForm, ResendVerificationForm } from "../components/account/security-forms.tsx";
import { forwardCookies } from "../lib/auth-errors.server.ts";
import { actionRetryAfter } from "../lib/retry-after.ts";
import { readForm } from "../lib/form.server.ts";
import { requireViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/profile";
import { fieldWords, localizedRedirect } from "../lib/i18n.server.ts";
import { localizeResult, pageCall } from "../lib/accounts.server.ts";
import { noStore } from "../lib/private-page.ts";

export const headers = actionRetryAfter;

export const meta: Route.MetaFunction = guardedMeta({ id: "account.profile.pageTitle" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const account = await context.useCases.accounts.getAccount(viewer.id);
  if (!account) throw data({ access: "signed-out" as const }, { status: 401, headers: noStore });
  const url = new URL(request.url);
  return data(
    {
      editing: url.searchParams.get("edit") === "1",
      passwordChanged: url.searchParams.get("password") === "changed",
      account: { email: account.email, emailVerified: account.emailVerified, profile: account.profile },
    },
    { headers: noStore },
  );
}

type ProfileResult = FormResult<"profile"> | FormResult<"password"> | FormResult<"resend">;

export async function action({ request, context }: Route.ActionArgs) {
  // Every change is made to the signed-in account; no id is ever read from the form.
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const reply = (result: ProfileResult, status = result.ok ? 200 : 400, headers = new Headers()) => {
    headers.set("Cache-Control", noStore["Cache-Control"]);
    return data(localizeResult(request, result), { status, headers });
  };

  if (form.intent === "profile") {
    const fields = { firstName: form.firstName ?? "", lastName: form.lastName ?? "", phone: form.phone ?? "", marketingOptIn: form.marketingOptIn ?? "" };
    const parsed = profileSchema.safeParse({ ...fields, marketingOptIn: form.marketingOptIn || undefined });
    if (!parsed.success) {
      const errors = fieldWords(request, parsed.error);
      return reply({ intent: "profile", ok: false, error: Object.values(errors)[0] ?? accountsField("account.error.profileFailed"), fieldErrors: errors, fields });
    }
    try {
      await context.useCases.accounts.updateProfile(viewer.id, parsed.data);
    } catch (error) {
      context.log.error({ err: error, userId: viewer.id }, "profile update failed");
      return reply({ intent: "profile", ok: false, error: accountsField("account.error.profileFailed"), fields }, 500);
    }
    return reply({ intent: "profile", ok: true, message: accountsField("account.error.profileSaved") });
  }

  if (form.intent === "password") {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) {
      const errors = fieldWords(request, parsed.error);
      return reply({ intent: "password", ok: false, error: Object.values(errors)[0] ?? accountsField("account.error.changeFailed"), fieldErrors: errors });
    }
    const changed = await context.useCases.identity.changePassword({ headers: request.headers, clientIp: context.clientIp }, viewer, parsed.data);
    if (!changed.ok) {
      if (changed.retryAfterMs !== undefined) {
        const headers = new Headers({ "Retry-After": String(Math.ceil(changed.retryAfterMs / 1000)) });
        return reply({ intent: "password", ok: false, error: changed.error, fieldErrors: { currentPassword: changed.error } }, 429, headers);
      }
      return reply({ intent: "password", ok: false, error: changed.error, ...(changed.field ? { fieldErrors: { [changed.field]: changed.error } } : {}) });
    }
    const authHeaders = changed.value;
    // The session was renewed (the others ended): the browser needs the new cookie, and the page must
    // be loaded again with it (this request's cookie names a session that no longer exists).
    const out = new Headers(noStore);
    forwardCookies(authHeaders, out);
    return localizedRedirect(request, "/profile?password=changed", { headers: out });
  }

  if (form.intent === "resend") {
    const result = await context.useCases.identity.resendVerification(await pageCall(request, context), viewer);
    if (!result.ok) return reply({ intent: "resend", ok: false, error: result.error }, result.throttled ? 429 : 400);
    return reply({ intent: "resend", ok: true, message: result.message });
  }

  return reply({ intent: "profile", ok: false, error: accountsField("account.error.profileFailed") });
}

function Detail({ term, value }: { term: string; value: string }) {
  const t = useT();
  return (
    <div>
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="break-words font-semibold">{value || <span className="font-normal text-muted">{t("account.profile.notSet")}</span>}</dd>
    </div>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const location = useLocation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  const profileResult = resultFor(actionData, "profile");
  const failed = profileResult && !profileResult.ok ? profileResult : null;
  const editing = loaderData.editing || failed !== null;
  // A failed save keeps what was typed; otherwise the saved values.
  const typed = failed?.fields;
  const values = typed
    ? { firstName: typed.firstName ?? "", lastName: typed.lastName ?? "", phone: typed.phone ?? "", marketingOptIn: typed.marketingOptIn === "on" }
    : account.profile;
  const errors = failed?.fieldErrors ?? {};
  const fieldProps = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {});
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-danger">
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-h1">{t("account.profile.pageTitle")}</h1>

      <div className="mt-8 space-y-6">
        <Section title={t("account.profile.account")} id="account-heading">
          <dl className="space-y-3">
            <div>
              <dt className="text-sm text-muted">{t("account.email")}</dt>
              <dd className="break-words font-semibold">{account.email}</dd>
              <dd className="text-sm text-muted">{t("account.profile.emailFixed")}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t("account.accountStatus")}</dt>
              <dd className={`font-semibold ${account.emailVerified ? "text-ok" : ""}`}>{account.emailVerified ? t("account.verified") : t("account.pending")}</dd>
            </div>
          </dl>
        </Section>

        <Section title={t("account.profile.personal")} id="personal-heading">
          {profileResult ? (
            <div className="mb-4">
              <Notice tone={profileResult.ok ? "ok" : "error"} id="profile-result">
                {profileResult.ok ? profileResult.message : profileResult.error}
              </Notice>
            </div>
          ) : null}
          {editing ? (
            <Form method="post" action="/profile" className="space-y-4" noValidate preventScrollReset>
              <input type="hidden" name="intent" value="profile" />
              <div className="grid gap-4 sm:grid-cols-2">
                <div>
                  <label htmlFor="firstName" className={labelClass}>
                    {t("account.profile.firstName")}
                  </label>
                  <input id="firstName" name="firstName" autoComplete="given-name" maxLength={50} defaultValue={values.firstName} className={inputClass} {...fieldProps("firstName")} />
                  {fieldError("firstName")}
                </div>
                <div>
                  <label htmlFor="lastName" className={labelClass}>
                    {t("account.profile.lastName")}
                  </label>
                  <input id="lastName" name="lastName" autoComplete="family-name" maxLength={50} defaultValue={values.lastName} className={inputClass} {...fieldProps("lastName")} />
                  {fieldError("lastName")}
                </div>
              </div>
              <div>
                <label htmlFor="phone" className={labelClass}>
                  {t("account.profile.phone")}
                </label>
                <input id="phone" name="phone" type="tel" autoComplete="tel" maxLength={20} defaultValue={values.phone} className={inputClass} {...fieldProps("phone")} />
                {fieldError("phone")}
              </div>
              <div className="flex items-start gap-2">
                <input id="marketingOptIn" name="marketingOptIn" type="checkbox" defaultChecked={values.marketingOptIn} className="mt-1 h-5 w-5" />
                <label htmlFor="marketingOptIn">{t("account.profile.marketingOptIn")}</label>
              </div>
              <div className="flex flex-wrap gap-3">
                <button type="submit" disabled={saving} className={primaryButton}>
                  {saving ? t("account.saving") : t("account.profile.saveChanges")}
                </button>
                <Link to="/profile" className={secondaryButton} preventScrollReset>
                  {t("account.profile.cancel")}
                </Link>
              </div>
            </Form>
          ) : (
            <>
              <dl className="grid gap-3 sm:grid-cols-2">
                <Detail term={t("account.profile.firstName")} value={account.profile.firstName} />
                <Detail term={t("account.profile.lastName")} value={account.profile.lastName} />
                <Detail term={t("account.profile.phone")} value={account.profile.phone} />
                <Detail
                  term={t("account.profile.marketing")}
                  value={account.profile.marketingOptIn ? t("account.profile.subscribed") : t("account.profile.notSubscribed")}
                />
              </dl>
              <Link to="/profile?edit=1" className={`${primaryButton} mt-4`} preventScrollReset>
                {t("account.editProfile")}
              </Link>
            </>
          )}
        </Section>

        <Section title={t("account.profile.changePassword")} id="password-heading">
          <ChangePasswordForm
            key={location.key}
            result={resultFor(actionData, "password") ?? (loaderData.passwordChanged ? { intent: "password", ok: true, message: t("account.profile.passwordChanged") } : null)}
          />
        </Section>

        {!account.emailVerified ? (
          <Section title={t("account.profile.emailVerification")} id="verification-heading">
            <ResendVerificationForm result={resultFor(actionData, "resend")} />
          </Section>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
