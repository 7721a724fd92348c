import { z } from "zod";
import { EVENT_SOURCES, EVENT_TYPES } from "../../db/schema/analytics.ts";

/** One event as the store records it; no email or name has a field here. */
export const eventSchema = z.object({
  type: z.enum(EVENT_TYPES),
  occurredAt: z.date(),
  userId: z.string().max(100).nullable().default(null),
  sessionId: z.string().max(100).nullable().default(null),
  source: z.enum(EVENT_SOURCES).default("web"),
  path: z.string().max(300).nullable().default(null),
  productId: z.number().int().nullable().default(null),
  variantId: z.number().int().nullable().default(null),
  quantity: z.number().int().nullable().default(null),
  valueCents: z.number().int().nullable().default(null),
  query: z.string().max(100).nullable().default(null),
  resultCount: z.number().int().nullable().default(null),
  orderId: z.string().max(100).nullable().default(null),
});
export type AnalyticsEvent = z.infer<typeof eventSchema>;
export type EventInput = z.input<typeof eventSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));

export const DEFAULT_LEAD_TIME_DAYS = 14;
/** A supplier's lead time in whole days, 1 to 180. */
export const leadTimeSchema = z.coerce.number().int().min(1).max(180);

/**
 * The page's query: a tab, and a period or a custom range (from..to, at most 366 days, from not after to);
 * for the predictions, the lead time in days (anything else than 1..180 falls back to 14; the page says so).
 */
export const analyticsQuerySchema = z.object({
  tab: z.enum(["overview", "sales", "funnel", "products", "predictions"]).catch("overview"),
  period: z.enum(["7d", "30d", "90d", "custom"]).catch("30d"),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  leadTime: leadTimeSchema.catch(DEFAULT_LEAD_TIME_DAYS),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
