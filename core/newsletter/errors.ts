import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type NewsletterErrorCode = "newsletter.rate_limited" | "newsletter.bad_confirm_token" | "newsletter.bad_unsubscribe_token" | "newsletter.campaign_not_found";

export class NewsletterError extends errorsOf<NewsletterErrorCode>({
  "newsletter.rate_limited": 429,
  "newsletter.bad_confirm_token": 410,
  "newsletter.bad_unsubscribe_token": 400,
  "newsletter.campaign_not_found": 404,
}) {}

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const newsletterText = textsOf({
  "newsletter.message.tooManyRequests": [],
  "newsletter.message.badConfirmLink": [],
  "newsletter.message.badUnsubscribeLink": [],
  "newsletter.domain.campaignNotFound": [],
});

export const tooManyRequests = () => new NewsletterError("newsletter.rate_limited", newsletterText("newsletter.message.tooManyRequests"));
export const badConfirmToken = () => new NewsletterError("newsletter.bad_confirm_token", newsletterText("newsletter.message.badConfirmLink"));
export const badUnsubscribeToken = () => new NewsletterError("newsletter.bad_unsubscribe_token", newsletterText("newsletter.message.badUnsubscribeLink"));
export const campaignNotFound = () => new NewsletterError("newsletter.campaign_not_found", newsletterText("newsletter.domain.campaignNotFound"));
