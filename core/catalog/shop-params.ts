/** The shop's parameters and their canonical URL: no zod, no database, so the browser can use them. */

export const SHOP_PAGE_SIZE = 12;
export const SORTS = ["featured", "price-asc", "price-desc", "newest"] as const;
export type ShopSort = (typeof SORTS)[number];
export const CATEGORY_FILTERS = ["all", "apparel", "accessories", "music"] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];


/** The canonical query string for a shop view: defaults left out, so each view has one URL. */
export function shopSearchParams(query: Partial<ShopQueryValues>): URLSearchParams {
  const out = new URLSearchParams();
  if (query.collection) out.set("collection", query.collection);
  if (query.category && query.category !== "all") out.set("category", query.category);
  if (query.q) out.set("q", query.q);
  if (query.sort && query.sort !== "featured") out.set("sort", query.sort);
  if (query.page && query.page > 1) out.set("page", String(query.page));
  return out;
}


export interface ShopQueryValues {
  category: CategoryFilter;
  sort: ShopSort;
  q: string;
  page: number;
  collection?: string | undefined;
}
