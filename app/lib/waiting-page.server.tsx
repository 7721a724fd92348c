import { renderToStaticMarkup } from "react-dom/server";
import { INTL_TAG, type Locale } from "../../core/shared/locale.ts";
import type { RenderWaitingPage, WaitingPageView } from "../context.ts";
import { intlFor, localePath, type MessageId } from "../i18n/index.ts";
import { WaitingPage, type CountText, type WaitingPageProps, type WaitingTexts } from "../components/product/waiting-page.tsx";
import { wordsIn } from "./i18n.server.ts";

/*
 * The light waiting page of a drop (ADR 0040), drawn for the waiting room's door (server/lines.ts), which
 * answers a product's address with it while the visitor waits in the drop's line: the app hands the server
 * this one function (an export of entry.server.tsx, reached through the server build), so the page's texts
 * stay the app's, in the visitor's language, and the server needs neither React Router nor a loader for it.
 */

/** The page's texts with counts, per language, for its script to fill in as the place moves. */
const countTexts = new Map<Locale, WaitingTexts>();

function textsFor(locale: Locale, t: (id: MessageId, values?: Record<string, string | number>) => string): WaitingTexts {
  let texts = countTexts.get(locale);
  if (!texts) {
    texts = { locale: INTL_TAG[locale], position: countText(t, "shop.queue.position", "position"), ahead: countText(t, "shop.queue.ahead", "count"), estimate: countText(t, "shop.queue.estimate", "minutes") };
    countTexts.set(locale, texts);
  }
  return texts;
}

/**
 * A text with a count, for the page's script to fill in as the count changes: the text for exactly 0, for
 * one and for more (`#` where the number goes), as the language's own plural forms write them.
 */
function countText(t: (id: MessageId, values?: Record<string, string | number>) => string, id: MessageId, name: string): CountText {
  const at = (n: number, shown: string) => t(id, { [name]: n }).split(shown).join("#");
  const zero = t(id, { [name]: 0 });
  return { ...(zero.includes("0") ? {} : { zero }), one: at(1, "1"), other: at(7, "7") };
}

/** Where the request's own values go in a kept page: the nonce, the three texts, the next check's wait. */
const SLOT = { nonce: "\uE000n\uE000", position: "\uE000p\uE000", ahead: "\uE000a\uE000", estimate: "\uE000e\uE000", every: 1_234_567_890 };
const SLOTS = /\uE000([npae])\uE000|1234567890/g;

/** A drawn page with its slots, split at them: the parts, and which slot follows each part. */
interface Template {
  parts: string[];
  slots: string[];
}

/** Waiting pages drawn once per drop, address and language (a line has a few at most); a new name draws anew. */
const templates = new Map<string, Template>();
const MAX_TEMPLATES = 64;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

/** A count's text as the page's script writes it (the same templates, the language's plural rule). */
function fill(text: CountText, n: number, locale: Locale): string {
  const chosen = n === 0 && text.zero !== undefined ? text.zero : pluralRules(locale).select(n) === "one" ? text.one : text.other;
  return chosen.split("#").join(numberFormat(locale).format(n));
}
const plurals = new Map<Locale, Intl.PluralRules>();
const numbers = new Map<Locale, Intl.NumberFormat>();
const pluralRules = (locale: Locale) => plurals.get(locale) ?? plurals.set(locale, new Intl.PluralRules(INTL_TAG[locale])).get(locale)!;
const numberFormat = (locale: Locale) => numbers.get(locale) ?? numbers.set(locale, new Intl.NumberFormat(INTL_TAG[locale])).get(locale)!;

/**
 * The waiting page: a waiting visitor's is drawn once per drop and language with slots for what changes (the
 * place's three texts, the wait before the next check, the nonce) and filled in per answer, a few microseconds
 * each; a refusal is drawn whole.
 */
export const renderWaitingPage: RenderWaitingPage = (view) => {
  const { place } = view;
  if (place.kind !== "waiting") return draw(view, null);
  const key = [view.locale, view.slug, view.search, view.productName, view.stylesheets.join(" ")].join("\n");
  let template = templates.get(key);
  if (!template) {
    const html = draw(view, SLOT);
    const parts: string[] = [];
    const slots: string[] = [];
    let last = 0;
    for (const match of html.matchAll(SLOTS)) {
      parts.push(html.slice(last, match.index));
      slots.push(match[1] ?? "every");
      last = match.index + match[0].length;
    }
    parts.push(html.slice(last));
    template = { parts, slots };
    if (templates.size >= MAX_TEMPLATES) templates.clear();
    templates.set(key, template);
  }
  const texts = textsFor(view.locale, localeT(view.locale));
  const values: Record<string, string> = {
    n: view.nonce,
    p: escapeHtml(fill(texts.position, place.position, view.locale)),
    a: escapeHtml(fill(texts.ahead, place.ahead, view.locale)),
    e: escapeHtml(fill(texts.estimate, place.estimateMinutes, view.locale)),
    every: String(place.checkAgainMs),
  };
  let out = template.parts[0]!;
  for (let i = 0; i < template.slots.length; i++) out += values[template.slots[i]!]! + template.parts[i + 1]!;
  return out;
};

function localeT(locale: Locale) {
  const intl = intlFor(locale);
  return (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}

/** The page drawn whole: a refusal (`slots` null), or a waiting page with the slots in place of its values. */
function draw(view: WaitingPageView, slots: typeof SLOT | null): string {
  const t = localeT(view.locale);
  const productHref = localePath(`/shop/${view.slug}`, view.locale) + view.search;
  const { place } = view;
  const props: WaitingPageProps = {
    lang: view.locale,
    title: `${t("shop.queue.title", { name: view.productName })} | East Harlem`,
    stylesheets: view.stylesheets,
    nonce: slots ? slots.nonce : view.nonce,
    skipLink: t("layout.skipToContent"),
    homeLabel: t("nav.home"),
    homeHref: localePath("/", view.locale),
    productName: view.productName,
    productHref,
    check: t("shop.queue.check"),
    ...(place.kind === "waiting" && slots
      ? {
          heading: t("shop.queue.heading"),
          body: { kind: "waiting", position: slots.position, ahead: slots.ahead, estimate: slots.estimate, note: t("shop.queue.note") },
          poll: { statusHref: localePath(`/shop/${view.slug}/queue`, view.locale), everyMs: slots.every, texts: textsFor(view.locale, t) },
        }
      : {
          heading: t("shop.queue.refusedHeading"),
          body: {
            kind: "refused",
            message: place.kind === "refused" ? wordsIn(view.locale, place.message) : "",
            ...(place.kind === "refused" && place.signIn ? { signIn: { label: t("nav.signIn"), href: `${localePath("/login", view.locale)}?redirectTo=${encodeURIComponent(productHref)}` } } : {}),
          },
        }),
  };
  return `<!DOCTYPE html>${renderToStaticMarkup(<WaitingPage {...props} />)}`;
}
