/** The "Notify me" mail, in the look of the store's other mail (core/mail/templates.ts). */
import { escapeHtml, mailButton, mailPage, mailParagraph, mailT, mailUrl, type Mail } from "../mail/index.ts";
import type { Locale } from "../shared/locale.ts";

export const productUrl = (baseUrl: string, slug: string, locale: Locale) => mailUrl(baseUrl, `/shop/${encodeURIComponent(slug)}`, locale);
export const stopUrl = (baseUrl: string, token: string, locale: Locale) => mailUrl(baseUrl, `/alerts/stop?token=${encodeURIComponent(token)}`, locale);

/**
 * One subscriber's alert: the product is back (or, for a drop, on sale), its link, and the one-click stop
 * link (also as List-Unsubscribe with RFC 8058's one-click POST, which the stop page answers). The footer
 * line of the "Restock alerts" switch is added by queueMail from MAIL_KINDS.
 */
export function restockAlertMail(
  input: { to: string; userId: string | null; productName: string; slug: string; stopToken: string; drop: boolean },
  baseUrl: string,
  locale: Locale,
): Mail {
  const t = mailT(locale);
  const url = productUrl(baseUrl, input.slug, locale);
  const stop = stopUrl(baseUrl, input.stopToken, locale);
  const name = input.productName;
  const intro = t(input.drop ? "mail.restock.introDrop" : "mail.restock.intro", { name });
  const hurry = t("mail.restock.hurry");
  return {
    kind: "restock_alert",
    askedFor: true,
    userId: input.userId,
    locale,
    to: input.to,
    subject: t(input.drop ? "mail.restock.subjectDrop" : "mail.restock.subject", { name }),
    text: `${intro}\n\n${hurry}\n\n${t("mail.restock.action", { url })}\n\n${t("mail.restock.stopAction", { url: stop })}\n\n— East Harlem`,
    html: mailPage({
      locale,
      baseUrl,
      title: t(input.drop ? "mail.restock.titleDrop" : "mail.restock.title"),
      bodyHtml: [intro, hurry].map(mailParagraph).join("") + mailButton(t("mail.restock.button"), url, locale),
      footerHtml: `<a href="${escapeHtml(stop)}">${escapeHtml(t("mail.restock.stop"))}</a><br>`,
    }),
    headers: {
      "List-Unsubscribe": `<${stop}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
