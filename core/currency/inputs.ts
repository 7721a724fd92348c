import { z } from "zod";
import { DISPLAY_CURRENCIES, FOREIGN_CURRENCIES, formatRate, MAX_RATE_MICROS, MIN_RATE_MICROS, parseRate } from "./rules.ts";

/** The back office's rate form and a shopper's currency choice. */

const currency = z.enum(FOREIGN_CURRENCIES, "Please choose a currency.");

const rate = z
  .string("Please enter a rate.")
  .trim()
  .min(1, "Please enter a rate.")
  .max(20, "Please enter a rate such as 0.92.")
  .transform((text, ctx) => {
    const micros = parseRate(text);
    if (micros === null) {
      ctx.addIssue({ code: "custom", message: "Please enter a rate such as 0.92 (at most six decimals)." });
      return z.NEVER;
    }
    if (micros < MIN_RATE_MICROS || micros > MAX_RATE_MICROS) {
      ctx.addIssue({ code: "custom", message: `The rate must be between ${formatRate(MIN_RATE_MICROS)} and ${formatRate(MAX_RATE_MICROS)}.` });
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
export const currencyChoiceSchema = z.enum(DISPLAY_CURRENCIES, "Please choose a currency.");
