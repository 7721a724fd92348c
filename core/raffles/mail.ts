/** The raffle's win mail, in the look of the store's other mail (core/mail/templates.ts). */
import { mailButton, mailColor, mailPage, mailParagraph, mailT, mailUrl, type Mail } from "../mail/index.ts";
import { storeDateTime } from "../shared/dates.ts";
import type { Locale } from "../shared/locale.ts";

export const claimUrl = (baseUrl: string, token: string, locale: Locale) => mailUrl(baseUrl, `/raffles/claim/${encodeURIComponent(token)}`, locale);

/**
 * The mail of an entry never drawn, when the raffle finishes (no claim left open): it was not drawn, and
 * where anyone can check the draw (the product's page shows the seed and the order).
 */
export function raffleLostMail(input: { to: string; userId: string; productName: string; productSlug: string; code: string }, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const url = mailUrl(baseUrl, `/shop/${encodeURIComponent(input.productSlug)}`, locale);
  const intro = t("mail.raffleLost.intro", { code: input.code, name: input.productName });
  const check = t("mail.raffleLost.check");
  return {
    kind: "raffle_lost",
    userId: input.userId,
    locale,
    to: input.to,
    subject: t("mail.raffleLost.subject", { name: input.productName }),
    text: `${intro}\n\n${check}\n\n${t("mail.raffleLost.action", { url })}\n\n— East Harlem`,
    html: mailPage({
      locale,
      baseUrl,
      title: t("mail.raffleLost.title"),
      bodyHtml: [intro, check].map(mailParagraph).join("") + mailButton(t("mail.raffleLost.button"), url, locale),
    }),
  };
}

/** A winner's mail: what was won, until when it is held, and the reserved purchase link (its token is in no other place). */
export function raffleWinMail(
  input: { to: string; userId: string; productName: string; size: string | null; color: string | null; code: string; token: string; claimExpiresAt: Date },
  baseUrl: string,
  locale: Locale,
): Mail {
  const t = mailT(locale);
  const url = claimUrl(baseUrl, input.token, locale);
  const options = [input.size, input.color && mailColor(input.color, locale)].filter(Boolean).join(" / ") || "—";
  const intro = t("mail.raffle.intro", { code: input.code, name: input.productName, options });
  const deadline = t("mail.raffle.deadline", { deadline: storeDateTime(input.claimExpiresAt, locale) });
  const signIn = t("mail.raffle.signIn");
  return {
    kind: "raffle_win",
    userId: input.userId,
    locale,
    to: input.to,
    subject: t("mail.raffle.subject", { name: input.productName }),
    text: `${intro}\n\n${deadline}\n\n${t("mail.raffle.action", { url })}\n\n${signIn}\n\n— East Harlem`,
    html: mailPage({
      locale,
      baseUrl,
      title: t("mail.raffle.title"),
      bodyHtml: [intro, deadline].map(mailParagraph).join("") + mailButton(t("mail.raffle.button"), url, locale) + mailParagraph(signIn),
    }),
  };
}
