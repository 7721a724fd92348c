/**
 * The store's mails: a plain-text part always, and simple HTML beside it, in the recipient's language
 * (recipientLocale, queries.ts, decides it; the texts are in messages/). Links are absolute, to the pages
 * in that language.
 */

import type { MailAttachment } from "../../db/schema/mail.ts";
import type { Locale } from "../shared/locale.ts";
import { mailOptions, mailT, mailText, mailUrl } from "./intl.ts";
import type { MailKind } from "./kinds.ts";
import { mailButton, mailPage, mailParagraph } from "./layout.ts";

export type { MailAttachment };

export interface Mail {
  /** What the mail is: MAIL_KINDS (kinds.ts) says whether a notification switch may stop it, and its footer line. */
  kind: MailKind;
  /** The account the mail is about, whose switches decide (else the account of `to`, if any). */
  userId?: string | null;
  /**
   * The recipient asked for this very mail on the store's page (a "Notify me" sign-up, core/alerts): for an
   * address without an account its switch counts as on (the sign-up is the consent, and the mail carries its
   * own stop link instead of the switch's footer line); an account's switch still decides.
   */
  askedFor?: boolean;
  /** The language the mail is written in, which its footer line follows (English when not said). */
  locale?: Locale;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on newsletter mail. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

function layout(baseUrl: string, locale: Locale, title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  return mailPage({ locale, baseUrl, title, bodyHtml: paragraphs.map(mailParagraph).join("") + (action ? mailButton(action.label, action.url, locale) : "") });
}

export function verificationMail(to: string, name: string, url: string, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const lines = [t("mail.greeting", { name: name || to }), t("mail.verify.intro"), t("mail.verify.expiry")];
  const ignore = t("mail.verify.ignore");
  return {
    kind: "email_verification",
    locale,
    to,
    subject: t("mail.verify.subject"),
    text: `${lines.join("\n\n")}\n\n${t("mail.verify.action", { url })}\n\n${ignore}\n\n— East Harlem`,
    html: layout(baseUrl, locale, t("mail.verify.title"), [...lines, ignore], { label: t("mail.verify.button"), url }),
  };
}

export function resetPasswordMail(to: string, url: string, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const lines = [t("mail.reset.intro"), t("mail.reset.expiry")];
  const ignore = t("mail.reset.ignore");
  return {
    kind: "password_reset",
    locale,
    to,
    subject: t("mail.reset.subject"),
    text: `${lines.join("\n\n")}\n\n${t("mail.reset.action", { url })}\n\n${ignore}\n\n— East Harlem`,
    html: layout(baseUrl, locale, t("mail.reset.subject"), [...lines, ignore], { label: t("mail.reset.button"), url }),
  };
}

export interface ReceiptForMail {
  orderId: string;
  orderNumber: number;
  customerEmail: string;
  customerName: string;
  lines: readonly { name: string; size: string | null; color: string | null; unitPriceCents: number; quantity: number }[];
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

/** Money reads "$55.00" in both languages (US English and US Spanish). */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

/** What an order mail says follows the order's own rule (core/orders orderActions): a package to track, or tickets by email. */
export type MailOrderActions = {
  /** Track Package is offered (core/orders OrderActions). */
  track: boolean;
  shipping: "not_shipped" | "shipped" | "nothing_to_ship" | "cancelled";
};

/**
 * Sent after the order's transaction committed: what was bought, what it cost, where to follow it. An order of
 * tickets only says they come by email, with nothing to ship; one with a package says where to track it.
 */
export function orderConfirmationMail(receipt: ReceiptForMail, actions: MailOrderActions, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const number = `EH-${receipt.orderNumber}`;
  const url = mailUrl(baseUrl, `/orders/${receipt.orderId}`, locale);
  const items = receipt.lines.map((l) => {
    const options = mailOptions(l, locale);
    return `${l.quantity} x ${l.name}${options ? ` (${options})` : ""}: ${dollars(l.unitPriceCents * l.quantity)}`;
  });
  const totals = [
    t("mail.order.subtotal", { amount: dollars(receipt.subtotalCents) }),
    t("mail.order.tax", { amount: dollars(receipt.taxCents) }),
    receipt.shippingCents === 0 ? t("mail.order.shippingFree") : t("mail.order.shipping", { amount: dollars(receipt.shippingCents) }),
    t("mail.order.total", { amount: dollars(receipt.totalCents) }),
  ];
  const greeting = t("mail.greeting", { name: receipt.customerName || receipt.customerEmail });
  const intro = actions.shipping === "nothing_to_ship" ? t("mail.order.introTickets", { number }) : t("mail.order.intro", { number });
  const track = actions.track ? [t("mail.order.trackLater", { url: mailUrl(baseUrl, `/orders/${receipt.orderId}/track`, locale) })] : [];
  return {
    kind: "order_confirmation",
    locale,
    to: receipt.customerEmail,
    subject: t("mail.order.subject", { number }),
    text: `${greeting}\n\n${intro}\n\n${items.join("\n")}\n\n${totals.join("\n")}\n\n${[t("mail.order.follow", { url }), ...track].join("\n")}\n\n— East Harlem`,
    html: layout(baseUrl, locale, t("mail.order.title", { number }), [greeting, intro, ...items, ...totals, ...track], { label: t("mail.order.button"), url }),
  };
}

/**
 * A payment the store could not turn into an order (its items sold out before the payment was settled,
 * for example after an interrupted checkout): the money went back in full. `reason` is what the checkout
 * recorded, in English (worded in the mail's language by mailText).
 */
export function paymentRefundedMail(
  input: { to: string; name: string; totalCents: number; lines: ReceiptForMail["lines"]; reason: string },
  baseUrl: string,
  locale: Locale,
): Mail {
  const t = mailT(locale);
  const greeting = t("mail.greeting", { name: input.name || input.to });
  const items = input.lines.map((l) => {
    const options = mailOptions(l, locale);
    return `${l.quantity} x ${l.name}${options ? ` (${options})` : ""}`;
  });
  const paragraphs = [greeting, mailText(input.reason, locale), t("mail.paymentRefunded.refunded", { amount: dollars(input.totalCents) }), ...items];
  const url = mailUrl(baseUrl, "/shop", locale);
  return {
    kind: "payment_refunded",
    locale,
    to: input.to,
    subject: t("mail.paymentRefunded.subject"),
    text: `${paragraphs.join("\n\n")}\n\n${t("mail.paymentRefunded.action", { url })}\n\n— East Harlem`,
    html: layout(baseUrl, locale, t("mail.paymentRefunded.title"), paragraphs, { label: t("mail.paymentRefunded.button"), url }),
  };
}

/** What an order-update mail needs to know of the order. */
export interface OrderForMail {
  orderId: string;
  /** The order's account: its "Order updates" switch decides whether the update is sent, and its language the mail's. */
  userId: string;
  orderNumber: number;
  customerEmail: string;
  customerName: string;
  /** What the order offers (core/orders orderActions): the mails link to Track Package only where it applies. */
  actions: MailOrderActions;
}

type OrderUpdateKind = "order_shipped" | "order_delivered" | "order_cancelled" | "order_refunded";

function orderUpdateMail(
  kind: OrderUpdateKind,
  order: OrderForMail,
  baseUrl: string,
  locale: Locale,
  heading: { subject: string; title: string },
  paragraphs: string[],
  path = "",
): Mail {
  const t = mailT(locale);
  const url = mailUrl(baseUrl, `/orders/${order.orderId}${path}`, locale);
  const all = [t("mail.greeting", { name: order.customerName || order.customerEmail }), ...paragraphs];
  return {
    kind,
    locale,
    userId: order.userId,
    to: order.customerEmail,
    subject: heading.subject,
    text: `${all.join("\n\n")}\n\n${t("mail.order.follow", { url })}\n\n— East Harlem`,
    html: layout(baseUrl, locale, heading.title, all, { label: t("mail.order.button"), url }),
  };
}

/** The order left the warehouse: the carrier and the tracking number. */
export function orderShippedMail(order: OrderForMail, shipment: { carrier: string; trackingNumber: string }, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const number = `EH-${order.orderNumber}`;
  return orderUpdateMail(
    "order_shipped",
    order,
    baseUrl,
    locale,
    { subject: t("mail.shipped.subject", { number }), title: t("mail.shipped.title", { number }) },
    [t("mail.shipped.onItsWay", { number, carrier: shipment.carrier }), t("mail.shipped.tracking", { trackingNumber: shipment.trackingNumber })],
    order.actions.track ? "/track" : "",
  );
}

export function orderDeliveredMail(order: OrderForMail, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const number = `EH-${order.orderNumber}`;
  return orderUpdateMail("order_delivered", order, baseUrl, locale, { subject: t("mail.delivered.subject", { number }), title: t("mail.delivered.title", { number }) }, [
    t("mail.delivered.body", { number }),
  ]);
}

/** `order.actions` as the order stood before it was cancelled: tickets only say so, goods were cancelled before they shipped. */
export function orderCancelledMail(order: OrderForMail, refundCents: number, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const number = `EH-${order.orderNumber}`;
  return orderUpdateMail("order_cancelled", order, baseUrl, locale, { subject: t("mail.cancelled.subject", { number }), title: t("mail.cancelled.title", { number }) }, [
    order.actions.shipping === "nothing_to_ship" ? t("mail.cancelled.bodyTickets", { number }) : t("mail.cancelled.body", { number }),
    t("mail.cancelled.refund", { amount: dollars(refundCents) }),
  ]);
}

export function orderRefundedMail(order: OrderForMail, refundCents: number, items: readonly string[], baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const number = `EH-${order.orderNumber}`;
  return orderUpdateMail("order_refunded", order, baseUrl, locale, { subject: t("mail.refunded.subject", { number }), title: t("mail.refunded.title", { number }) }, [
    t("mail.refunded.body", { amount: dollars(refundCents), number }),
    ...items,
  ]);
}
