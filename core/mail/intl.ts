/**
 * The mails' texts in both languages (ADR 0025): ICU catalogues owned by this module
 * (messages/en.ts, the reference, and messages/es.ts), formatted with FormatJS outside React.
 */
import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { INTL_TAG, type Locale } from "../shared/locale.ts";
import { localePath } from "../shared/paths.ts";
import en from "./messages/en.ts";
import es from "./messages/es.ts";

export type MailMessageId = keyof typeof en;
export type MailValues = Record<string, string | number>;

export const MAIL_MESSAGES: Readonly<Record<Locale, Readonly<Record<MailMessageId, string>>>> = { en, es };

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale: INTL_TAG[locale], defaultLocale: INTL_TAG.en, messages: MAIL_MESSAGES[locale] }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** The mail texts of a language: `t("mail.order.subject", { number: "EH-100001" })`. */
export function mailT(locale: Locale): (id: MailMessageId, values?: MailValues) => string {
  const intl = intlFor(locale);
  return (id, values) => intl.formatMessage({ id }, values);
}

const COLOR_IDS: ReadonlySet<string> = new Set(Object.keys(en).filter((id) => id.startsWith("mail.color.")));

/** A variant colour's name in the mail's language ("Black" -> "Negro"); a colour the catalogue lacks stays as stored. */
export function mailColor(color: string, locale: Locale): string {
  const id = `mail.color.${color.replace(/\s+/g, "")}`;
  return COLOR_IDS.has(id) ? mailT(locale)(id as MailMessageId) : color;
}

/** An item's size and colour, as a mail names them: "M / Negro" (empty when it has neither). */
export function mailOptions(line: { size: string | null; color: string | null }, locale: Locale): string {
  return [line.size, line.color && mailColor(line.color, locale)].filter(Boolean).join(" / ");
}

const idOfEnglish = new Map<string, MailMessageId>(Object.entries(en).map(([id, text]) => [text, id as MailMessageId]));

/**
 * A text the store recorded in English (a checkout's failure, given as a refund's reason), in `locale`: the
 * mail catalogue's text of the same wording, as the pages word the store's recorded sentences
 * (texts/outcomes.ts recordedText). A wording the mail catalogue lacks stays English.
 */
export function mailText(text: string, locale: Locale): string {
  const id = idOfEnglish.get(text);
  return locale === "en" || !id ? text : mailT(locale)(id);
}

/** An absolute link to a page of the store, in the mail's language (/es/... for Spanish). */
export function mailUrl(baseUrl: string, path: string, locale: Locale): string {
  return `${baseUrl}${localePath(path, locale)}`;
}
