// The catalog module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { artUrl, averageRating, lowStockThreshold, makeSku, optionValues, searchDocument, SHOP_PAGE_SIZE, starParts } from "./rules.ts";
export { parseShopQuery, slugSchema } from "./inputs.ts";
export { getProductBySlug, listCollections, listProducts, listProductSlugs, type ProductSummary } from "./queries.ts";
export { garmentSvg, isArtKind } from "./art.ts";
