/** The events' mails: tickets (a QR code per ticket and an .ics file), RSVP confirm, confirmed, waitlisted, promoted. */
import ical from "ical-generator";
import QRCode from "qrcode";
import { escapeHtml, mailButton, mailPage, mailParagraph, type Mail, type MailAttachment } from "../mail/index.ts";
import { formatTicketCode, storeLongDate, storeTimeOfDay } from "./rules.ts";

const para = mailParagraph;
const button = mailButton;
const layout = (baseUrl: string, title: string, bodyHtml: string) => mailPage({ baseUrl, title, bodyHtml });

export interface EventForMail {
  slug: string;
  title: string;
  description: string;
  venue: string;
  startsAt: Date;
  endsAt: Date;
}

/** "Saturday, June 15, 2027, 8:00 PM to 2:00 AM (New York time)" */
export function whenLine(event: Pick<EventForMail, "startsAt" | "endsAt">): string {
  return `${storeLongDate(event.startsAt)}, ${storeTimeOfDay(event.startsAt)} to ${storeTimeOfDay(event.endsAt)} (New York time)`;
}


/** An iCalendar file for the event, as a mail attachment. */
export function calendarAttachment(event: EventForMail, baseUrl: string, uid: string): MailAttachment {
  const calendar = ical({ name: "East Harlem", prodId: { company: "East Harlem", product: "Store", language: "EN" } });
  calendar.createEvent({
    id: uid,
    start: event.startsAt,
    end: event.endsAt,
    summary: event.title,
    description: event.description,
    location: event.venue,
    url: `${baseUrl}/events/${event.slug}`,
  });
  return { filename: `${event.slug}.ics`, contentType: "text/calendar; charset=utf-8", contentBase64: Buffer.from(calendar.toString(), "utf8").toString("base64") };
}

/** A PNG QR code of a ticket code. */
export async function qrPng(code: string): Promise<Buffer> {
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
): Promise<Mail> {
  const attachments: MailAttachment[] = [];
  const blocks: string[] = [];
  const textLines: string[] = [];
  for (const [i, t] of issued.entries()) {
    const cid = `ticket-${i + 1}@eastharlem`;
    const png = await qrPng(t.code);
    attachments.push({ filename: `ticket-${i + 1}-${t.code}.png`, contentType: "image/png", contentBase64: png.toString("base64"), cid });
    const label = `Ticket ${i + 1} of ${issued.length}: ${t.typeName}`;
    blocks.push(
      `<div style="border:2px solid #111;padding:16px;margin:0 0 16px"><p style="margin:0 0 8px;font-weight:bold">${escapeHtml(label)}</p><img src="cid:${cid}" width="200" height="200" alt="QR code of ticket ${escapeHtml(formatTicketCode(t.code))}"><p style="margin:8px 0 0;font-family:monospace;font-size:18px">${escapeHtml(formatTicketCode(t.code))}</p></div>`,
    );
    textLines.push(`${label}: ${formatTicketCode(t.code)}`);
  }
  attachments.push(calendarAttachment(event, baseUrl, `${orderNumberLabel}-${event.slug}@eastharlem`));
  const intro = [
    `Hi ${to.name || to.email},`,
    `Here ${issued.length === 1 ? "is your ticket" : `are your ${issued.length} tickets`} for ${event.title} (order ${orderNumberLabel}).`,
    `When: ${whenLine(event)}`,
    `Where: ${event.venue}`,
    "Show the QR code (or read out the code) at the door. Each ticket lets one person in, once. The calendar file adds the event to your calendar.",
  ];
  return {
    kind: "tickets",
    to: to.email,
    subject: `Your tickets: ${event.title}`,
    text: `${intro.join("\n\n")}\n\n${textLines.join("\n")}\n\nYour order: ${orderUrl}\n\n— East Harlem`,
    html: layout(baseUrl, `Your tickets: ${event.title}`, `${intro.map(para).join("")}${blocks.join("")}${button("View your order", orderUrl)}`),
    attachments,
  };
}

export function rsvpConfirmMail(to: { email: string; name: string }, event: EventForMail, partySize: number, confirmUrl: string, baseUrl: string): Mail {
  const lines = [
    `Hi ${to.name},`,
    `Confirm your RSVP for ${event.title} (${partySize} ${partySize === 1 ? "person" : "people"}): ${whenLine(event)}, ${event.venue}.`,
    "Your places are held only once you confirm. If you did not ask for this, ignore this mail.",
  ];
  return {
    kind: "rsvp_confirm",
    to: to.email,
    subject: `Confirm your RSVP: ${event.title}`,
    text: `${lines.join("\n\n")}\n\nConfirm: ${confirmUrl}\n\n— East Harlem`,
    html: layout(baseUrl, "Confirm your RSVP", `${lines.map(para).join("")}${button("Confirm my RSVP", confirmUrl)}`),
  };
}

/** Sent when places are held (at once, after confirming, or on moving up from the waitlist): with the .ics and a cancel link. */
export function rsvpConfirmedMail(to: { email: string; name: string }, event: EventForMail, partySize: number, cancelUrl: string, baseUrl: string, promoted = false): Mail {
  const lines = [
    `Hi ${to.name},`,
    promoted
      ? `Good news: places opened up and you moved off the waitlist. You're on the list for ${event.title}.`
      : `You're on the list for ${event.title}.`,
    `Party: ${partySize} ${partySize === 1 ? "person" : "people"}`,
    `When: ${whenLine(event)}`,
    `Where: ${event.venue}`,
    "The calendar file adds the event to your calendar. Can't make it? Cancel so someone on the waitlist can come.",
  ];
  return {
    kind: "rsvp_confirmed",
    to: to.email,
    subject: promoted ? `You're off the waitlist: ${event.title}` : `You're on the list: ${event.title}`,
    text: `${lines.join("\n\n")}\n\nCancel your RSVP: ${cancelUrl}\n\n— East Harlem`,
    html: layout(baseUrl, promoted ? "You're off the waitlist" : "You're on the list", `${lines.map(para).join("")}${button("Cancel my RSVP", cancelUrl)}`),
    attachments: [calendarAttachment(event, baseUrl, `rsvp-${cancelUrl.slice(-12)}@eastharlem`)],
  };
}

export function rsvpWaitlistedMail(to: { email: string; name: string }, event: EventForMail, partySize: number, cancelUrl: string, baseUrl: string): Mail {
  const lines = [
    `Hi ${to.name},`,
    `${event.title} is full for now, so your party of ${partySize} is on the waitlist. When places open up, parties move up in the order they joined, and we'll mail you.`,
    `When: ${whenLine(event)}`,
  ];
  return {
    kind: "rsvp_waitlisted",
    to: to.email,
    subject: `You're on the waitlist: ${event.title}`,
    text: `${lines.join("\n\n")}\n\nLeave the waitlist: ${cancelUrl}\n\n— East Harlem`,
    html: layout(baseUrl, "You're on the waitlist", `${lines.map(para).join("")}${button("Leave the waitlist", cancelUrl)}`),
  };
}

/** A QR code of a ticket code as a PNG data URL, for the order page. */
export async function qrDataUrl(code: string): Promise<string> {
  return QRCode.toDataURL(code, { width: 200, margin: 2, errorCorrectionLevel: "M" });
}
