/** The raffle's win mail, in the look of the store's other mail (core/mail/templates.ts). */
import { mailButton, mailColor, mailPage, mailParagraph, mailT, mailUrl, type Mail } from "../mail/index.ts";
import { storeDateTime } from "../shared/dates.ts";
import type { Locale } from "../shared/locale.ts";

export const claimUrl = (baseUrl: string, token: string, locale: Locale) => mailUrl(baseUrl, `/raffles/claim/${encodeURIComponent(token)}`, locale);

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
