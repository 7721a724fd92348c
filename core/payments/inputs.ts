import { z } from "zod";
import { fieldTextsOf } from "../shared/text.ts";
import { isExpired, passesLuhn } from "./rules.ts";

/** The card form's field messages: ids of the catalogue (texts/messages, checkout.json). */
const field = fieldTextsOf({
  "checkout.domain.cardNumberRequired": [],
  "checkout.domain.cardNumberInvalid": [],
  "checkout.domain.cardExpiryInvalid": [],
  "checkout.domain.cardExpired": [],
  "checkout.domain.cardCvcInvalid": [],
});

/**
 * The card form of test mode: number (spaces and dashes allowed), expiry "MM/YY" (or MM/YYYY) and CVC.
 * The number is refused when it fails the Luhn check; a past expiry is refused. `now` is when it is checked.
 */
export function cardSchema(now: Date = new Date()) {
  return z
    .object({
      cardNumber: z
        .string()
        .trim()
        .min(1, field("checkout.domain.cardNumberRequired"))
        .transform((s) => s.replace(/[\s-]/g, ""))
        .refine(passesLuhn, field("checkout.domain.cardNumberInvalid")),
      cardExpiry: z
        .string()
        .trim()
        .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, field("checkout.domain.cardExpiryInvalid")),
      cardCvc: z.string().trim().regex(/^\d{3,4}$/, field("checkout.domain.cardCvcInvalid")),
    })
    .transform(({ cardNumber, cardExpiry, cardCvc }, ctx) => {
      const [m, y] = cardExpiry.split("/").map((p) => p.trim()) as [string, string];
      const expMonth = Number(m);
      const expYear = y.length === 2 ? 2000 + Number(y) : Number(y);
      if (isExpired(expMonth, expYear, now)) {
        ctx.addIssue({ code: "custom", path: ["cardExpiry"], message: field("checkout.domain.cardExpired") });
        return z.NEVER;
      }
      return { number: cardNumber, expMonth, expYear, cvc: cardCvc };
    });
}
