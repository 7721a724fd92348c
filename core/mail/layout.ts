/**
 * The one look of the store's HTML mails: the label's banner on top, a title, the body, a small footer.
 * Mail clients show inline SVG poorly and web fonts hardly at all, so the banner is a PNG served by the
 * store itself (public/brand/mail-wordmark.png, drawn by scripts/brand-assets.ts) at an absolute URL on
 * BASE_URL; while images are blocked its alt text stands in, styled as the wordmark's colours.
 */

/** Where the banner is served, under the store's BASE_URL; its size in CSS pixels (the file is twice that). */
export const MAIL_BANNER = { path: "/brand/mail-wordmark.png", width: 512, height: 72 } as const;

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const FONT = "Arial,Helvetica,sans-serif";

function banner(baseUrl: string): string {
  const src = `${baseUrl.replace(/\/+$/, "")}${MAIL_BANNER.path}`;
  const img = `<img src="${escapeHtml(src)}" width="${MAIL_BANNER.width}" height="${MAIL_BANNER.height}" alt="EAST HARLEM" style="display:block;width:100%;max-width:${MAIL_BANNER.width}px;height:auto;border:0;background:#111111;color:#f5b700;font-family:'Arial Black',${FONT};font-size:24px;font-weight:900;letter-spacing:1px;line-height:72px;text-align:left">`;
  return `<a href="${escapeHtml(baseUrl)}" style="display:block;margin:0 0 24px;background:#111111;text-decoration:none">${img}</a>`;
}

/**
 * A whole mail: `bodyHtml` is already escaped HTML; `footerHtml` comes before the store's line.
 * The footer line of the mail's kind is added later, by queueMail (kinds.ts).
 */
export function mailPage({ baseUrl, title, bodyHtml, footerHtml = "" }: { baseUrl: string; title: string; bodyHtml: string; footerHtml?: string }): string {
  return `<!doctype html><html><body style="font-family:${FONT};color:#111;max-width:560px;margin:0 auto;padding:24px">${banner(baseUrl)}<h1 style="font-family:'Arial Black',${FONT};font-size:22px;text-transform:uppercase">${escapeHtml(title)}</h1>${bodyHtml}<p style="font-size:12px;color:#555">${footerHtml}East Harlem — Hip Hop Culture in East Harlem</p></body></html>`;
}

export const mailParagraph = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;

export const mailButton = (label: string, url: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#111;color:#fff;padding:12px 20px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: ${escapeHtml(url)}</p>`;
