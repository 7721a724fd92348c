/**
 * The store's words on the server: what core says (a text reference: an id of the catalogue and its values) and
 * the server's own texts, in a language, formatted with FormatJS outside React (ICU plurals and selects).
 * Importing this module words every domain error's `message` in English, for logs and tests.
 */
import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { describeErrorsWith, type DomainError } from "../core/shared/errors.ts";
import { INTL_TAG, type Locale } from "../core/shared/locale.ts";
import { isItemName, type TextRef } from "../core/shared/text.ts";
import type { MessageId, Translate } from "./ids.ts";
import { colorLabel } from "./labels.ts";
import en from "./messages/en.ts";
import es from "./messages/es.ts";

/** Both catalogues, by language. */
export const CATALOGUES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = { en, es };

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

function intlOf(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale: INTL_TAG[locale], messages: CATALOGUES[locale], defaultLocale: "en-US", onError: reportMissing }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** A missing text is a defect the catalogue tests catch; at run time it shows its id rather than crash. */
function reportMissing(error: { code?: string; message: string }): void {
  if (error.code === "MISSING_TRANSLATION") return;
  console.error(error.message);
}

/** Server texts in a language. */
export function localeT(locale: Locale): Translate {
  const intl = intlOf(locale);
  return (id, values) => intl.formatMessage({ id }, values);
}

/**
 * What core said, in `locale`: its text with its values. Numbers stay numbers (the language chooses its plural);
 * an item is its name and options, the colour named in the language (as stored in English).
 */
export function sayIn(locale: Locale, text: TextRef): string {
  const t = localeT(locale);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.values)) {
    if (!isItemName(value)) {
      values[name] = value;
      continue;
    }
    const color = value.color && (locale === "en" ? value.color : colorLabel(t, value.color));
    const options = [value.size, color].filter(Boolean).join(value.separator ?? ", ");
    values[name] = options ? `${value.name} (${options})` : value.name;
  }
  return t(text.id as MessageId, values);
}

/** A domain error's words in `locale`: its text, or (a field check's zod message it carries) that English in the language. */
export function errorText(locale: Locale, error: DomainError): string {
  return error.text ? sayIn(locale, error.text) : translateText(locale, error.message);
}

describeErrorsWith((text) => sayIn("en", text));

const idOfEnglish = new Map<string, string>(Object.entries(en as Record<string, string>).map(([id, text]) => [text, id]));

/*
 * The fallback for words a door still writes in English: zod's field messages (which a photo's or a track's check
 * carries on in its error) and the doors' fixed texts. Core's own refusals say texts by id (sayIn). The wording is looked up in the English catalogue, whole or as a `<area>.domain.` template
 * ("Only {available} of {item} available."), its values read back out of the text.
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

const templates = templatesOf(en);

/** An item as English text names it, "Harlem Classic Tee (M, Black)" or "(M / Black)": the colour in the language. */
function localizeItem(t: (id: MessageId) => string, item: string): string {
  const match = /^(.*) \(([^()]*)\)$/s.exec(item);
  if (!match) return item;
  const options = match[2]!.split(/(, | \/ )/).map((part, i) => (i % 2 === 0 ? colorLabel(t, part) : part));
  return `${match[1]} (${options.join("")})`;
}

/** A text written in English, in `locale`: found by its English wording in the catalogue (see above); a text the catalogue lacks stays English. */
export function translateText(locale: Locale, text: string): string {
  if (locale === "en") return text;
  const id = idOfEnglish.get(text);
  if (id) return intlOf(locale).formatMessage({ id });
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const t = localeT(locale);
    // Whole numbers are passed as numbers, so the Spanish wording can choose its plural.
    const values = Object.fromEntries(
      template.names.map((name, i) => {
        const value = match[i + 1]!;
        return [name, /^\d+$/.test(value) ? Number(value) : name === "item" ? localizeItem(t, value) : value];
      }),
    );
    return intlOf(locale).formatMessage({ id: template.id }, values);
  }
  return text;
}

/**
 * A field check's text in `locale` (core/shared/field-text.ts: the schema's message is an id of the catalogue,
 * the check's limit its values). A message that is no id of the catalogue is a schema's English not yet given
 * one, read by its wording (the fallback above).
 */
export function sayField(locale: Locale, text: TextRef): string {
  return Object.hasOwn(en, text.id) ? sayIn(locale, text) : translateText(locale, text.id);
}

/** Every field's text of a form, in `locale`. */
export function sayFields<K extends string>(locale: Locale, texts: Partial<Record<K, TextRef>>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries(texts).map(([field, text]) => [field, sayField(locale, text as TextRef)])) as Partial<Record<K, string>>;
}

const isTextRef = (said: unknown): said is TextRef => typeof said === "object" && said !== null && "id" in said && "values" in said && !("code" in said);

/** Words for a page or an answer in `locale`: a domain error's, a text of the catalogue, or a text written in English (the fallback above). */
export function wordsIn(locale: Locale, said: DomainError | TextRef | string): string {
  if (typeof said === "string") return Object.hasOwn(en, said) ? localeT(locale)(said as MessageId) : translateText(locale, said);
  return isTextRef(said) ? sayField(locale, said) : errorText(locale, said);
}
