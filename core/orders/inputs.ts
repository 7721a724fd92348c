import { z } from "zod";
import { ORDER_STATUSES } from "./rules.ts";

/** Order ids are 12 random bytes, base64url (16 characters); anything else names no order. */
export const orderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/, "That order was not found.");

/** The status filter of the order history: a status, or everything when absent or unknown. */
export const statusFilterSchema = z.enum(ORDER_STATUSES).nullable().catch(null);

/** The page of the order history, from 1; anything unreadable is the first page. */
export const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

/** A carrier's tracking number: letters, digits and dashes (spaces dropped), stored upper case. */
export const trackingNumberSchema = z
  .string({ error: "Enter the tracking number." })
  .transform((s) => s.replace(/\s+/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]{6,40}$/, "Enter a tracking number of 6 to 40 letters, digits or dashes."));

/** A status change as an administrator asks for it (the admin screens post this). */
export const statusChangeSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("processing"), note: z.string().trim().max(500).optional() }),
  z.object({ status: z.literal("shipped"), trackingNumber: trackingNumberSchema, note: z.string().trim().max(500).optional() }),
  z.object({ status: z.literal("delivered"), note: z.string().trim().max(500).optional() }),
  z.object({ status: z.literal("cancelled"), note: z.string().trim().max(500).optional() }),
]);
export type StatusChange = z.infer<typeof statusChangeSchema>;
