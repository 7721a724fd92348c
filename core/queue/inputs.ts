import { z } from "zod";

/** A queue token as it travels (cookie, header): `id.signature`, both base64url. Verified by rules.verifyTicket. */
export const queueTokenSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{22,64}\.[A-Za-z0-9_-]{43}$/, "That place in line is not valid.");

const whole = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, `${what} must be a whole number.`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${what} must be between ${min} and ${max}.`).max(max, `${what} must be between ${min} and ${max}.`));

/** The back office's waiting-room fields: an empty capacity switches the room off (the other two keep defaults). */
export const queueFieldsSchema = z.object({
  queueCapacity: z.union([z.literal("").transform(() => null), whole(1, 100000, "Shoppers served at once")]),
  queueRatePerMinute: z.union([z.literal("").transform(() => 60), whole(1, 10000, "Admissions per minute")]),
  queueCheckoutMinutes: z.union([z.literal("").transform(() => 10), whole(1, 120, "Minutes to check out")]),
});
