import { Link } from "../../i18n/index.ts";

/** The back office's pages: the admin screens and the analytics dashboard (English only, not under /es). */
export function isBackOfficePath(path: string): boolean {
  return /^\/(admin|analytics)(\/|$)/.test(path);
}

/**
 * The back office's own foot: the way back to the dashboard and to the shop, without the shop's newsletter
 * box, navigation and currency picker (those are for shoppers; the owner has the Newsletter screen).
 */
export function BackOfficeFooter() {
  return (
    <footer className="mt-16 border-t border-line" data-testid="back-office-footer">
      <nav aria-label="Back office" className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm">
        <Link to="/admin" className="underline">
          Admin Dashboard
        </Link>
        <Link to="/" className="underline">
          Back to the shop
        </Link>
      </nav>
    </footer>
  );
}
