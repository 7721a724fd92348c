import { z } from "zod";

export const SHOP_PAGE_SIZE = 12;
export const SORTS = ["featured", "price-asc", "price-desc", "newest"] as const;
export type ShopSort = (typeof SORTS)[number];
export const CATEGORY_FILTERS = ["all", "apparel", "accessories", "music"] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

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

/** The canonical query string for a shop view: defaults left out, so each view has one URL. */
export function shopSearchParams(query: Partial<ShopQuery>): URLSearchParams {
  const out = new URLSearchParams();
  if (query.collection) out.set("collection", query.collection);
  if (query.category && query.category !== "all") out.set("category", query.category);
  if (query.q) out.set("q", query.q);
  if (query.sort && query.sort !== "featured") out.set("sort", query.sort);
  if (query.page && query.page > 1) out.set("page", String(query.page));
  return out;
}

export const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(120);
