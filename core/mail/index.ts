export { claimMail, failMail, finishMail, queueMail, type OutboxRow } from "./commands.ts";
export { listOutbox, type OutboxMail } from "./queries.ts";
export {
  orderConfirmationMail,
  paymentRefundedMail,
  resetPasswordMail,
  verificationMail,
  type Mail,
  type ReceiptForMail,
} from "./templates.ts";
