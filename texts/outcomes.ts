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

/** A domain error's words in `locale`: its text, with its values. */
export function errorText(locale: Locale, error: DomainError): string {
  return sayField(locale, error.text);
}

describeErrorsWith((text) => sayIn("en", text));

/**
 * A field check's text in `locale` (core/shared/field-text.ts: the schema's message is an id of the catalogue,
 * the check's limit its values). A message that is no id (zod's own, for a check the schema gave none) is
 * shown as it is: nothing is looked up by its wording.
 */
export function sayField(locale: Locale, text: TextRef): string {
  return Object.hasOwn(en, text.id) ? sayIn(locale, text) : text.id;
}

/** Every field's text of a form, in `locale`. */
export function sayFields<K extends string>(locale: Locale, texts: Partial<Record<K, TextRef>>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries(texts).map(([field, text]) => [field, sayField(locale, text as TextRef)])) as Partial<Record<K, string>>;
}

const isTextRef = (said: unknown): said is TextRef => typeof said === "object" && said !== null && "id" in said && "values" in said && !("code" in said);

/**
 * Words for a page or an answer in `locale`: a domain error's, a text of the catalogue (by reference, or its
 * id), or a door's own sentence, as it is (the back office's, in English).
 */
export function wordsIn(locale: Locale, said: DomainError | TextRef | string): string {
  if (typeof said === "string") return Object.hasOwn(en, said) ? localeT(locale)(said as MessageId) : said;
  return isTextRef(said) ? sayField(locale, said) : errorText(locale, said);
}

/*
 * What the store wrote into its records, in English, as records keep it: an order's history notes, a checkout's
 * failure (the store's words or the card provider's), the card an order was paid with. A page or an answer
 * shows them in its language through this table of the store's own sentences, each named by its id; any other
 * recorded text (a note an administrator typed, a provider's sentence the catalogue lacks) is shown as written.
 */
const RECORDED: readonly MessageId[] = [
  "orders.track.placed",
  "orders.domain.paymentReceived",
  "orders.domain.ticketsSent",
  "checkout.domain.paymentFailed",
  "checkout.domain.reservationExpired",
  "checkout.domain.soldOutRefunded",
  "checkout.domain.cardNumberInvalid",
  "checkout.domain.cardExpired",
  "checkout.domain.cardDeclined",
  "checkout.domain.cardHasBeenDeclined",
  "checkout.domain.insufficientFunds",
  "checkout.domain.cardNumberIncorrect",
  "checkout.domain.cvcIncorrect",
  "checkout.domain.cardNotSupported",
  "checkout.domain.processingError",
];
const recordedId = new Map<string, MessageId>(RECORDED.map((id) => [en[id], id]));

/** A card as a record names it ("Visa ending in 4242", core/payments maskedCard), the brand's name kept. */
const RECORDED_CARD = /^(Visa|Mastercard|American Express|Discover|Card) ending in (\d{4})$/;

/** A text the store recorded in English, in `locale` (see above). */
export function recordedText(locale: Locale, text: string): string {
  if (locale === "en") return text;
  const t = localeT(locale);
  const id = recordedId.get(text);
  if (id) return t(id);
  if (text === "Card") return t("checkout.card");
  const card = RECORDED_CARD.exec(text);
  if (card) return t("checkout.domain.cardEnding", { brand: card[1] === "Card" ? t("checkout.card") : card[1]!, last4: card[2]! });
  return text;
}
