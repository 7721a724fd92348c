import { data, useNavigation } from "react-router";
import { Form, Link, metaIntl, useLocalePath, useT } from "../i18n/index.ts";
import { accountsField } from "../../core/accounts/index.ts";
import { localizeResult, register, requestReset, signIn, type AuthFormResult } from "../lib/accounts.server.ts";
import { actionRetryAfter } from "../lib/retry-after.ts";
import { readForm } from "../lib/form.server.ts";
import { useRefusal } from "../lib/refusal.ts";
import { safeRedirectPath } from "../../core/shared/safe-redirect.ts";
import { getViewer } from "../lib/session.server.ts";
import { localizedRedirect } from "../lib/i18n.server.ts";
import type { Route } from "./+types/login";

type Mode = "signin" | "register" | "reset";
const MODES: Mode[] = ["signin", "register", "reset"];

export const headers = actionRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "account.login.pageTitle" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getViewer(request, context)) throw localizedRedirect(request, redirectTo);
  const mode = MODES.find((m) => m === url.searchParams.get("mode")) ?? "signin";
  // A verification link opened again once its address is verified lands here (server/auth-links.ts).
  return { mode, redirectTo, passwordReset: url.searchParams.get("reset") === "done", emailVerified: url.searchParams.get("verified") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  let result: AuthFormResult | Response;
  if (form.intent === "register") result = await register(request, context, form);
  else if (form.intent === "reset") result = await requestReset(request, context, form);
  else result = await signIn(request, context, form);
  if (result instanceof Response) return result;
  const status = result.ok ? 200 : result.error === accountsField("account.error.tooManyRequests") ? 429 : 400;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (!result.ok && result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  return data(localizeResult(request, result), { status, headers });
}

const input = "h-11 w-full rounded border border-line bg-card px-3";
const label = "mb-1 block text-sm font-semibold";

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mode: Mode = actionData?.mode ?? loaderData.mode;
  const failure = actionData && !actionData.ok ? actionData : null;
  const sent = actionData?.ok ? actionData.message : null;
  const keep = failure?.fields ?? {};
  const switchTo = (m: Mode) => `/login?${new URLSearchParams({ ...(m === "signin" ? {} : { mode: m }), ...(loaderData.redirectTo !== "/" ? { redirectTo: loaderData.redirectTo } : {}) })}`;
  const title = mode === "register" ? t("account.login.createAccount") : mode === "reset" ? t("account.login.resetPassword") : t("account.login.welcomeBack");

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Link to="/" className="text-sm underline">
        {t("account.backToHomeArrow")}
      </Link>
      <h1 className="font-display text-h1 mt-6">{title}</h1>
      <p className="mt-2 text-muted">
        {mode === "register" ? t("account.login.intro.register") : mode === "reset" ? t("account.login.intro.reset") : t("account.login.intro.signin")}
      </p>
      {loaderData.emailVerified && mode === "signin" && !failure ? (
        <p role="status" className="mt-4 rounded border border-ok px-3 py-2 text-ok">
          {t("account.login.emailVerified")}
        </p>
      ) : null}
      {loaderData.passwordReset && mode === "signin" && !failure ? (
        <p role="status" className="mt-4 rounded border border-ok px-3 py-2 text-ok">
          {t("account.login.passwordChanged")}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-4 rounded border border-danger px-3 py-2 text-danger" id="form-error">
          {failure.error}
        </p>
      ) : null}
      {sent ? (
        <p role="status" className="mt-4 rounded border border-ok px-3 py-2 text-ok">
          {sent}
        </p>
      ) : null}

      <Form method="post" className="mt-6 space-y-4" noValidate key={mode} aria-describedby={failure ? "form-error" : undefined}>
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {mode === "register" ? (
          <div>
            <label htmlFor="displayName" className={label}>
              {t("account.displayName")} <span className="font-normal text-muted">{t("account.optional")}</span>
            </label>
            <input id="displayName" name="displayName" autoComplete="name" maxLength={80} defaultValue={keep.displayName} className={input} />
          </div>
        ) : null}
        <div>
          <label htmlFor="email" className={label}>
            {t("account.email")}
          </label>
          <input id="email" name="email" type="email" autoComplete="email" required defaultValue={keep.email} className={input} />
        </div>
        {mode !== "reset" ? (
          <div>
            <label htmlFor="password" className={label}>
              {t("account.password")}
            </label>
            <input
              id="password"
              name="password"
              type="password"
              required
              autoComplete={mode === "register" ? "new-password" : "current-password"}
              minLength={mode === "register" ? 6 : undefined}
              className={input}
            />
          </div>
        ) : null}
        {mode === "register" ? (
          <>
            <div>
              <label htmlFor="confirmPassword" className={label}>
                {t("account.login.confirmPassword")}
              </label>
              <input id="confirmPassword" name="confirmPassword" type="password" required autoComplete="new-password" className={input} />
            </div>
            <div className="flex items-start gap-2">
              <input id="acceptTerms" name="acceptTerms" type="checkbox" className="mt-1 h-5 w-5" />
              <label htmlFor="acceptTerms" className="text-sm">
                {t("account.login.acceptTerms")}
              </label>
            </div>
          </>
        ) : null}
        <button type="submit" disabled={busy} className="min-h-11 w-full rounded bg-ink px-4 py-3 font-display text-paper disabled:opacity-60">
          {busy
            ? mode === "register"
              ? t("account.login.creatingAccount")
              : mode === "reset"
                ? t("account.sending")
                : t("account.login.signingIn")
            : mode === "register"
              ? t("account.login.createAccount")
              : mode === "reset"
                ? t("account.login.sendReset")
                : t("account.signIn")}
        </button>
      </Form>

      <div className="mt-6 space-y-2 text-sm">
        {mode === "signin" ? (
          <>
            <p>
              <Link to={switchTo("reset")} className="underline">
                {t("account.login.forgot")}
              </Link>
            </p>
            <p>
              {t("account.login.newHere")}{" "}
              <Link to={switchTo("register")} className="font-semibold underline">
                {t("account.login.createAnAccount")}
              </Link>
            </p>
          </>
        ) : (
          <p>
            {mode === "register" ? t("account.login.haveAccount") : t("account.login.remembered")}{" "}
            <Link to={switchTo("signin")} className="font-semibold underline">
              {t("account.login.signInLink")}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

/** A form that could not reach the server (the connection dropped) keeps the visitor on the sign-in page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const localePath = useLocalePath();
  const network = error instanceof TypeError;
  const refusal = useRefusal(error);
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="font-display text-h1">{network ? t("account.login.welcomeBack") : t("account.error.loginFailed")}</h1>
      <p role="alert" className="mt-4 rounded border border-danger px-3 py-2 text-danger">
        {network ? t("account.error.networkError") : (refusal?.message ?? t("error.unexpected.detail"))}
      </p>
      <p className="mt-6 flex gap-3">
        <a href={localePath("/login")} className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-semibold text-paper">
          {t("account.login.tryAgain")}
        </a>
        <Link to="/" className="inline-flex min-h-11 items-center rounded border border-line px-5 py-3 font-semibold">
          {t("account.backToHome")}
        </Link>
      </p>
    </div>
  );
}
