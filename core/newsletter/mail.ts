/** The newsletter's mails, in the look of the store's other mail (core/mail/templates.ts). */
import { escapeHtml, mailButton, mailPage, mailParagraph, mailT, mailUrl, type Mail } from "../mail/index.ts";
import type { Locale } from "../shared/locale.ts";
import { bodyHtml, bodyText, CONFIRM_TOKEN_TTL_MS } from "./rules.ts";

export const confirmUrl = (baseUrl: string, token: string, locale: Locale = "en") => mailUrl(baseUrl, `/newsletter/confirm?token=${encodeURIComponent(token)}`, locale);
export const unsubscribeUrl = (baseUrl: string, token: string, locale: Locale = "en") => mailUrl(baseUrl, `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, locale);

/** The double opt-in's one mail: nothing else reaches an address until this link is followed. */
export function confirmationMail(to: string, token: string, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const url = confirmUrl(baseUrl, token, locale);
  const hours = Math.round(CONFIRM_TOKEN_TTL_MS / 3_600_000);
  const lines = [t("mail.newsletterConfirm.asked"), t("mail.newsletterConfirm.confirm", { hours })];
  const ignore = t("mail.newsletterConfirm.ignore");
  return {
    kind: "newsletter_confirmation",
    locale,
    to,
    subject: t("mail.newsletterConfirm.subject"),
    text: `${lines.join("\n\n")}\n\n${t("mail.newsletterConfirm.action", { url })}\n\n${ignore}\n\n— East Harlem`,
    html: mailPage({ locale, baseUrl, title: t("mail.newsletterConfirm.title"), bodyHtml: [...lines, ignore].map(mailParagraph).join("") + mailButton(t("mail.newsletterConfirm.button"), url, locale) }),
  };
}

/**
 * One newsletter to one confirmed subscriber, with the one-click unsubscribe of RFC 8058: the
 * List-Unsubscribe address (a signed link naming the subscriber) that mail providers POST
 * "List-Unsubscribe=One-Click" to, and the same link in the body for people: both the page in the
 * subscriber's language (the server answers the one-click POST at each language's address).
 */
export function newsletterMail(input: { to: string; subject: string; body: string; unsubscribeToken: string }, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const url = unsubscribeUrl(baseUrl, input.unsubscribeToken, locale);
  const why = t("mail.newsletter.why");
  return {
    kind: "newsletter",
    locale,
    to: input.to,
    subject: input.subject,
    text: `${bodyText(input.body)}\n\n—\n${why}\n${t("mail.newsletter.unsubscribeAction", { url })}\n\n— East Harlem`,
    html: mailPage({
      locale,
      baseUrl,
      title: input.subject,
      bodyHtml: bodyHtml(input.body),
      footerHtml: `${escapeHtml(why)} <a href="${escapeHtml(url)}">${escapeHtml(t("mail.newsletter.unsubscribe"))}</a>.<br>`,
    }),
    headers: {
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
