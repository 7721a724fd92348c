/** The store's mails: a plain-text part always, and simple HTML beside it. Links are absolute. */

import type { MailAttachment } from "../../db/schema/mail.ts";
import type { MailKind } from "./kinds.ts";
import { mailButton, mailPage, mailParagraph } from "./layout.ts";

export type { MailAttachment };

export interface Mail {
  /** What the mail is: MAIL_KINDS (kinds.ts) says whether a notification switch may stop it, and its footer line. */
  kind: MailKind;
  /** The account the mail is about, whose switches decide (else the account of `to`, if any). */
  userId?: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on newsletter mail. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

function layout(baseUrl: string, title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  return mailPage({ baseUrl, title, bodyHtml: paragraphs.map(mailParagraph).join("") + (action ? mailButton(action.label, action.url) : "") });
}

export function verificationMail(to: string, name: string, url: string, baseUrl: string): Mail {
  const greeting = `Hi ${name || to},`;
  const lines = [greeting, "Confirm your email address to finish setting up your East Harlem account.", "The link works once and expires in 24 hours."];
  return {
    kind: "email_verification",
    to,
    subject: "Verify your email address",
    text: `${lines.join("\n\n")}\n\nVerify your email: ${url}\n\nIf you did not create an account, ignore this mail.\n\n— East Harlem`,
    html: layout(baseUrl, "Verify your email", [...lines, "If you did not create an account, ignore this mail."], { label: "Verify email", url }),
  };
}

export function resetPasswordMail(to: string, url: string, baseUrl: string): Mail {
  const lines = ["Someone asked to reset the password of your East Harlem account.", "The link works once and expires in 1 hour."];
  return {
    kind: "password_reset",
    to,
    subject: "Reset your password",
    text: `${lines.join("\n\n")}\n\nChoose a new password: ${url}\n\nIf it was not you, ignore this mail: your password stays as it is.\n\n— East Harlem`,
    html: layout(baseUrl, "Reset your password", [...lines, "If it was not you, ignore this mail: your password stays as it is."], {
      label: "Choose a new password",
      url,
    }),
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

const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

/** Sent after the order's transaction committed: what was bought, what it cost, where to follow it. */
export function orderConfirmationMail(receipt: ReceiptForMail, baseUrl: string): Mail {
  const number = `EH-${receipt.orderNumber}`;
  const url = `${baseUrl}/orders/${receipt.orderId}`;
  const items = receipt.lines.map((l) => {
    const options = [l.size, l.color].filter(Boolean).join(" / ");
    return `${l.quantity} x ${l.name}${options ? ` (${options})` : ""}: ${dollars(l.unitPriceCents * l.quantity)}`;
  });
  const totals = [
    `Subtotal: ${dollars(receipt.subtotalCents)}`,
    `Tax (8%): ${dollars(receipt.taxCents)}`,
    `Shipping: ${receipt.shippingCents === 0 ? "Free" : dollars(receipt.shippingCents)}`,
    `Total: ${dollars(receipt.totalCents)}`,
  ];
  const greeting = `Hi ${receipt.customerName || receipt.customerEmail},`;
  const intro = `Thank you for your order ${number}. We have your payment and are getting it ready.`;
  return {
    kind: "order_confirmation",
    to: receipt.customerEmail,
    subject: `Your East Harlem order ${number}`,
    text: `${greeting}\n\n${intro}\n\n${items.join("\n")}\n\n${totals.join("\n")}\n\nFollow your order: ${url}\n\n— East Harlem`,
    html: layout(baseUrl, `Order ${number}`, [greeting, intro, ...items, ...totals], { label: "View your order", url }),
  };
}

/**
 * A payment the store could not turn into an order (its items sold out before the payment was settled,
 * for example after an interrupted checkout): the money went back in full.
 */
export function paymentRefundedMail(input: { to: string; name: string; totalCents: number; lines: ReceiptForMail["lines"]; reason: string }, baseUrl: string): Mail {
  const greeting = `Hi ${input.name || input.to},`;
  const items = input.lines.map((l) => {
    const options = [l.size, l.color].filter(Boolean).join(" / ");
    return `${l.quantity} x ${l.name}${options ? ` (${options})` : ""}`;
  });
  const paragraphs = [
    greeting,
    input.reason,
    `We refunded ${dollars(input.totalCents)} to the card you paid with. Depending on your bank it can take 5 to 10 business days to show.`,
    ...items,
  ];
  const url = `${baseUrl}/shop`;
  return {
    kind: "payment_refunded",
    to: input.to,
    subject: "Your East Harlem payment was refunded",
    text: `${paragraphs.join("\n\n")}\n\nBack to the shop: ${url}\n\n— East Harlem`,
    html: layout(baseUrl, "Payment refunded", paragraphs, { label: "Back to the shop", url }),
  };
}

/** What an order-update mail needs to know of the order. */
export interface OrderForMail {
  orderId: string;
  /** The order's account: its "Order updates" switch decides whether the update is sent. */
  userId: string;
  orderNumber: number;
  customerEmail: string;
  customerName: string;
}

type OrderUpdateKind = "order_shipped" | "order_delivered" | "order_cancelled" | "order_refunded";

function orderUpdateMail(kind: OrderUpdateKind, order: OrderForMail, baseUrl: string, subject: string, title: string, paragraphs: string[], path = ""): Mail {
  const url = `${baseUrl}/orders/${order.orderId}${path}`;
  const all = [`Hi ${order.customerName || order.customerEmail},`, ...paragraphs];
  return {
    kind,
    userId: order.userId,
    to: order.customerEmail,
    subject,
    text: `${all.join("\n\n")}\n\nFollow your order: ${url}\n\n— East Harlem`,
    html: layout(baseUrl, title, all, { label: "View your order", url }),
  };
}

/** The order left the warehouse: the carrier and the tracking number. */
export function orderShippedMail(order: OrderForMail, shipment: { carrier: string; trackingNumber: string }, baseUrl: string): Mail {
  const number = `EH-${order.orderNumber}`;
  return orderUpdateMail(
    "order_shipped",
    order,
    baseUrl,
    `Your East Harlem order ${number} has shipped`,
    `Order ${number} shipped`,
    [`Your order ${number} is on its way with ${shipment.carrier}.`, `Tracking number: ${shipment.trackingNumber}`],
    "/track",
  );
}

export function orderDeliveredMail(order: OrderForMail, baseUrl: string): Mail {
  const number = `EH-${order.orderNumber}`;
  return orderUpdateMail("order_delivered", order, baseUrl, `Your East Harlem order ${number} was delivered`, `Order ${number} delivered`, [
    `Your order ${number} was delivered. We hope you enjoy it.`,
  ]);
}

export function orderCancelledMail(order: OrderForMail, refundCents: number, baseUrl: string): Mail {
  const number = `EH-${order.orderNumber}`;
  return orderUpdateMail("order_cancelled", order, baseUrl, `Your East Harlem order ${number} was cancelled`, `Order ${number} cancelled`, [
    `Your order ${number} was cancelled before it shipped.`,
    `We are refunding ${dollars(refundCents)} to the card you paid with. Depending on your bank it can take 5 to 10 business days to show.`,
  ]);
}

export function orderRefundedMail(order: OrderForMail, refundCents: number, items: readonly string[], baseUrl: string): Mail {
  const number = `EH-${order.orderNumber}`;
  return orderUpdateMail("order_refunded", order, baseUrl, `A refund on your East Harlem order ${number}`, `Refund on order ${number}`, [
    `We refunded ${dollars(refundCents)} on your order ${number} to the card you paid with. Depending on your bank it can take 5 to 10 business days to show.`,
    ...items,
  ]);
}
