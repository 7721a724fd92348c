import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type PaymentErrorCode = "payment.card_required" | "payment.refund_failed" | "payment.provider_unavailable" | "payment.webhook_invalid";

export class PaymentError extends errorsOf<PaymentErrorCode>({
  "payment.card_required": 400,
  "payment.refund_failed": 409,
  "payment.provider_unavailable": 503,
  "payment.webhook_invalid": 400,
}) {}

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const paymentsText = textsOf({
  "checkout.cardMissing": [],
  "checkout.domain.noPaymentToRefund": [],
  "checkout.domain.refundExceedsPaid": [],
  "checkout.domain.webhookSignatureMissing": [],
  "checkout.domain.webhookSignatureInvalid": [],
});
