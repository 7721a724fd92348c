import { DEFAULT_LOCALE, type Locale } from "./locale.ts";

/**
 * Spanish pages live under /es (/es, /es/shop, /es/shop/harlem-classic-tee), English ones at the root, so
 * both are crawlable and a link keeps its language. The back office, files and form endpoints that only
 * redirect have one address.
 */
const UNLOCALIZED = /^\/(admin|analytics|art|social|i18n|dev|api|language|logout|settings\/export|sitemap\.xml|robots\.txt)(\/|$)/;

export function isLocalizedPath(path: string): boolean {
  return !UNLOCALIZED.test(path);
}

/** The language an address is in, and the address without its language prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  if (pathname === "/es" || pathname.startsWith("/es/")) return { locale: "es", path: pathname.slice(3) || "/" };
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/**
 * `to` (an address on this site, possibly with a query and a hash) in `locale`. Addresses already in a
 * language are moved to this one; relative addresses and other sites are left alone.
 */
export function localePath(to: string, locale: Locale): string {
  if (!to.startsWith("/") || to.startsWith("//")) return to;
  const cut = to.search(/[?#]/);
  const pathname = cut === -1 ? to : to.slice(0, cut);
  const rest = cut === -1 ? "" : to.slice(cut);
  const { path } = splitLocale(pathname);
  if (locale === DEFAULT_LOCALE || !isLocalizedPath(path)) return path + rest;
  return (path === "/" ? "/es" : `/es${path}`) + rest;
}
