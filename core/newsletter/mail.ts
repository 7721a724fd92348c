/** The newsletter's mails, in the look of the store's other mail (core/mail/templates.ts). */
import type { Mail } from "../mail/index.ts";
import { bodyHtml, bodyText, CONFIRM_TOKEN_TTL_MS } from "./rules.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(title: string, inner: string, footer: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:22px;text-transform:uppercase">${escapeHtml(title)}</h1>${inner}<p style="font-size:12px;color:#555">${footer}East Harlem — Hip Hop Culture in East Harlem</p></body></html>`;
}

function button(label: string, url: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#111;color:#fff;padding:12px 20px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: ${escapeHtml(url)}</p>`;
}

export const confirmUrl = (baseUrl: string, token: string) => `${baseUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (baseUrl: string, token: string) => `${baseUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** The double opt-in's one mail: nothing else reaches an address until this link is followed. */
export function confirmationMail(to: string, token: string, baseUrl: string): Mail {
  const url = confirmUrl(baseUrl, token);
  const hours = Math.round(CONFIRM_TOKEN_TTL_MS / 3_600_000);
  const lines = [
    "Someone (we hope you) asked to get the East Harlem newsletter at this address: new drops, restocks, music and block parties.",
    `Confirm to start getting it. The link works for ${hours} hours.`,
  ];
  const ignore = "If it was not you, ignore this mail: you will get nothing more from us.";
  return {
    kind: "newsletter_confirmation",
    to,
    subject: "Confirm your East Harlem newsletter subscription",
    text: `${lines.join("\n\n")}\n\nConfirm your subscription: ${url}\n\n${ignore}\n\n— East Harlem`,
    html: page("Confirm your subscription", [...lines, ignore].map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("") + button("Confirm subscription", url), ""),
  };
}

/**
 * One newsletter to one confirmed subscriber, with the one-click unsubscribe of RFC 8058: the
 * List-Unsubscribe address (a signed link naming the subscriber) that mail providers POST
 * "List-Unsubscribe=One-Click" to, and the same link in the body for people.
 */
export function newsletterMail(input: { to: string; subject: string; body: string; unsubscribeToken: string }, baseUrl: string): Mail {
  const url = unsubscribeUrl(baseUrl, input.unsubscribeToken);
  const why = "You get this mail because you subscribed to the East Harlem newsletter.";
  return {
    kind: "newsletter",
    to: input.to,
    subject: input.subject,
    text: `${bodyText(input.body)}\n\n—\n${why}\nUnsubscribe: ${url}\n\n— East Harlem`,
    html: page(input.subject, bodyHtml(input.body), `${escapeHtml(why)} <a href="${escapeHtml(url)}">Unsubscribe</a>.<br>`),
    headers: {
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
