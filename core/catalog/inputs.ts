import { z } from "zod";
import { CATEGORY_FILTERS, SORTS } from "./rules.ts";

/**
 * The shop's query string. Anything unreadable falls back to the default rather than failing:
 * a shared or hand-edited link still opens the shop.
 */
export const shopQuerySchema = z.object({
  category: z.enum(CATEGORY_FILTERS).catch("all"),
  sort: z.enum(SORTS).catch("featured"),
  q: z
    .string()
    .transform((s) => s.trim().replace(/\s+/g, " ").slice(0, 100))
    .catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  collection: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .catch(undefined),
});
export type ShopQuery = z.infer<typeof shopQuerySchema>;

export function parseShopQuery(params: URLSearchParams): ShopQuery {
  return shopQuerySchema.parse({
    category: params.get("category") ?? undefined,
    sort: params.get("sort") ?? undefined,
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
    collection: params.get("collection") ?? undefined,
  });
}

export const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(120);
