import { DomainError } from "../shared/errors.ts";

export type PaymentErrorCode = "payment.card_required" | "payment.refund_failed" | "payment.provider_unavailable" | "payment.webhook_invalid";

export class PaymentError extends DomainError<PaymentErrorCode> {}
