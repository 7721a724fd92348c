import { isRouteErrorResponse, useLocation, useNavigation, useRouteError } from "react-router";
import { Link, metaIntl, useT, type MessageId } from "../../i18n/index.ts";
import { useRefusal } from "../../lib/refusal.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { AuthRequired } from "./auth-required.tsx";

/** SPEC section 8, word for word (account.guard.accessDeniedText). */
export function AccessDenied() {
  const t = useT();
  const title = t("account.guard.accessDenied");
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{`${title} | East Harlem`}</title>
      <h1 className="font-display text-h1">{title}</h1>
      <p className="mt-4 text-muted">{t("account.guard.accessDeniedText")}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/dashboard" className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-semibold text-paper">
          {t("account.guard.goToDashboard")}
        </Link>
        <Link to="/" className="inline-flex min-h-11 items-center rounded border border-line px-5 py-3 font-semibold">
          {t("account.goHome")}
        </Link>
      </p>
    </div>
  );
}

/** A page-sized message with one way on: home. */
function MessagePage({ title, message }: { title: string; message: string }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{`${title} | East Harlem`}</title>
      <h1 className="font-display text-h1">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <p className="mt-8">
        <Link to="/" className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-semibold text-paper">
          {t("account.goHome")}
        </Link>
      </p>
    </div>
  );
}

function SomethingWentWrong() {
  const t = useT();
  return <MessagePage title={t("error.unexpected.title")} message={t("error.unexpected.detail")} />;
}

/** Also what someone else's order or checkout looks like: exactly as if it did not exist. */
function NotFound() {
  const t = useT();
  return <MessagePage title={t("error.notFound.title")} message={t("error.notFound.detail")} />;
}

/**
 * What a guarded page shows when its loader or action refused: requireViewer answers 401,
 * requireAdmin 403 to signed-in customers. The responses carry no data, so neither does this.
 */
export function GuardErrorBoundary({ area }: { area: "member" | "admin" }) {
  const error = useRouteError();
  const refusal = useRefusal(error);
  if (isRouteErrorResponse(error) && error.status === 401) return <AuthRequired variant={area} />;
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (refusal) return <MessagePage title={refusal.title} message={refusal.message} />;
  return <SomethingWentWrong />;
}

/** The ErrorBoundary of the sign-in-only pages (/checkout, /dashboard, /profile, /orders, /settings). */
export function MemberErrorBoundary() {
  return <GuardErrorBoundary area="member" />;
}

/** The ErrorBoundary of the admin pages (/admin, /analytics). */
export function AdminErrorBoundary() {
  return <GuardErrorBoundary area="admin" />;
}

/**
 * The analytics page's refusal (SPEC section 2): "Admin Access Required", with Sign In for a guest and the
 * way home for a signed-in shopper.
 */
export function AnalyticsErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    const signedOut = error.status === 401;
    const title = t("account.guard.adminRequired");
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <title>{`${title} | East Harlem`}</title>
        <h1 className="font-display text-h1">{title}</h1>
        <p className="mt-4 text-muted">{signedOut ? t("account.guard.analyticsSignIn") : t("account.guard.analyticsAdmins")}</p>
        <p className="mt-8">
          <Link
            to={signedOut ? `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}` : "/"}
            className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-semibold text-paper"
          >
            {signedOut ? t("account.signIn") : t("account.goHome")}
          </Link>
        </p>
      </div>
    );
  }
  return <GuardErrorBoundary area="admin" />;
}

/**
 * "Checking permissions..." while the browser waits for the server to decide on /admin
 * (a client-side navigation). Server HTML never shows it: the server has decided by then.
 */
export function AdminPermissionCheck() {
  const t = useT();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const checking = hydrated && navigation.state === "loading" && navigation.location.pathname.replace(/\/+$/, "") === "/admin";
  return (
    <div role="status" aria-live="polite" className={checking ? "fixed inset-x-0 top-16 z-50 flex justify-center px-4" : "sr-only"}>
      {checking ? <p className="rounded bg-ink px-4 py-2 text-sm font-semibold text-paper shadow-lg">{t("account.guard.checkingPermissions")}</p> : null}
    </div>
  );
}

/**
 * A guarded page's meta: its title, never indexed. When the page answered with an error the
 * boundary renders its own <title> ("Authentication Required", "Access Denied"), so none is given here.
 * The title is a text (the back office's, in English) or a catalogue id, shown in the page's language.
 */
export function guardedMeta(page: string | { id: MessageId }) {
  return ({ error, matches }: { error?: unknown; matches: Parameters<typeof metaIntl>[0] }) => {
    if (error) return [{ name: "robots", content: "noindex" }];
    const title = typeof page === "string" ? page : metaIntl(matches).formatMessage({ id: page.id });
    return [{ title: `${title} | East Harlem` }, { name: "robots", content: "noindex" }];
  };
}
