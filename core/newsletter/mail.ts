/** The newsletter's mails, in the look of the store's other mail (core/mail/templates.ts). */
import { escapeHtml, mailButton, mailPage, mailParagraph, type Mail } from "../mail/index.ts";
import { bodyHtml, bodyText, CONFIRM_TOKEN_TTL_MS } from "./rules.ts";

const page = (baseUrl: string, title: string, bodyHtml: string, footerHtml: string) => mailPage({ baseUrl, title, bodyHtml, footerHtml });
const button = mailButton;

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
    html: page(baseUrl, "Confirm your subscription", [...lines, ignore].map(mailParagraph).join("") + button("Confirm subscription", url), ""),
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
    html: page(baseUrl, input.subject, bodyHtml(input.body), `${escapeHtml(why)} <a href="${escapeHtml(url)}">Unsubscribe</a>.<br>`),
    headers: {
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
