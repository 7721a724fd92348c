import { createCookie, redirect } from "react-router";
import { isbot } from "isbot";
import { isLocale, type Locale } from "../../core/shared/locale.ts";
import type { DomainError } from "../../core/shared/errors.ts";
import type { TextRef } from "../../core/shared/text.ts";
import { isLocalizedPath, localePath, splitLocale } from "../i18n/index.ts";
import "../i18n/messages.server.ts";
import type { z } from "zod";
import { fieldTexts, firstText } from "../../core/shared/field-text.ts";
import { localeT, negotiateLocale, sayFields, sayIn, wordsIn, type Translate } from "../../texts/index.ts";

export { localeT, negotiateLocale, wordsIn } from "../../texts/index.ts";

/** The language a visitor chose with the switcher (or had on their account when they signed out). */
export const languageCookie = createCookie("lang", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export async function cookieLocale(request: Request): Promise<Locale | null> {
  const value: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  return isLocale(value) ? value : null;
}

export async function languageSetCookie(locale: Locale, secure: boolean): Promise<string> {
  return languageCookie.serialize(locale, { secure });
}

/** The language a request is answered in: its address's (the back office and files are English). */
export function requestLocale(request: Request): Locale {
  const { locale, path } = splitLocale(new URL(request.url).pathname);
  return isLocalizedPath(path) ? locale : "en";
}

/** Server texts (form errors, titles) in the request's language. */
export function serverT(request: Request): Translate {
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

/**
 * Words for the request's page: a domain error's or a text of the catalogue (by reference or by id), in the
 * request's language; any other sentence (a back-office page's own) as it is written.
 */
export function localizeText(request: Request, said: DomainError | TextRef | string): string {
  return wordsIn(requestLocale(request), said);
}

/** What core said (a text of the catalogue with its values, such as why a reordered line was not added), in the request's language. */
export function sayText(request: Request, text: TextRef): string {
  return sayIn(requestLocale(request), text);
}

/** Every field's message of a form, in the request's language (core's texts, or a door's own words). */
export function localizeErrors<K extends string>(request: Request, errors: Partial<Record<K, TextRef | string>>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries(errors).map(([field, said]) => [field, localizeText(request, said as TextRef | string)])) as Partial<Record<K, string>>;
}

/** A form that did not validate: each field's first message, in the request's language. */
export function fieldWords(request: Request, error: z.ZodError): Record<string, string> {
  return sayFields(requestLocale(request), fieldTexts(error)) as Record<string, string>;
}

/** A form that did not validate, said in one message (its first), in the request's language; `otherwise` when it raised none. */
export function firstWords(request: Request, error: z.ZodError, otherwise: TextRef | string): string {
  return localizeText(request, firstText(error) ?? otherwise);
}
