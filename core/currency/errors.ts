import { errorsOf } from "../shared/errors.ts";

export type CurrencyErrorCode = "currency.not_offered";

export class CurrencyError extends errorsOf<CurrencyErrorCode>({
  "currency.not_offered": 422,
}) {}

export const CURRENCY_MESSAGES = {
  notOffered: "That currency is not available. Please choose another.",
} as const;

export const notOffered = () => new CurrencyError("currency.not_offered", CURRENCY_MESSAGES.notOffered);
