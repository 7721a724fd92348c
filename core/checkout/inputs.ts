import { z } from "zod";
import { CHECKOUT_MESSAGES } from "./rules.ts";


const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional().default("");

/** The billing form: full name and email required, address optional, country defaulting to US. */
export const billingSchema = z.object({
  fullName: z.string().trim().min(1, CHECKOUT_MESSAGES.nameRequired).max(120, "At most 120 characters."),
  email: z.string().trim().min(1, CHECKOUT_MESSAGES.emailRequired).max(254).pipe(z.email(CHECKOUT_MESSAGES.emailInvalid)),
  street: optional(200),
  city: optional(100),
  state: optional(100),
  zipCode: optional(20),
  country: z
    .string()
    .trim()
    .optional()
    .transform((c) => (c ? c.toUpperCase() : "US"))
    .pipe(z.string().regex(/^[A-Z]{2}$/, CHECKOUT_MESSAGES.countryInvalid)),
});
export type BillingInput = z.infer<typeof billingSchema>;

/** Made when the checkout page is rendered; one per attempt. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, "This checkout form has expired. Please try again.");
