import Negotiator from "negotiator";
import { isLocale, LOCALES, type Locale } from "../core/shared/locale.ts";

/** The browser's preferred language among ours (Accept-Language, with its q-values), or null when it names neither. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const found = new Negotiator({ headers: { "accept-language": acceptLanguage } }).language([...LOCALES]);
  return isLocale(found) ? found : null;
}
