import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type CurrencyErrorCode = "currency.not_offered";

export class CurrencyError extends errorsOf<CurrencyErrorCode>({
  "currency.not_offered": 422,
}) {}

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const currencyText = textsOf({
  "currency.domain.notOffered": [],
});

export const notOffered = () => new CurrencyError("currency.not_offered", currencyText("currency.domain.notOffered"));
