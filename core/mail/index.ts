// The mail module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { listKeptMail, listOutbox, recipientLocale, type KeptMail } from "./queries.ts";
export { claimMail, failMail, finishMail, queueMail, type OutboxRow } from "./commands.ts";
export { escapeHtml, MAIL_BANNER, mailButton, mailPage, mailParagraph } from "./layout.ts";
export { footerLine, MAIL_KINDS, type EmailSwitch, type MailKind, type MailRule } from "./kinds.ts";
export { mailColor, mailT, mailText, mailUrl, type MailMessageId } from "./intl.ts";
export {
  orderCancelledMail,
  orderConfirmationMail,
  orderDeliveredMail,
  orderRefundedMail,
  orderShippedMail,
  paymentRefundedMail,
  resetPasswordMail,
  verificationMail,
  type Mail,
  type MailAttachment,
  type MailOrderActions,
  type OrderForMail,
} from "./templates.ts";
