import { errorsOf } from "../shared/errors.ts";

export type PaymentErrorCode = "payment.card_required" | "payment.refund_failed" | "payment.provider_unavailable" | "payment.webhook_invalid";

export class PaymentError extends errorsOf<PaymentErrorCode>({
  "payment.card_required": 400,
  "payment.refund_failed": 409,
  "payment.provider_unavailable": 503,
  "payment.webhook_invalid": 400,
}) {}
