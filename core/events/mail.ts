/** The events' mails: tickets (a QR code per ticket and an .ics file), RSVP confirm, confirmed, waitlisted, promoted. */
import ical from "ical-generator";
import { escapeHtml, mailButton, mailPage, mailParagraph, mailT, mailUrl, type Mail, type MailAttachment } from "../mail/index.ts";
import { storeTime, storeWeekdayDate } from "../shared/dates.ts";
import type { Locale } from "../shared/locale.ts";
import { formatTicketCode } from "./rules.ts";

export interface EventForMail {
  slug: string;
  title: string;
  description: string;
  venue: string;
  startsAt: Date;
  endsAt: Date;
}

/** "Saturday, June 15, 2027, 8:00 PM to 2:00 AM (New York time)"; in Spanish "sábado, 15 de junio de 2027, de 8:00 p. m. a 2:00 a. m. (hora de Nueva York)" */
export function whenLine(event: Pick<EventForMail, "startsAt" | "endsAt">, locale: Locale = "en"): string {
  return mailT(locale)("mail.event.whenLine", {
    date: storeWeekdayDate(event.startsAt, locale),
    start: storeTime(event.startsAt, locale),
    end: storeTime(event.endsAt, locale),
  });
}


/** An iCalendar file for the event, as a mail attachment. */
export function calendarAttachment(event: EventForMail, baseUrl: string, uid: string, locale: Locale): MailAttachment {
  const calendar = ical({ name: "East Harlem", prodId: { company: "East Harlem", product: "Store", language: locale.toUpperCase() } });
  calendar.createEvent({
    id: uid,
    start: event.startsAt,
    end: event.endsAt,
    summary: event.title,
    description: event.description,
    location: event.venue,
    url: mailUrl(baseUrl, `/events/${event.slug}`, locale),
  });
  return { filename: `${event.slug}.ics`, contentType: "text/calendar; charset=utf-8", contentBase64: Buffer.from(calendar.toString(), "utf8").toString("base64") };
}

/** A PNG QR code of a ticket code. */
export async function qrPng(code: string): Promise<Buffer> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toBuffer(code, { type: "png", width: 240, margin: 2, errorCorrectionLevel: "M" });
}

export interface IssuedTicket {
  code: string;
  typeName: string;
}

/** The tickets of one event bought in one order: each with its QR code inline (cid) and attached, plus the .ics. */
export async function ticketsMail(
  to: { email: string; name: string },
  event: EventForMail,
  orderNumberLabel: string,
  orderUrl: string,
  issued: readonly IssuedTicket[],
  baseUrl: string,
  locale: Locale,
): Promise<Mail> {
  const t = mailT(locale);
  const attachments: MailAttachment[] = [];
  const blocks: string[] = [];
  const textLines: string[] = [];
  for (const [i, ticket] of issued.entries()) {
    const cid = `ticket-${i + 1}@eastharlem`;
    const png = await qrPng(ticket.code);
    const code = formatTicketCode(ticket.code);
    attachments.push({ filename: `ticket-${i + 1}-${ticket.code}.png`, contentType: "image/png", contentBase64: png.toString("base64"), cid });
    const label = t("mail.tickets.ticket", { number: i + 1, count: issued.length, typeName: ticket.typeName });
    blocks.push(
      `<div style="border:2px solid #111;padding:16px;margin:0 0 16px"><p style="margin:0 0 8px;font-weight:bold">${escapeHtml(label)}</p><img src="cid:${cid}" width="200" height="200" alt="${escapeHtml(t("mail.tickets.qrAlt", { code }))}"><p style="margin:8px 0 0;font-family:monospace;font-size:18px">${escapeHtml(code)}</p></div>`,
    );
    textLines.push(`${label}: ${code}`);
  }
  attachments.push(calendarAttachment(event, baseUrl, `${orderNumberLabel}-${event.slug}@eastharlem`, locale));
  const intro = [
    t("mail.greeting", { name: to.name || to.email }),
    t("mail.tickets.intro", { count: issued.length, title: event.title, order: orderNumberLabel }),
    t("mail.event.when", { when: whenLine(event, locale) }),
    t("mail.event.where", { venue: event.venue }),
    t("mail.tickets.atTheDoor"),
  ];
  const subject = t("mail.tickets.subject", { title: event.title });
  return {
    kind: "tickets",
    locale,
    to: to.email,
    subject,
    text: `${intro.join("\n\n")}\n\n${textLines.join("\n")}\n\n${t("mail.tickets.order", { url: orderUrl })}\n\n— East Harlem`,
    html: mailPage({ locale, baseUrl, title: subject, bodyHtml: `${intro.map(mailParagraph).join("")}${blocks.join("")}${mailButton(t("mail.order.button"), orderUrl, locale)}` }),
    attachments,
  };
}

export function rsvpConfirmMail(to: { email: string; name: string }, event: EventForMail, partySize: number, confirmUrl: string, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const lines = [
    t("mail.greeting", { name: to.name }),
    t("mail.rsvpConfirm.ask", { title: event.title, partySize, when: whenLine(event, locale), venue: event.venue }),
    t("mail.rsvpConfirm.held"),
  ];
  return {
    kind: "rsvp_confirm",
    locale,
    to: to.email,
    subject: t("mail.rsvpConfirm.subject", { title: event.title }),
    text: `${lines.join("\n\n")}\n\n${t("mail.rsvpConfirm.action", { url: confirmUrl })}\n\n— East Harlem`,
    html: mailPage({ locale, baseUrl, title: t("mail.rsvpConfirm.title"), bodyHtml: `${lines.map(mailParagraph).join("")}${mailButton(t("mail.rsvpConfirm.button"), confirmUrl, locale)}` }),
  };
}

/** Sent when places are held (at once, after confirming, or on moving up from the waitlist): with the .ics and a cancel link. */
export function rsvpConfirmedMail(
  to: { email: string; name: string },
  event: EventForMail,
  partySize: number,
  cancelUrl: string,
  baseUrl: string,
  locale: Locale,
  promoted = false,
): Mail {
  const t = mailT(locale);
  const lines = [
    t("mail.greeting", { name: to.name }),
    promoted ? t("mail.rsvpConfirmed.promoted", { title: event.title }) : t("mail.rsvpConfirmed.onTheList", { title: event.title }),
    t("mail.rsvpConfirmed.party", { partySize }),
    t("mail.event.when", { when: whenLine(event, locale) }),
    t("mail.event.where", { venue: event.venue }),
    t("mail.rsvpConfirmed.calendar"),
  ];
  return {
    kind: "rsvp_confirmed",
    locale,
    to: to.email,
    subject: promoted ? t("mail.rsvpConfirmed.promotedSubject", { title: event.title }) : t("mail.rsvpConfirmed.subject", { title: event.title }),
    text: `${lines.join("\n\n")}\n\n${t("mail.rsvpConfirmed.action", { url: cancelUrl })}\n\n— East Harlem`,
    html: mailPage({
      locale,
      baseUrl,
      title: promoted ? t("mail.rsvpConfirmed.promotedTitle") : t("mail.rsvpConfirmed.title"),
      bodyHtml: `${lines.map(mailParagraph).join("")}${mailButton(t("mail.rsvpConfirmed.button"), cancelUrl, locale)}`,
    }),
    attachments: [calendarAttachment(event, baseUrl, `rsvp-${cancelUrl.slice(-12)}@eastharlem`, locale)],
  };
}

export function rsvpWaitlistedMail(to: { email: string; name: string }, event: EventForMail, partySize: number, cancelUrl: string, baseUrl: string, locale: Locale): Mail {
  const t = mailT(locale);
  const lines = [
    t("mail.greeting", { name: to.name }),
    t("mail.rsvpWaitlisted.body", { title: event.title, partySize }),
    t("mail.event.when", { when: whenLine(event, locale) }),
  ];
  return {
    kind: "rsvp_waitlisted",
    locale,
    to: to.email,
    subject: t("mail.rsvpWaitlisted.subject", { title: event.title }),
    text: `${lines.join("\n\n")}\n\n${t("mail.rsvpWaitlisted.action", { url: cancelUrl })}\n\n— East Harlem`,
    html: mailPage({ locale, baseUrl, title: t("mail.rsvpWaitlisted.title"), bodyHtml: `${lines.map(mailParagraph).join("")}${mailButton(t("mail.rsvpWaitlisted.button"), cancelUrl, locale)}` }),
  };
}

/** A QR code of a ticket code as a PNG data URL, for the order page. */
export async function qrDataUrl(code: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toDataURL(code, { width: 200, margin: 2, errorCorrectionLevel: "M" });
}
