import { DomainError, type HttpStatus } from "../shared/errors.ts";

export type PaymentErrorCode = "payment.card_required" | "payment.refund_failed" | "payment.provider_unavailable" | "payment.webhook_invalid";

const STATUS = {
  "payment.card_required": 400,
  "payment.refund_failed": 409,
  "payment.provider_unavailable": 503,
  "payment.webhook_invalid": 400,
} as const satisfies Record<PaymentErrorCode, HttpStatus>;

export class PaymentError extends DomainError<PaymentErrorCode> {
  get status() {
    return STATUS[this.code];
  }
}
