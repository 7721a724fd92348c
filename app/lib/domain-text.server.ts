import { intlFor } from "../i18n/index.ts";
import { localizeText, requestLocale } from "./i18n.server.ts";

/**
 * The domain's English messages with values in them ("Only 3 of Harlem Classic Tee (M, Black) available."),
 * in the request's language. Core writes them whole, in English; the catalogue holds each wording with its
 * values as placeholders under a `<area>.domain.` id ("Only {available} of {item} available."). The wording
 * is matched, its values read back out of the text, and the message formatted in the page's language (with
 * plurals there). Texts without values go through localizeText; a wording the catalogue lacks stays English.
 */
interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
  /** How much of the wording is fixed: the most specific template is tried first. */
  fixed: number;
}

let templates: Template[] | null = null;

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

export function localizeDomainText(request: Request, text: string): string {
  const locale = requestLocale(request);
  if (locale === "en") return text;
  const whole = localizeText(request, text);
  if (whole !== text) return whole;
  templates ??= templatesOf(intlFor("en").messages as Record<string, string>);
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    // Whole numbers are passed as numbers, so the Spanish wording can choose its plural.
    const values = Object.fromEntries(template.names.map((name, i) => [name, /^\d+$/.test(match[i + 1]!) ? Number(match[i + 1]) : match[i + 1]!]));
    return intlFor(locale).formatMessage({ id: template.id }, values);
  }
  return text;
}

/** Every message of a form's field errors, values and all, in the request's language. */
export function localizeDomainErrors<K extends string>(request: Request, errors: Partial<Record<K, string>>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, localizeDomainText(request, message as string)])) as Partial<Record<K, string>>;
}
