// The newsletter module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code).
export { bodyHtml, bodyText, CAMPAIGN_BATCH_SIZE, newsletterField, ONE_CLICK_BODY, preferenceFor, SUBSCRIBE_THROTTLE } from "./rules.ts";
export { campaignSchema, confirmTokenSchema, subscribeSchema, unsubscribeTokenSchema, type CampaignInput } from "./inputs.ts";
export { NewsletterError } from "./errors.ts";
export { confirmationMail, newsletterMail, unsubscribeUrl } from "./mail.ts";
export { unsubscribeToken } from "./tokens.ts";
export { accountSubscription, findConfirmation, findUnsubscribeTarget, listCampaigns, listConfirmedSubscribers, subscriberCounts, type CampaignRow, type ConfirmedSubscriberRow, type SubscriberCounts } from "./queries.ts";
export { confirmSubscription, createCampaign, runCampaign, setAccountNewsletter, subscribe, unsubscribeWithToken, type NewsletterDeps } from "./commands.ts";
