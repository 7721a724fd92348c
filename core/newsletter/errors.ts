import { errorsOf } from "../shared/errors.ts";
import { NEWSLETTER_MESSAGES } from "./rules.ts";

export type NewsletterErrorCode = "newsletter.rate_limited" | "newsletter.bad_confirm_token" | "newsletter.bad_unsubscribe_token" | "newsletter.campaign_not_found";

export class NewsletterError extends errorsOf<NewsletterErrorCode>({
  "newsletter.rate_limited": 429,
  "newsletter.bad_confirm_token": 410,
  "newsletter.bad_unsubscribe_token": 400,
  "newsletter.campaign_not_found": 404,
}) {}

export const tooManyRequests = () => new NewsletterError("newsletter.rate_limited", NEWSLETTER_MESSAGES.tooManyRequests);
export const badConfirmToken = () => new NewsletterError("newsletter.bad_confirm_token", NEWSLETTER_MESSAGES.badConfirmLink);
export const badUnsubscribeToken = () => new NewsletterError("newsletter.bad_unsubscribe_token", NEWSLETTER_MESSAGES.badUnsubscribeLink);
export const campaignNotFound = () => new NewsletterError("newsletter.campaign_not_found", NEWSLETTER_MESSAGES.campaignNotFound);
