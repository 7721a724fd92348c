// Pure newsletter rules: no database, no node-only modules (the subscribe boxes import this file).
import type { Locale } from "../shared/locale.ts";
import { fieldTextsOf } from "../shared/text.ts";

/**
 * The texts of the newsletter's field checks and the subscribe box's answer: ids of the catalogue
 * (texts/messages), worded by the doors. A text with a limit takes the check's `max`.
 */
export const newsletterField = fieldTextsOf({
  /** The one answer to every accepted address, new or known, so the box never tells who is subscribed. */
  "newsletter.message.checkInbox": [],
  "newsletter.message.unsubscribed": [],
  "newsletter.message.badConfirmLink": [],
  "newsletter.message.badUnsubscribeLink": [],
  "account.error.emailRequired": [],
  "account.error.invalidEmail": [],
  "newsletter.domain.subjectRequired": [],
  "newsletter.domain.bodyRequired": [],
  "newsletter.domain.spanishSubjectRequired": [],
  "newsletter.domain.spanishBodyRequired": [],
  "wishlist.domain.maxChars": ["max"],
});

/** Sign-ups per client address and per address asked for, counted in the database so every process agrees. */
export const SUBSCRIBE_THROTTLE = {
  client: { limit: 10, windowMs: 60 * 60_000 },
  email: { limit: 3, windowMs: 60 * 60_000 },
} as const;
export const subscribeThrottleKeys = {
  client: (clientIp: string) => `newsletter:client:${clientIp}`,
  email: (email: string) => `newsletter:email:${email}`,
};

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60_000;

/** Subscribers a send job mails per transaction. */
export const CAMPAIGN_BATCH_SIZE = 200;

export const MAX_SUBJECT = 150;
export const MAX_BODY = 20_000;

/**
 * The words of a campaign a subscriber reads: its Spanish for one whose language is Spanish, when it was
 * written, else its English.
 */
export function campaignWords(
  campaign: { subject: string; body: string; subjectEs: string | null; bodyEs: string | null },
  locale: Locale,
): { subject: string; body: string } {
  return locale === "es" && campaign.subjectEs !== null && campaign.bodyEs !== null
    ? { subject: campaign.subjectEs, body: campaign.bodyEs }
    : { subject: campaign.subject, body: campaign.body };
}

/** RFC 8058: the body a mail provider posts to the List-Unsubscribe address. */
export const ONE_CLICK_BODY = { name: "List-Unsubscribe", value: "One-Click" } as const;

/** An account's newsletter switch is on while its address is subscribed or waiting for confirmation. */
export function preferenceFor(status: "pending" | "confirmed" | "unsubscribed" | null): boolean {
  return status === "pending" || status === "confirmed";
}

export type Block = { kind: "paragraph"; text: string } | { kind: "list"; items: string[] } | { kind: "heading"; text: string };

/**
 * The newsletter's markdown-lite: blank lines part paragraphs, lines starting "- " or "* " make a list,
 * a line starting "# " is a heading. Inline: **bold** and bare http(s) links (see inlineParts).
 */
export function parseBody(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk.split("\n").map((l) => l.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    let paragraph: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
      if (list.length) blocks.push({ kind: "list", items: list });
      paragraph = [];
      list = [];
    };
    for (const line of lines) {
      const item = /^[-*]\s+(.*)$/.exec(line);
      const heading = /^#{1,3}\s+(.*)$/.exec(line);
      if (heading) {
        flush();
        blocks.push({ kind: "heading", text: heading[1]! });
      } else if (item) {
        if (paragraph.length) flush();
        list.push(item[1]!);
      } else {
        if (list.length) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}

export type InlinePart = { kind: "text"; text: string } | { kind: "bold"; text: string } | { kind: "link"; url: string };

/** A line's text, **bold** spans and bare http(s) links, in order. */
export function inlineParts(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const pattern = /\*\*(.+?)\*\*|(https?:\/\/[^\s<>"')]+[^\s<>"').,;:!?])/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    if (match[1] !== undefined) parts.push({ kind: "bold", text: match[1] });
    else parts.push({ kind: "link", url: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function inlineHtml(text: string): string {
  return inlineParts(text)
    .map((p) => (p.kind === "text" ? escapeHtml(p.text) : p.kind === "bold" ? `<strong>${escapeHtml(p.text)}</strong>` : `<a href="${escapeHtml(p.url)}">${escapeHtml(p.url)}</a>`))
    .join("");
}

/** The body as HTML: every character of the author's text escaped, only the markup above produced. */
export function bodyHtml(body: string): string {
  return parseBody(body)
    .map((b) =>
      b.kind === "paragraph"
        ? `<p style="margin:0 0 16px">${inlineHtml(b.text)}</p>`
        : b.kind === "heading"
          ? `<h2 style="font-size:18px;margin:24px 0 8px">${inlineHtml(b.text)}</h2>`
          : `<ul style="margin:0 0 16px;padding-left:20px">${b.items.map((i) => `<li>${inlineHtml(i)}</li>`).join("")}</ul>`,
    )
    .join("");
}

/** The body as plain text: the author's text with ** marks taken out. */
export function bodyText(body: string): string {
  return parseBody(body)
    .map((b) => {
      const plain = (t: string) => t.replace(/\*\*(.+?)\*\*/g, "$1");
      return b.kind === "list" ? b.items.map((i) => `- ${plain(i)}`).join("\n") : b.kind === "heading" ? plain(b.text).toUpperCase() : plain(b.text);
    })
    .join("\n\n");
}
