import { useLocation } from "react-router";
import { Link, useT } from "../../i18n/index.ts";

/** What a signed-out visitor sees on a page that needs an account. */
export function AuthRequired({ variant = "member" }: { variant?: "member" | "admin" }) {
  const t = useT();
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  const title = t("account.guard.authRequired");
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{`${title} | East Harlem`}</title>
      <h1 className="font-display text-h1">{title}</h1>
      <p className="mt-4 text-muted">{variant === "admin" ? t("account.guard.signInAdmin") : t("account.guard.signInMember")}</p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={`/login?redirectTo=${next}`} className="rounded bg-ink px-5 py-3 font-semibold text-paper">
          {variant === "admin" ? t("account.guard.goToLogin") : t("account.signIn")}
        </Link>
        {variant === "member" ? (
          <Link to="/" className="rounded border border-line px-5 py-3 font-semibold">
            {t("account.goHome")}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
