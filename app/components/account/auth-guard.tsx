import { isRouteErrorResponse, useLocation, useNavigation, useRouteError } from "react-router";
import { Link } from "../../i18n/index.ts";
import { REFUSAL_TITLE, refusalMessage } from "../../lib/refusal.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { AuthRequired } from "./auth-required.tsx";

/** SPEC section 8, word for word. */
export const ACCESS_DENIED_TEXT =
  "You don't have permission to access the admin panel. Contact your administrator if you believe this is a mistake.";

export function AccessDenied() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Access Denied | East Harlem</title>
      <h1 className="font-display text-h1">Access Denied</h1>
      <p className="mt-4 text-muted">{ACCESS_DENIED_TEXT}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/dashboard" className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-semibold text-paper">
          Go to Dashboard
        </Link>
        <Link to="/" className="inline-flex min-h-11 items-center rounded border border-line px-5 py-3 font-semibold">
          Go Home
        </Link>
      </p>
    </div>
  );
}

/** A page-sized message with one way on: home. */
function MessagePage({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{`${title} | East Harlem`}</title>
      <h1 className="font-display text-h1">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <p className="mt-8">
        <Link to="/" className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-semibold text-paper">
          Go Home
        </Link>
      </p>
    </div>
  );
}

const SomethingWentWrong = () => <MessagePage title="Something went wrong" message="An unexpected error occurred. Please try again." />;

/** Also what someone else's order or checkout looks like: exactly as if it did not exist. */
const NotFound = () => <MessagePage title="Page not found" message="We couldn't find that page. It may have moved, or the link may be wrong." />;

/**
 * What a guarded page shows when its loader or action refused: requireViewer answers 401,
 * requireAdmin 403 to signed-in customers. The responses carry no data, so neither does this.
 */
export function GuardErrorBoundary({ area }: { area: "member" | "admin" }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 401) return <AuthRequired variant={area} />;
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const refusal = refusalMessage(error);
  if (refusal) return <MessagePage title={REFUSAL_TITLE} message={refusal} />;
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
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    const signedOut = error.status === 401;
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <title>Admin Access Required | East Harlem</title>
        <h1 className="font-display text-h1">Admin Access Required</h1>
        <p className="mt-4 text-muted">{signedOut ? "Please sign in with an administrator account to see the store's analytics." : "The store's analytics are for administrators."}</p>
        <p className="mt-8">
          <Link
            to={signedOut ? `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}` : "/"}
            className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-semibold text-paper"
          >
            {signedOut ? "Sign In" : "Go Home"}
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
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const checking = hydrated && navigation.state === "loading" && navigation.location.pathname.replace(/\/+$/, "") === "/admin";
  return (
    <div role="status" aria-live="polite" className={checking ? "fixed inset-x-0 top-16 z-50 flex justify-center px-4" : "sr-only"}>
      {checking ? <p className="rounded bg-ink px-4 py-2 text-sm font-semibold text-paper shadow-lg">Checking permissions...</p> : null}
    </div>
  );
}

/**
 * A guarded page's meta: its title, never indexed. When the page answered with an error the
 * boundary renders its own <title> ("Authentication Required", "Access Denied"), so none is given here.
 */
export function guardedMeta(page: string) {
  return ({ error }: { error?: unknown }) =>
    error ? [{ name: "robots", content: "noindex" }] : [{ title: `${page} | East Harlem` }, { name: "robots", content: "noindex" }];
}
