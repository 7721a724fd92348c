/**
 * Every kind of mail the store sends, and the one rule that decides whether a person's notification
 * settings may stop it. queueMail (commands.ts) applies this table to every mail, so no sender checks a
 * switch on its own: a mail names its kind, and the table says which Settings switch governs it or why
 * none does. A new kind of mail is a new row here (the compiler refuses a Mail without a known kind).
 *
 * - `switch`: sent only while the recipient's switch (preferences.notifications.email.<switch>) is on; an
 *   address without an account follows the switch's default (DEFAULT_PREFERENCES, core/accounts). The
 *   mail's footer says which switch it is and where to turn it off.
 * - `subscription`: the newsletter. Its switch and the address's subscription are one (core/newsletter):
 *   only confirmed subscribers are ever mailed, so the subscription list is the check.
 * - `always`: a mail the person needs whatever their settings say (they asked for it, they paid, or it is
 *   about the safety of their account); the reason is printed in its footer.
 *
 * The English wording here is the reference; the footer lines are printed from the catalogue
 * (messages/), in the mail's language.
 */
import type { Preferences } from "../../db/schema/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../shared/locale.ts";
import { mailT, type MailMessageId } from "./intl.ts";
import { escapeHtml } from "./layout.ts";

export type EmailSwitch = keyof Preferences["notifications"]["email"];

export type MailRule =
  | { gate: "switch"; switch: Exclude<EmailSwitch, "newsletter">; label: string }
  | { gate: "subscription"; switch: "newsletter" }
  | { gate: "always"; because: string };

const whatever = "it is sent whatever your notification settings say.";
const always = (because: string): MailRule => ({ gate: "always", because: `You get this email because ${because}; ${whatever}` });

export const MAIL_KINDS = {
  // Always: the person asked for it, paid for it, or it keeps their account safe.
  email_verification: always("an East Harlem account was created with this address"),
  password_reset: always("someone asked to reset the password of the East Harlem account with this address"),
  order_confirmation: always("you placed an order"),
  payment_refunded: always("you paid us and we gave the money back"),
  tickets: always("you bought tickets"),
  rsvp_confirm: always("this address was given to RSVP for an event"),
  rsvp_confirmed: always("you RSVP'd for this event"),
  rsvp_waitlisted: always("you RSVP'd for this event"),
  newsletter_confirmation: always("this address was given to subscribe to the newsletter"),
  raffle_win: always("you entered a raffle and your entry was drawn"),
  raffle_lost: always("you entered a raffle"),
  // Order updates: the shipped, delivered, cancelled and refunded notices of an order.
  order_shipped: { gate: "switch", switch: "orderUpdates", label: "Order updates" },
  order_delivered: { gate: "switch", switch: "orderUpdates", label: "Order updates" },
  order_cancelled: { gate: "switch", switch: "orderUpdates", label: "Order updates" },
  order_refunded: { gate: "switch", switch: "orderUpdates", label: "Order updates" },
  newsletter: { gate: "subscription", switch: "newsletter" },
  // No mail of these kinds is sent yet: the switches are stored and shown in Settings, and the drops'
  // restock alerts (and any promotion) will queue mail of these kinds, which this table then holds back.
  promotion: { gate: "switch", switch: "promotions", label: "Promotions" },
  restock_alert: { gate: "switch", switch: "restockAlerts", label: "Restock alerts" },
} as const satisfies Record<string, MailRule>;

export type MailKind = keyof typeof MAIL_KINDS;

type AlwaysKind = { [K in MailKind]: (typeof MAIL_KINDS)[K] extends { gate: "always" } ? K : never }[MailKind];
type SwitchName = Extract<MailRule, { gate: "switch" }>["switch"];

/**
 * The footer lines in the mail's language: the English catalogue holds MAIL_KINDS' own wording (a unit
 * test checks they agree), the Spanish one its translation.
 */
const REASON_ID: Readonly<Record<AlwaysKind, MailMessageId>> = {
  email_verification: "mail.footer.email_verification",
  password_reset: "mail.footer.password_reset",
  order_confirmation: "mail.footer.order_confirmation",
  payment_refunded: "mail.footer.payment_refunded",
  tickets: "mail.footer.tickets",
  rsvp_confirm: "mail.footer.rsvp_confirm",
  rsvp_confirmed: "mail.footer.rsvp_confirmed",
  rsvp_waitlisted: "mail.footer.rsvp_waitlisted",
  newsletter_confirmation: "mail.footer.newsletter_confirmation",
  raffle_win: "mail.footer.raffle_win",
  raffle_lost: "mail.footer.raffle_lost",
};
export const SWITCH_LABEL_ID: Readonly<Record<SwitchName, MailMessageId>> = {
  orderUpdates: "mail.switch.orderUpdates",
  promotions: "mail.switch.promotions",
  restockAlerts: "mail.switch.restockAlerts",
};

/** The line a mail's footer carries: why it came, and for a switchable kind, where to turn it off (null: the mail says it itself). */
export function footerLine(kind: MailKind, locale: Locale = DEFAULT_LOCALE): string | null {
  const rule: MailRule = MAIL_KINDS[kind];
  const t = mailT(locale);
  if (rule.gate === "always") return t(REASON_ID[kind as AlwaysKind]);
  if (rule.gate === "switch") return t("mail.footer.switch", { label: t(SWITCH_LABEL_ID[rule.switch]) });
  // The newsletter carries its own reason and unsubscribe link (core/newsletter/mail.ts).
  return null;
}

/** The mail with its kind's footer line in its language: after the text's sign-off, and before the end of the HTML body. */
export function withFooter<M extends { kind: MailKind; locale?: Locale; text: string; html: string }>(mail: M): M {
  const line = footerLine(mail.kind, mail.locale);
  if (!line) return mail;
  const p = `<p style="font-size:12px;color:#555">${escapeHtml(line)}</p>`;
  const html = mail.html.includes("</body>") ? mail.html.replace("</body>", () => `${p}</body>`) : `${mail.html}${p}`;
  return { ...mail, text: `${mail.text}\n\n${line}`, html };
}
