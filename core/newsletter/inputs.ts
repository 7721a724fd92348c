import { z } from "zod";
import { MAX_BODY, MAX_SUBJECT, newsletterField as field } from "./rules.ts";

/** An address as the store keeps it: trimmed, lower case. */
export const newsletterEmail = z
  .string({ error: field("account.error.emailRequired") })
  .trim()
  .toLowerCase()
  .min(1, field("account.error.emailRequired"))
  .max(254, field("account.error.invalidEmail"))
  .pipe(z.email(field("account.error.invalidEmail")));

/** The subscribe boxes' form. */
export const subscribeSchema = z.object({
  email: newsletterEmail,
  source: z.enum(["shop", "footer", "page"]).catch("page"),
});

/** Confirmation tokens are 43 base64url characters; anything else is no token of ours. */
export const confirmTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** Unsubscribe tokens: the subscriber's id, a dot, and the 43-character signature. */
export const unsubscribeTokenSchema = z.string().regex(/^\d{1,10}\.[A-Za-z0-9_-]{43}$/);

const atMost = field("wishlist.domain.maxChars");
/** A field that may be left empty: null when it is. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, atMost)
    .optional()
    .transform((s) => s || null);

/**
 * The back office's compose form: the English newsletter, and its Spanish if the administrator writes one
 * (subject and message both, or neither), which subscribers whose language is Spanish get instead.
 */
export const campaignSchema = z
  .object({
    subject: z.string().trim().min(1, field("newsletter.domain.subjectRequired")).max(MAX_SUBJECT, atMost),
    body: z.string().trim().min(1, field("newsletter.domain.bodyRequired")).max(MAX_BODY, atMost),
    subjectEs: optionalText(MAX_SUBJECT),
    bodyEs: optionalText(MAX_BODY),
  })
  .superRefine((v, ctx) => {
    if (v.bodyEs && !v.subjectEs) ctx.addIssue({ code: "custom", path: ["subjectEs"], message: field("newsletter.domain.spanishSubjectRequired") });
    if (v.subjectEs && !v.bodyEs) ctx.addIssue({ code: "custom", path: ["bodyEs"], message: field("newsletter.domain.spanishBodyRequired") });
  })
  .transform(({ subject, body, subjectEs, bodyEs }): CampaignInput => ({ subject, body, spanish: subjectEs && bodyEs ? { subject: subjectEs, body: bodyEs } : null }));

/** A newsletter to send, and its Spanish (null or left out: everyone gets the English). */
export interface CampaignInput {
  subject: string;
  body: string;
  spanish?: { subject: string; body: string } | null;
}
