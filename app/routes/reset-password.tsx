import { data, useNavigation } from "react-router";
import { Form, Link, metaIntl, useT } from "../i18n/index.ts";
import { accountsField, newPasswordSchema } from "../../core/accounts/index.ts";
import { describeAuthError } from "../lib/auth-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import type { Route } from "./+types/reset-password";
import { firstWords, localizedRedirect, localizeText } from "../lib/i18n.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "account.reset.pageTitle" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];

const EXPIRED = "account.reset.expired";

/** The mailed link lands here (through /api/auth/reset-password/:token) with ?token=..., or ?error=INVALID_TOKEN. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  return { token: /^[A-Za-z0-9_-]{1,200}$/.test(token) ? token : "", invalid: url.searchParams.has("error") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = newPasswordSchema.safeParse(form);
  if (!parsed.success) return data({ error: firstWords(request, parsed.error, accountsField("account.error.resetFailed")) }, { status: 400 });
  try {
    await context.auth.api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token }, headers: request.headers });
  } catch (error) {
    const { cause } = describeAuthError(error);
    const expired = (error as { body?: { code?: string } }).body?.code === "INVALID_TOKEN";
    return data(
      { error: localizeText(request, expired ? EXPIRED : cause ? describeAuthError(error).message : accountsField("account.error.resetFailed")) },
      { status: 400 },
    );
  }
  // Every session of the account has ended (revokeSessionsOnPasswordReset): sign in afresh.
  return localizedRedirect(request, "/login?reset=done");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  if (!loaderData.token || loaderData.invalid) {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <h1 className="font-display text-h1">{t("account.reset.invalidTitle")}</h1>
        <p className="mt-4">{t("account.reset.expired")}</p>
        <Link to="/login?mode=reset" className="mt-6 inline-block rounded bg-ink px-5 py-3 font-semibold text-paper">
          {t("account.login.sendReset")}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="font-display text-h1">{t("account.reset.pageTitle")}</h1>
      {actionData?.error ? (
        <p role="alert" className="mt-4 rounded border border-danger px-3 py-2 text-danger">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <div>
          <label htmlFor="password" className="mb-1 block text-sm font-semibold">
            {t("account.reset.newPassword")}
          </label>
          <input id="password" name="password" type="password" autoComplete="new-password" required minLength={6} className="h-11 w-full rounded border border-line bg-card px-3" />
        </div>
        <div>
          <label htmlFor="confirmPassword" className="mb-1 block text-sm font-semibold">
            {t("account.reset.confirmNewPassword")}
          </label>
          <input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" required className="h-11 w-full rounded border border-line bg-card px-3" />
        </div>
        <button type="submit" disabled={busy} className="min-h-11 w-full rounded bg-ink px-4 py-3 font-display text-paper disabled:opacity-60">
          {busy ? t("account.saving") : t("account.reset.submit")}
        </button>
      </Form>
    </div>
  );
}
