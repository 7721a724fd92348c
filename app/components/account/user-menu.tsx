import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { Form, Link, useT, type MessageId } from "../../i18n/index.ts";
import { isAdminRole } from "../../../core/accounts/rules.ts";
import type { Viewer } from "../../lib/session.server.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { AdminPermissionCheck } from "./auth-guard.tsx";
import { UserAvatar } from "./user-avatar.tsx";

const LINKS: readonly { to: string; label: MessageId }[] = [
  { to: "/dashboard", label: "account.menu.dashboard" },
  { to: "/profile", label: "account.menu.profile" },
  { to: "/orders", label: "account.menu.orders" },
  { to: "/wishlist", label: "account.menu.wishlist" },
  { to: "/settings", label: "account.menu.settings" },
];

const panelClass =
  "fixed inset-x-2 top-14 z-50 rounded border border-line bg-paper p-2 text-ink shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-72";
const itemClass = "flex min-h-11 w-full items-center rounded px-3 text-left text-sm font-semibold hover:bg-card";

function MenuContents({ viewer, onNavigate }: { viewer: Viewer; onNavigate?: () => void }) {
  const t = useT();
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <>
      <div className="border-b border-line px-3 pb-3 pt-1">
        <p className="truncate font-semibold">{viewer.name || viewer.email.split("@")[0]}</p>
        <p className="truncate text-sm text-muted">{viewer.email}</p>
        {!viewer.emailVerified ? <p className="mt-1 text-sm font-semibold text-danger">{t("account.menu.emailNotVerified")}</p> : null}
      </div>
      <ul className="py-1">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={itemClass} onClick={onNavigate}>
              {t(link.label)}
            </Link>
          </li>
        ))}
        {isAdminRole(viewer.role) ? (
          <li>
            <Link to="/admin" className={itemClass} onClick={onNavigate}>
              {t("account.menu.admin")}
            </Link>
          </li>
        ) : null}
      </ul>
      <Form method="post" action="/logout" className="border-t border-line pt-1">
        <button type="submit" disabled={signingOut} className={`${itemClass} disabled:opacity-60`}>
          {signingOut ? t("account.menu.signingOut") : t("account.menu.signOut")}
        </button>
      </Form>
    </>
  );
}

/**
 * The signed-in visitor's menu in the header. Before JavaScript runs it is a <details> disclosure;
 * once hydrated it is a button that closes on an outside click, on Escape (focus returns to the
 * button), when focus leaves it, and after navigating.
 */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  const t = useT();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();
  const close = useCallback(() => setOpen(false), []);

  // A navigation closes the menu: adjusted while rendering, as React advises, not in an effect.
  const [shownFor, setShownFor] = useState(location.key);
  if (shownFor !== location.key) {
    setShownFor(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const avatar = <UserAvatar name={viewer.name} email={viewer.email} image={viewer.image} />;
  const label = <span className="sr-only">{t("account.menu")}</span>;
  const trigger = "flex h-11 cursor-pointer list-none items-center rounded px-1 hover:bg-card [&::-webkit-details-marker]:hidden";

  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={trigger}>
          {avatar}
          {label}
        </summary>
        <div className={panelClass}>
          <MenuContents viewer={viewer} />
        </div>
      </details>
    );
  }

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {avatar}
        {label}
      </button>
      <div id={panelId} hidden={!open} className={panelClass}>
        <MenuContents viewer={viewer} onNavigate={close} />
      </div>
      <AdminPermissionCheck />
    </div>
  );
}
