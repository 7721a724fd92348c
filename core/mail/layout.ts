/**
 * The one look of the store's HTML mails (every kind, every module), in the mail's language: the label's
 * banner on top, a title, the body, a small footer. Mail clients show inline SVG poorly and web fonts hardly
 * at all, so the banner is a PNG served by the store itself (public/brand/mail-wordmark.png, drawn by
 * scripts/brand-assets.ts) at an absolute URL on BASE_URL; while images are blocked its alt text stands in,
 * styled as the wordmark's colours. The layout's fixed texts come from the mail catalogues.
 */
import type { Locale } from "../shared/locale.ts";
import { mailT } from "./intl.ts";

/** Where the banner is served, under the store's BASE_URL; its size in CSS pixels (the file is twice that). */
export const MAIL_BANNER = { path: "/brand/mail-wordmark.png", width: 512, height: 72 } as const;

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const FONT = "Arial,Helvetica,sans-serif";

function banner(baseUrl: string, locale: Locale): string {
  const src = `${baseUrl.replace(/\/+$/, "")}${MAIL_BANNER.path}`;
  const alt = escapeHtml(mailT(locale)("mail.layout.bannerAlt"));
  const img = `<img src="${escapeHtml(src)}" width="${MAIL_BANNER.width}" height="${MAIL_BANNER.height}" alt="${alt}" style="display:block;width:100%;max-width:${MAIL_BANNER.width}px;height:auto;border:0;background:#111111;color:#f5b700;font-family:'Arial Black',${FONT};font-size:24px;font-weight:900;letter-spacing:1px;line-height:72px;text-align:left">`;
  return `<a href="${escapeHtml(baseUrl)}" style="display:block;margin:0 0 24px;background:#111111;text-decoration:none">${img}</a>`;
}

/**
 * A whole mail: `bodyHtml` is already escaped HTML; `footerHtml` comes before the store's line.
 * The footer line of the mail's kind is added later, by queueMail (kinds.ts).
 */
export function mailPage({ locale, baseUrl, title, bodyHtml, footerHtml = "" }: { locale: Locale; baseUrl: string; title: string; bodyHtml: string; footerHtml?: string }): string {
  const tagline = escapeHtml(mailT(locale)("mail.layout.tagline"));
  return `<!doctype html><html lang="${locale}"><body style="font-family:${FONT};color:#111;max-width:560px;margin:0 auto;padding:24px">${banner(baseUrl, locale)}<h1 style="font-family:'Arial Black',${FONT};font-size:22px;text-transform:uppercase">${escapeHtml(title)}</h1>${bodyHtml}<p style="font-size:12px;color:#555">${footerHtml}${tagline}</p></body></html>`;
}

export const mailParagraph = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;

/** The mail's one action, with its address written out for clients that show no buttons. */
export const mailButton = (label: string, url: string, locale: Locale) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#111;color:#fff;padding:12px 20px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(mailT(locale)("mail.layout.openLink", { url }))}</p>`;
