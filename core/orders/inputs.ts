import { z } from "zod";
import { fieldTextsOf } from "../shared/text.ts";
import { ORDER_STATUSES } from "./rules.ts";

/** The order forms' field messages: ids of the catalogue (texts/messages, orders.json and admin.json). */
const field = fieldTextsOf({
  "orders.domain.notFound": [],
  "orders.domain.trackingRequired": [],
  "orders.domain.trackingFormat": [],
  "orders.domain.carrierRequired": [],
  "orders.domain.noteRequired": [],
  "orders.domain.noteMax": ["max"],
  "admin.domain.refundFormExpired": [],
  "orders.domain.refundAmountRequired": [],
  "orders.domain.refundAmountFormat": [],
  "orders.domain.refundAmountPositive": [],
  "orders.domain.refundUnits": [],
  "orders.domain.refundLinesRequired": [],
  "orders.domain.refundModeRequired": [],
});

/** Order ids are 12 random bytes, base64url (16 characters); anything else names no order. */
export const orderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/, field("orders.domain.notFound"));

/** The status filter of the order history: a status, or everything when absent or unknown. */
export const statusFilterSchema = z.enum(ORDER_STATUSES).nullable().catch(null);

/** The page of the order history, from 1; anything unreadable is the first page. */
export const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

/** A carrier's tracking number: letters, digits and dashes (spaces dropped), stored upper case. */
export const trackingNumberSchema = z
  .string({ error: field("orders.domain.trackingRequired") })
  .transform((s) => s.replace(/\s+/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]{6,40}$/, field("orders.domain.trackingFormat")));

/** A status change as an administrator asks for it (the admin screens post this). */
export const statusChangeSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("processing"), note: z.string().trim().max(500).optional() }),
  z.object({ status: z.literal("shipped"), trackingNumber: trackingNumberSchema, note: z.string().trim().max(500).optional() }),
  z.object({ status: z.literal("delivered"), note: z.string().trim().max(500).optional() }),
  z.object({ status: z.literal("cancelled"), note: z.string().trim().max(500).optional() }),
]);
export type StatusChange = z.infer<typeof statusChangeSchema>;

// ---------------------------------------------------------------------------------------------------
// The admin order screens.

/** The carriers the store ships with. */
export const CARRIERS = ["USPS", "UPS", "FedEx", "DHL"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const shipFormSchema = z.object({
  carrier: z.enum(CARRIERS, { error: field("orders.domain.carrierRequired") }),
  trackingNumber: trackingNumberSchema,
});

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)))
  .nullable()
  .catch(null);

/** The admin list's filters, read from the URL: anything unreadable is simply not a filter. */
export const adminOrderFilterSchema = z.object({
  status: z.enum([...ORDER_STATUSES, "completed"]).nullable().catch(null),
  q: z.string().trim().max(200).catch("").transform((s) => s || null),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AdminOrderFilter = z.infer<typeof adminOrderFilterSchema>;

export const orderNoteSchema = z.object({
  body: z
    .string({ error: field("orders.domain.noteRequired") })
    .trim()
    .min(1, field("orders.domain.noteRequired"))
    .max(2000, field("orders.domain.noteMax")),
});

/** A refund form's one-time key (rendered with the form): the same form sent twice refunds once. */
export const refundKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, field("admin.domain.refundFormExpired"));

/** "12.50" -> 1250 cents. */
const amountCents = z
  .string({ error: field("orders.domain.refundAmountRequired") })
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, field("orders.domain.refundAmountFormat"))
  .transform((s) => {
    const [whole, frac = ""] = s.split(".");
    return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  })
  .refine((c) => c > 0, field("orders.domain.refundAmountPositive"));

/**
 * A refund as the form sends it: the whole remaining amount, chosen lines (quantities per line, from the
 * fields qty_<line id>), or an amount; restock puts the refunded lines' units back in stock.
 */
export const refundFormSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("full"), key: refundKeySchema, restock: z.boolean() }),
  z.object({
    mode: z.literal("lines"),
    key: refundKeySchema,
    restock: z.boolean(),
    lines: z
      .array(z.object({ orderItemId: z.number().int().positive(), quantity: z.number().int().min(1, field("orders.domain.refundUnits")).max(999, field("orders.domain.refundUnits")) }))
      .min(1, field("orders.domain.refundLinesRequired")),
  }),
  z.object({ mode: z.literal("amount"), key: refundKeySchema, restock: z.literal(false), amountCents }),
], { error: (issue) => (issue.path?.[0] === "mode" || issue.code === "invalid_union" ? field("orders.domain.refundModeRequired") : undefined) });
export type RefundForm = z.infer<typeof refundFormSchema>;

/** Reads the refund form's fields (qty_<id> per line, amount, restock as a checkbox) into refundFormSchema. */
export function parseRefundForm(fields: Record<string, string>) {
  const lines: { orderItemId: number; quantity: number }[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const m = /^qty_(\d{1,9})$/.exec(name);
    if (!m || value.trim() === "" || value.trim() === "0") continue;
    lines.push({ orderItemId: Number(m[1]), quantity: /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : -1 });
  }
  const mode = fields.mode;
  return refundFormSchema.safeParse({
    mode,
    key: fields.key,
    restock: mode === "amount" ? false : fields.restock === "on" || fields.restock === "yes",
    lines,
    amountCents: fields.amount,
  });
}
