// The catalog module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { artUrl, averageRating, CATEGORY_FILTERS, lowStockThreshold, makeSku, optionValues, originalPriceCents, searchDocument, SHOP_PAGE_SIZE, SORTS, starParts, stockLabel } from "./rules.ts";
export {
  adminProductQuerySchema,
  newVariantSchema,
  parseShopQuery,
  shopQuerySchema,
  PRODUCT_LIST_PAGE_SIZE,
  productFormInput,
  productFormSchema,
  slugSchema,
  variantEditSchema,
  variantFormInput,
  versionSchema,
  type AdminProductQuery,
  type NewVariantForm,
  type ProductForm,
  type VariantEditForm,
} from "./inputs.ts";
export { listProductSlugs, type ProductSummary } from "./queries.ts";
export { listProducts } from "./shop.ts";
export { findRenamedProduct, getProductBySlug } from "./product-page.ts";
export { collectionTextColumns, listCollections } from "./collections.ts";
export { productReleaseAt, releaseMoments } from "./release.ts";
export { listProductsByIds } from "./queries.ts";
export { ART_KINDS, garmentSvg, isArtKind, type ArtKind } from "./art.ts";
export { CatalogError, catalogText, productChanged, productNotFound, variantNotFound } from "./errors.ts";
