import { z } from "zod";
import { MAX_BODY, MAX_SUBJECT, NEWSLETTER_MESSAGES as M } from "./rules.ts";

/** An address as the store keeps it: trimmed, lower case. */
export const newsletterEmail = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired)
  .max(254, M.invalidEmail)
  .pipe(z.email(M.invalidEmail));

/** The subscribe boxes' form. */
export const subscribeSchema = z.object({
  email: newsletterEmail,
  source: z.enum(["shop", "footer", "page"]).catch("page"),
});

/** Confirmation tokens are 43 base64url characters; anything else is no token of ours. */
export const confirmTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** Unsubscribe tokens: the subscriber's id, a dot, and the 43-character signature. */
export const unsubscribeTokenSchema = z.string().regex(/^\d{1,10}\.[A-Za-z0-9_-]{43}$/);

/** The back office's compose form. */
export const campaignSchema = z.object({
  subject: z.string().trim().min(1, M.subjectRequired).max(MAX_SUBJECT, `Please use at most ${MAX_SUBJECT} characters.`),
  body: z.string().trim().min(1, M.bodyRequired).max(MAX_BODY, `Please use at most ${MAX_BODY} characters.`),
});
export type CampaignInput = z.infer<typeof campaignSchema>;
