import { z } from "zod";
import { alertsField as field } from "./rules.ts";

/** An address as the store keeps it: trimmed, lower case. */
export const alertEmail = z
  .string({ error: field("account.error.emailRequired") })
  .trim()
  .toLowerCase()
  .min(1, field("account.error.emailRequired"))
  .max(254, field("account.error.invalidEmail"))
  .pipe(z.email(field("account.error.invalidEmail")));

/**
 * The product page's "Notify me" form. `variant`: the chosen variant's id, or empty for "any variant".
 * The address is read from the form only for guests; a signed-in shopper's comes from the session.
 */
export const notifyFormSchema = z.object({
  email: alertEmail,
  variant: z
    .string()
    .regex(/^\d{0,10}$/, field("shop.domain.notify.badOption"))
    // An id is a 32-bit integer: a bigger number names no variant, and must not reach the query.
    .refine((v) => v === "" || Number(v) <= 2_147_483_647, field("shop.domain.notify.badOption"))
    .optional()
    .transform((v) => (v ? Number(v) : null)),
});
export type NotifyForm = z.infer<typeof notifyFormSchema>;

/** Stop tokens are 43 base64url characters (32 random bytes); anything else is no token of ours. */
export const stopTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
