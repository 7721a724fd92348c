import { createCookie, redirect } from "react-router";
import { isbot } from "isbot";
import Negotiator from "negotiator";
import { isLocale, LOCALES, type Locale } from "../../core/shared/locale.ts";
import { intlFor, isLocalizedPath, localePath, splitLocale, type MessageId } from "../i18n/index.ts";
import "../i18n/messages.server.ts";
import { colorLabel } from "./format.ts";

/** The language a visitor chose with the switcher (or had on their account when they signed out). */
export const languageCookie = createCookie("lang", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export async function cookieLocale(request: Request): Promise<Locale | null> {
  const value: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  return isLocale(value) ? value : null;
}

export async function languageSetCookie(locale: Locale, secure: boolean): Promise<string> {
  return languageCookie.serialize(locale, { secure });
}

/** The browser's preferred language among ours (Accept-Language, with its q-values), or null when it names neither. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const found = new Negotiator({ headers: { "accept-language": acceptLanguage } }).language([...LOCALES]);
  return isLocale(found) ? found : null;
}

/** The language a request is answered in: its address's (the back office and files are English). */
export function requestLocale(request: Request): Locale {
  const { locale, path } = splitLocale(new URL(request.url).pathname);
  return isLocalizedPath(path) ? locale : "en";
}

/** Server texts in a language. */
export function localeT(locale: Locale): (id: MessageId, values?: Record<string, string | number>) => string {
  const intl = intlFor(locale);
  return (id, values) => intl.formatMessage({ id }, values);
}

/** Server texts (form errors, titles) in the request's language. */
export function serverT(request: Request): (id: MessageId, values?: Record<string, string | number>) => string {
  return localeT(requestLocale(request));
}

/** A redirect to a page of this site, in the request's language. */
export function localizedRedirect(request: Request, to: string, init?: number | ResponseInit): Response {
  return redirect(localePath(to, requestLocale(request)), init);
}

/**
 * A page opened in one language by someone who chose the other (on their account, or with the switcher)
 * is sent to the same page in their language; a first visit to an English address by a browser that
 * prefers Spanish goes to the Spanish one. Links to /es from elsewhere are kept for those who chose
 * nothing, and crawlers always get the address they asked for, so both languages stay indexable.
 */
export async function languageRedirect(request: Request, accountLocale: Locale | null): Promise<Response | null> {
  if (request.method !== "GET" || !request.headers.get("Accept")?.includes("text/html")) return null;
  if (isbot(request.headers.get("User-Agent") ?? "")) return null;
  const url = new URL(request.url);
  const { locale, path } = splitLocale(url.pathname);
  if (!isLocalizedPath(path)) return null;
  const chosen = accountLocale ?? (await cookieLocale(request));
  const wanted = chosen ?? (locale === "en" ? negotiateLocale(request.headers.get("Accept-Language")) : null);
  if (!wanted || wanted === locale) return null;
  return redirect(localePath(path, wanted) + url.search, { headers: { Vary: "Cookie, Accept-Language" } });
}

const english = intlFor("en").messages as Record<string, string>;
const idOfEnglish = new Map<string, string>(Object.entries(english).map(([id, text]) => [text, id]));

/*
 * Domain messages with values in them ("Only 3 of Harlem Classic Tee (M, Black) available."): core writes
 * them whole, in English; the catalogue holds each wording with its values as placeholders under a
 * `<area>.domain.` id ("Only {available} of {item} available."). The wording is matched, its values read
 * back out of the text, and the message formatted in the page's language (with plurals there).
 */
interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
  /** How much of the wording is fixed: the most specific template is tried first. */
  fixed: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function templatesOf(english: Record<string, string>): Template[] {
  const found: Template[] = [];
  for (const [id, text] of Object.entries(english)) {
    if (!id.includes(".domain.")) continue;
    // Odd parts are placeholders; a wording with plurals, selects or tags is not read back.
    const parts = text.split(/\{(\w+)\}/);
    if (parts.length < 3) continue;
    const literals = parts.filter((_, i) => i % 2 === 0);
    if (literals.some((p) => /[{}<>]/.test(p))) continue;
    const names = parts.filter((_, i) => i % 2 === 1);
    const source = parts.map((p, i) => (i % 2 === 1 ? "(.+?)" : escape(p))).join("");
    found.push({ id, pattern: new RegExp(`^${source}$`, "s"), names, fixed: literals.join("").length });
  }
  return found.sort((a, b) => b.fixed - a.fixed);
}

const templates = templatesOf(english);

/**
 * An item as core names it in a message, its options in brackets after the name: "Harlem Classic Tee (M, Black)"
 * (the cart's) or "Harlem Classic Tee (M / Black)" (an order line's). The colour among the options is named in
 * the page's language; the name (the brand's) and the size stay as they are.
 */
function localizeItem(t: (id: MessageId) => string, item: string): string {
  const match = /^(.*) \(([^()]*)\)$/s.exec(item);
  if (!match) return item;
  const options = match[2]!.split(/(, | \/ )/).map((part, i) => (i % 2 === 0 ? colorLabel(t, part) : part));
  return `${match[1]} (${options.join("")})`;
}

/**
 * A text the domain wrote in English (a form error, a refusal from the error catalogue, a message with
 * values in it) in the request's language: found by its English wording in the catalogue, whole or as a
 * `.domain.` template. A text the catalogue lacks stays English.
 */
export function localizeText(request: Request, text: string): string {
  return translateText(requestLocale(request), text);
}

/** A text the domain wrote in English, in `locale` (see localizeText): the app's API answers in the language it asks for. */
export function translateText(locale: Locale, text: string): string {
  if (locale === "en") return text;
  const id = idOfEnglish.get(text);
  if (id) return intlFor(locale).formatMessage({ id });
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const intl = intlFor(locale);
    const t = (id: MessageId) => intl.formatMessage({ id });
    // Whole numbers are passed as numbers, so the Spanish wording can choose its plural; an item's colour is
    // named in the page's language.
    const values = Object.fromEntries(
      template.names.map((name, i) => {
        const value = match[i + 1]!;
        return [name, /^\d+$/.test(value) ? Number(value) : name === "item" ? localizeItem(t, value) : value];
      }),
    );
    return intl.formatMessage({ id: template.id }, values);
  }
  return text;
}

/** Every message of a form's field errors, in the request's language. */
export function localizeErrors<K extends string>(request: Request, errors: Partial<Record<K, string>>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, localizeText(request, message as string)])) as Partial<Record<K, string>>;
}
