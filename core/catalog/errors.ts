import { MEDIA_MESSAGES } from "../media/index.ts";
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

/** The same refusals' English, for the tests that name it (texts/messages/en/admin.json has these words). */
export const CATALOG_MESSAGES = {
  productNotFound: MEDIA_MESSAGES.productNotFound,
  variantNotFound: "This variant no longer exists.",
  /** A product's details, variants and photos share one version, and one answer when a save is stale. */
  changed: MEDIA_MESSAGES.staleVersion,
  slugTaken: "Another product already uses this slug.",
  skuTaken: "Another variant already uses this SKU.",
  optionsTaken: "This product already has a variant with this size and colour.",
  unknownArt: "Choose one of the drawings offered.",
  variantHeld: "Units of this variant are held for checkouts in progress; try again once they finish.",
} as const;

export const productNotFound = () => new CatalogError("catalog.product_not_found", catalogText("admin.domain.productGone"));
export const variantNotFound = () => new CatalogError("catalog.variant_not_found", catalogText("admin.domain.variantGone"));
export const productChanged = () => new CatalogError("catalog.changed", catalogText("admin.domain.productChanged"));
