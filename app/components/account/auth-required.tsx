import { useLocation } from "react-router";
import { Link } from "../../i18n/index.ts";

/** What a signed-out visitor sees on a page that needs an account. */
export function AuthRequired({ variant = "member" }: { variant?: "member" | "admin" }) {
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Authentication Required | East Harlem</title>
      <h1 className="font-display text-h1">Authentication Required</h1>
      <p className="mt-4 text-muted">
        {variant === "admin" ? "Please sign in with an administrator account to continue." : "Please sign in to view this page."}
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={`/login?redirectTo=${next}`} className="rounded bg-ink px-5 py-3 font-semibold text-paper">
          {variant === "admin" ? "Go to Login" : "Sign In"}
        </Link>
        {variant === "member" ? (
          <Link to="/" className="rounded border border-line px-5 py-3 font-semibold">
            Go Home
          </Link>
        ) : null}
      </p>
    </div>
  );
}
