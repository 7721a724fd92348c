import { Link, NavLink, useT, type MessageId } from "../../i18n/index.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import type { Viewer } from "../../lib/session.server.ts";
import { UserMenu } from "../account/user-menu.tsx";
import { CartButton } from "../cart/cart-button.tsx";
import { can } from "../../../core/admin/rules.ts";
import { Monogram, Wordmark } from "./brand.tsx";

type NavLinkItem = { to: string; label: MessageId; permission?: readonly ["analytics", "read"] };

export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: "/about", label: "nav.about" },
  { to: "/history", label: "nav.history" },
  { to: "/music", label: "nav.music" },
  { to: "/culture", label: "nav.culture" },
  { to: "/shop", label: "nav.shop" },
  { to: "/collections", label: "nav.collections" },
  { to: "/dashboard", label: "nav.dashboard" },
  { to: "/analytics", label: "nav.analytics", permission: ["analytics", "read"] },
];

/** The links this viewer may follow: Analytics only for those who may read it. */
function linksFor(viewer: Viewer | null) {
  return NAV_LINKS.filter((link) => !link.permission || (viewer !== null && can(viewer.role, link.permission[0], link.permission[1])));
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-2 text-sm font-semibold uppercase tracking-wide hover:bg-card ${isActive ? "underline decoration-gold decoration-4 underline-offset-8" : ""}`;

/** Drawn only below 640 px, where the words they stand for are read by screen readers alone. */
function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" className="sm:hidden">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  );
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" className="sm:hidden">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function Header({ viewer }: { viewer: Viewer | null }) {
  const t = useT();
  const links = linksFor(viewer);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper/95 backdrop-blur">
      {/* One row at every width: on a phone the sign-in link and the menu are icons, named for screen readers. */}
      <div className="mx-auto flex max-w-7xl items-center gap-1 px-3 py-2 sm:gap-2 sm:px-4" data-testid="header-row">
        {/* The marks are sized in em: the link's type size sets them (one row at 320 px, larger from 640). */}
        <Link to="/" className="mr-auto flex shrink-0 items-center gap-[0.35em] text-lg leading-none sm:text-xl lg:text-[1.375rem]" aria-label={t("nav.home")}>
          <Monogram className="h-[1.5em] w-[1.5em]" />
          <Wordmark className="h-[0.9em] w-auto" />
        </Link>
        <nav aria-label={t("nav.main")} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass} prefetch="intent">
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher className="hidden h-11 items-center rounded px-2 text-sm font-semibold hover:bg-card lg:inline-flex" />
        {viewer ? (
          <UserMenu viewer={viewer} />
        ) : (
          <Link to="/login" className="inline-flex h-11 min-w-11 items-center justify-center rounded px-2 text-sm font-semibold whitespace-nowrap hover:bg-card">
            <PersonIcon />
            <span className="max-sm:sr-only">{t("nav.signIn")}</span>
          </Link>
        )}
        <CartButton />
        <details className="group relative lg:hidden">
          <summary className="flex h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded px-2 text-sm font-semibold uppercase hover:bg-card [&::-webkit-details-marker]:hidden">
            <MenuIcon />
            <span className="max-sm:sr-only">{t("nav.menu")}</span>
          </summary>
          <nav aria-label={t("nav.main")} className="absolute right-0 mt-2 w-56 rounded border border-line bg-paper p-2 shadow-xl">
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className={(s) => `block ${linkClass(s)}`}
                    onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
                  >
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-1 border-t border-line pt-1">
              <LanguageSwitcher className="block w-full rounded px-2 py-2 text-left text-sm font-semibold hover:bg-card" />
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
