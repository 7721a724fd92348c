import { z } from "zod";
import { fieldTextsOf } from "../shared/text.ts";
import { DISPLAY_CURRENCIES, FOREIGN_CURRENCIES, formatRate, MAX_RATE_MICROS, MIN_RATE_MICROS, parseRate } from "./rules.ts";

/** The back office's rate form and a shopper's currency choice. */

/** The texts of the checks: ids of the catalogue (texts/messages), worded by the doors; the range takes its limits as written. */
const field = fieldTextsOf({
  "currency.chooseError": [],
  "currency.domain.rateRequired": [],
  "currency.domain.rateExample": [],
  "currency.domain.rateDecimals": [],
  "currency.domain.rateRange": ["min", "max"],
});

/** The text a shopper's currency choice is refused with when it names no currency. */
export const CHOOSE_CURRENCY = field("currency.chooseError");

const currency = z.enum(FOREIGN_CURRENCIES, CHOOSE_CURRENCY);

const rate = z
  .string(field("currency.domain.rateRequired"))
  .trim()
  .min(1, field("currency.domain.rateRequired"))
  .max(20, field("currency.domain.rateExample"))
  .transform((text, ctx) => {
    const micros = parseRate(text);
    if (micros === null) {
      ctx.addIssue({ code: "custom", message: field("currency.domain.rateDecimals") });
      return z.NEVER;
    }
    if (micros < MIN_RATE_MICROS || micros > MAX_RATE_MICROS) {
      ctx.addIssue({ code: "custom", message: field("currency.domain.rateRange"), params: { min: formatRate(MIN_RATE_MICROS), max: formatRate(MAX_RATE_MICROS) } });
      return z.NEVER;
    }
    return micros;
  });

/** Set a currency's rate (units of it per US dollar), or clear it (the currency is then no longer offered). */
export const rateChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set"), currency, rate }),
  z.object({ intent: z.literal("clear"), currency }),
]);
export type RateChange = z.infer<typeof rateChangeSchema>;

/** A shopper's choice of the currency prices are shown in. Whether it is offered (has a rate) is checked against the rates. */
export const currencyChoiceSchema = z.enum(DISPLAY_CURRENCIES, CHOOSE_CURRENCY);
