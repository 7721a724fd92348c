import { createHash } from "node:crypto";
import type { Locale } from "../../core/shared/locale.ts";
import { registerMessages } from "./catalog.ts";
import en from "../../texts/messages/en.ts";
import es from "../../texts/messages/es.ts";

const CATALOGUES: Readonly<Record<Locale, Record<string, string>>> = { en, es };
for (const [locale, messages] of Object.entries(CATALOGUES)) registerMessages(locale as Locale, messages);

/** Each catalogue's address names its content, so browsers keep it until the texts change. */
const VERSION: Readonly<Record<Locale, string>> = {
  en: createHash("sha256").update(JSON.stringify(en)).digest("hex").slice(0, 12),
  es: createHash("sha256").update(JSON.stringify(es)).digest("hex").slice(0, 12),
};

export function messagesUrl(locale: Locale): string {
  return `/i18n/${locale}.${VERSION[locale]}.json`;
}

/** The catalogue a `/i18n/<locale>.<version>.json` address names, or null. */
export function messagesAt(file: string): { messages: Record<string, string>; current: boolean } | null {
  const match = /^(en|es)\.([0-9a-f]{12})\.json$/.exec(file);
  if (!match) return null;
  const locale = match[1] as Locale;
  return { messages: CATALOGUES[locale], current: match[2] === VERSION[locale] };
}
