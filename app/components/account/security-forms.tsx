import { useNavigation } from "react-router";
import { Form, useT } from "../../i18n/index.ts";
import { inputClass, labelClass, Notice, primaryButton, secondaryButton } from "./page-shell.tsx";
import type { FormResult } from "./form-result.ts";

function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * Current password, new password and its confirmation; the server re-verifies the current one.
 * The page keys it by location, so every answer starts with empty password fields.
 */
export function ChangePasswordForm({ result }: { result: FormResult<"password"> | null }) {
  const t = useT();
  const busy = useSubmitting("password");
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const invalid = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": "password-result" } : {});
  return (
    <Form method="post" action="/profile" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value="password" />
      {result ? (
        <Notice tone={result.ok ? "ok" : "error"} id="password-result">
          {result.ok ? result.message : result.error}
        </Notice>
      ) : null}
      <div>
        <label htmlFor="currentPassword" className={labelClass}>
          {t("account.profile.currentPassword")}
        </label>
        <input id="currentPassword" name="currentPassword" type="password" autoComplete="current-password" required className={inputClass} {...invalid("currentPassword")} />
      </div>
      <div>
        <label htmlFor="newPassword" className={labelClass}>
          {t("account.reset.newPassword")}
        </label>
        <input id="newPassword" name="newPassword" type="password" autoComplete="new-password" required minLength={6} className={inputClass} {...invalid("newPassword")} />
      </div>
      <div>
        <label htmlFor="confirmPassword" className={labelClass}>
          {t("account.reset.confirmNewPassword")}
        </label>
        <input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" required className={inputClass} {...invalid("confirmPassword")} />
      </div>
      <p className="text-sm text-muted">{t("account.profile.signsOutOthers")}</p>
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? t("account.profile.changingPassword") : t("account.profile.changePassword")}
      </button>
    </Form>
  );
}

/** Shown only while the email is unverified. */
export function ResendVerificationForm({ result }: { result: FormResult<"resend"> | null }) {
  const t = useT();
  const busy = useSubmitting("resend");
  return (
    <Form method="post" action="/profile" className="space-y-3">
      <input type="hidden" name="intent" value="resend" />
      <p className="text-muted">{t("account.profile.resendIntro")}</p>
      {result ? <Notice tone={result.ok ? "ok" : "error"}>{result.ok ? result.message : result.error}</Notice> : null}
      <button type="submit" disabled={busy} className={secondaryButton}>
        {busy ? t("account.sending") : t("account.profile.resend")}
      </button>
    </Form>
  );
}
