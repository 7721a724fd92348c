import { Link, NavLink } from "react-router";
import type { Viewer } from "../../lib/session.server.ts";
import { UserMenu } from "../account/user-menu.tsx";
import { CartButton } from "../cart/cart-button.tsx";

export const NAV_LINKS = [
  { to: "/about", label: "About" },
  { to: "/history", label: "History" },
  { to: "/music", label: "Music" },
  { to: "/culture", label: "Culture" },
  { to: "/shop", label: "Shop" },
  { to: "/collections", label: "Collections" },
  { to: "/dashboard", label: "Dashboard" },
  { to: "/analytics", label: "Analytics" },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-2 text-sm font-semibold uppercase tracking-wide hover:bg-card ${isActive ? "underline decoration-gold decoration-4 underline-offset-8" : ""}`;

export function Header({ viewer }: { viewer: Viewer | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:px-4">
        <Link to="/" className="font-display mr-auto text-lg leading-none sm:text-xl" aria-label="East Harlem, home">
          <span className="bg-ink px-1.5 py-0.5 text-paper">East</span> Harlem
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass} prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {viewer ? (
          <UserMenu viewer={viewer} />
        ) : (
          <Link to="/login" className="min-h-11 rounded px-2 py-2.5 text-sm font-semibold hover:bg-card">
            Sign in
          </Link>
        )}
        <CartButton />
        <details className="group relative lg:hidden">
          <summary className="flex h-11 cursor-pointer list-none items-center rounded px-2 text-sm font-semibold uppercase hover:bg-card [&::-webkit-details-marker]:hidden">
            Menu
          </summary>
          <nav aria-label="Main" className="absolute right-0 mt-2 w-56 rounded border border-line bg-paper p-2 shadow-xl">
            <ul>
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className={(s) => `block ${linkClass(s)}`}
                    onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
