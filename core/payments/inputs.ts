import { z } from "zod";
import { isExpired, passesLuhn } from "./rules.ts";

export const CARD_MESSAGES = {
  numberRequired: "Enter your card number.",
  numberInvalid: "Your card number is invalid.",
  expiryInvalid: "Enter the expiry date as MM/YY.",
  expired: "Your card has expired.",
  cvcInvalid: "Enter the 3 or 4 digit security code.",
} as const;

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
        .min(1, CARD_MESSAGES.numberRequired)
        .transform((s) => s.replace(/[\s-]/g, ""))
        .refine(passesLuhn, CARD_MESSAGES.numberInvalid),
      cardExpiry: z
        .string()
        .trim()
        .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, CARD_MESSAGES.expiryInvalid),
      cardCvc: z.string().trim().regex(/^\d{3,4}$/, CARD_MESSAGES.cvcInvalid),
    })
    .transform(({ cardNumber, cardExpiry, cardCvc }, ctx) => {
      const [m, y] = cardExpiry.split("/").map((p) => p.trim()) as [string, string];
      const expMonth = Number(m);
      const expYear = y.length === 2 ? 2000 + Number(y) : Number(y);
      if (isExpired(expMonth, expYear, now)) {
        ctx.addIssue({ code: "custom", path: ["cardExpiry"], message: CARD_MESSAGES.expired });
        return z.NEVER;
      }
      return { number: cardNumber, expMonth, expYear, cvc: cardCvc };
    });
}
