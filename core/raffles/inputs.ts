import { z } from "zod";
import { storeLocalToInstant } from "../shared/dates.ts";
import { CLAIM_HOURS, rafflesField as field } from "./rules.ts";

/** A New York wall-clock moment from a datetime-local field (seconds optional), as the timed release's field. */
const storeMoment = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, message)
    .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100 && !Number.isNaN(storeLocalToInstant(v).getTime()), message)
    .transform(storeLocalToInstant);

/** The back office's raffle form: the entry window in New York time and the hours a winner has to buy. */
export const raffleFormSchema = z
  .object({
    opensAt: storeMoment(field("shop.domain.raffle.opensRequired")),
    closesAt: storeMoment(field("shop.domain.raffle.closesRequired")),
    claimHours: z
      .string({ error: field("shop.domain.raffle.claimHours") })
      .trim()
      .regex(/^\d{1,3}$/, field("shop.domain.raffle.claimHours"))
      .transform(Number)
      .pipe(z.number().int().min(CLAIM_HOURS.min, field("shop.domain.raffle.claimHours")).max(CLAIM_HOURS.max, field("shop.domain.raffle.claimHours"))),
  })
  .refine((f) => f.closesAt > f.opensAt, { path: ["closesAt"], message: field("shop.domain.raffle.windowOrder") });
export type RaffleForm = z.infer<typeof raffleFormSchema>;

/** The product page's entry form: the variant (size) wanted. */
export const entryFormSchema = z.object({
  variant: z
    .string({ error: field("shop.domain.raffle.chooseSize") })
    .regex(/^\d{1,10}$/, field("shop.domain.raffle.chooseSize"))
    .refine((v) => Number(v) <= 2_147_483_647, field("shop.domain.raffle.chooseSize"))
    .transform(Number),
});

/** Claim tokens are 43 base64url characters (32 random bytes); anything else is no token of ours. */
export const claimTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
