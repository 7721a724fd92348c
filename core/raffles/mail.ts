/** The raffle's mails (a win, an entry never drawn), in the look of the store's other mail (core/mail/templates.ts). */
import { mailButton, mailColor, mailPage, mailParagraph, mailT, mailUrl, type Mail } from "../mail/index.ts";
import { storeDateTime } from "../shared/dates.ts";
import type { Locale } from "../shared/locale.ts";

export const claimUrl = (baseUrl: string, token: string, locale: Locale) => mailUrl(baseUrl, `/raffles/claim/${encodeURIComponent(token)}`, locale);

/** A raffle's mail: its paragraphs, the link (a line of the text, a button of the HTML), then `after`. */
function raffleMail(
  kind: "raffle_win" | "raffle_lost",
  to: { to: string; userId: string },
  parts: { subject: string; title: string; paragraphs: string[]; link: { line: string; button: string; url: string }; after?: string },
  baseUrl: string,
  locale: Locale,
): Mail {
  const { subject, title, paragraphs, link, after } = parts;
  const text = [...paragraphs, link.line, ...(after ? [after] : []), "— East Harlem"].join("\n\n");
  const bodyHtml = paragraphs.map(mailParagraph).join("") + mailButton(link.button, link.url, locale) + (after ? mailParagraph(after) : "");
  return { kind, userId: to.userId, locale, to: to.to, subject, text, html: mailPage({ locale, baseUrl, title, bodyHtml }) };
}

/**
 * The mail of an entry never drawn, when the raffle finishes (no claim left open): it was not drawn, and
 * where anyone can check the draw (the product's page shows the seed and the order).
 */
export function raffleLostMail(input: { to: string; userId: string; productName: string; productSlug: string; code: string }, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const url = mailUrl(baseUrl, `/shop/${encodeURIComponent(input.productSlug)}`, locale);
  return raffleMail(
    "raffle_lost",
    input,
    {
      subject: t("mail.raffleLost.subject", { name: input.productName }),
      title: t("mail.raffleLost.title"),
      paragraphs: [t("mail.raffleLost.intro", { code: input.code, name: input.productName }), t("mail.raffleLost.check")],
      link: { line: t("mail.raffleLost.action", { url }), button: t("mail.raffleLost.button"), url },
    },
    baseUrl,
    locale,
  );
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
  return raffleMail(
    "raffle_win",
    input,
    {
      subject: t("mail.raffle.subject", { name: input.productName }),
      title: t("mail.raffle.title"),
      paragraphs: [
        t("mail.raffle.intro", { code: input.code, name: input.productName, options }),
        t("mail.raffle.deadline", { deadline: storeDateTime(input.claimExpiresAt, locale) }),
      ],
      link: { line: t("mail.raffle.action", { url }), button: t("mail.raffle.button"), url },
      after: t("mail.raffle.signIn"),
    },
    baseUrl,
    locale,
  );
}
