/** The one look of the store's HTML mails (every kind, every module), in the mail's language. */
import type { Locale } from "../shared/locale.ts";
import { mailT } from "./intl.ts";

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * A whole mail: `bodyHtml` is already escaped HTML; `footerHtml` comes before the store's line.
 * The footer line of the mail's kind is added later, by queueMail (kinds.ts).
 */
export function mailPage({ locale, title, bodyHtml, footerHtml = "" }: { locale: Locale; title: string; bodyHtml: string; footerHtml?: string }): string {
  const tagline = escapeHtml(mailT(locale)("mail.layout.tagline"));
  return `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:22px;text-transform:uppercase">${escapeHtml(title)}</h1>${bodyHtml}<p style="font-size:12px;color:#555">${footerHtml}${tagline}</p></body></html>`;
}

export const mailParagraph = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;

/** The mail's one action, with its address written out for clients that show no buttons. */
export const mailButton = (label: string, url: string, locale: Locale) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#111;color:#fff;padding:12px 20px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(mailT(locale)("mail.layout.openLink", { url }))}</p>`;
