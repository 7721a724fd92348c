import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type CatalogErrorCode =
  | "catalog.product_not_found"
  | "catalog.variant_not_found"
  | "catalog.changed"
  | "catalog.slug_taken"
  | "catalog.sku_taken"
  | "catalog.options_taken"
  | "catalog.unknown_art"
  | "catalog.variant_held";

export class CatalogError extends errorsOf<CatalogErrorCode>({
  "catalog.product_not_found": 404,
  "catalog.variant_not_found": 404,
  "catalog.changed": 409,
  "catalog.slug_taken": 409,
  "catalog.sku_taken": 409,
  "catalog.options_taken": 409,
  "catalog.unknown_art": 400,
  "catalog.variant_held": 409,
}) {}

/** What the product editor's refusals say: texts of the catalogue (texts/messages/<locale>/admin.json). */
export const catalogText = textsOf({
  "admin.domain.productGone": [],
  "admin.domain.variantGone": [],
  "admin.domain.productChanged": [],
  "admin.domain.productSlugTaken": [],
  "admin.domain.skuTaken": [],
  "admin.domain.optionsTaken": [],
  "admin.domain.unknownArt": [],
  "admin.domain.variantHeld": [],
});

export const productNotFound = () => new CatalogError("catalog.product_not_found", catalogText("admin.domain.productGone"));
export const variantNotFound = () => new CatalogError("catalog.variant_not_found", catalogText("admin.domain.variantGone"));
export const productChanged = () => new CatalogError("catalog.changed", catalogText("admin.domain.productChanged"));
