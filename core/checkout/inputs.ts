import { z } from "zod";
import { field } from "./rules.ts";


const optional = (max: number) => z.string().trim().max(max, field("checkout.domain.maxChars")).optional().default("");

/** The billing form: full name and email required, address optional, country defaulting to US. */
export const billingSchema = z.object({
  fullName: z.string().trim().min(1, field("checkout.domain.nameRequired")).max(120, field("checkout.domain.maxChars")),
  email: z.string().trim().min(1, field("checkout.domain.emailRequired")).max(254).pipe(z.email(field("checkout.domain.emailInvalid"))),
  street: optional(200),
  city: optional(100),
  state: optional(100),
  zipCode: optional(20),
  country: z
    .string()
    .trim()
    .optional()
    .transform((c) => (c ? c.toUpperCase() : "US"))
    .pipe(z.string().regex(/^[A-Z]{2}$/, field("checkout.domain.countryInvalid"))),
});
export type BillingInput = z.infer<typeof billingSchema>;

/** Made when the checkout page is rendered; one per attempt. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, field("checkout.domain.formExpired"));
